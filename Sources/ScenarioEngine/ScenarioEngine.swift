// Module ScenarioEngine: see README "Architecture".
