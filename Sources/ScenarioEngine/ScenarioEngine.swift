// Module ScenarioEngine: input-method profiles, the composition driver, the scenario catalog, the
// plan (`Plan.make`) with its renderers, and the automated runner (`AutomatedRun.run`) with its
// JSON and JUnit writers. See README "Architecture".
