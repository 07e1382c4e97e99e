// Module QAPassHarness: replays a qapass scenario pack against a team's own code.
//
// Pure Swift (Foundation for JSON only): no C library, no input-method engine, no YAML. It builds
// for Linux, macOS and iOS, so an app's test target can depend on it.
//
// - `ScenarioPack`: the versioned, fingerprinted JSON a `qapass export-scenarios` run writes; each
//   `PackItem` is a composition script (field operations and events with the expected observable
//   state after each step) or a save-flow script (taps, save completions, engine resets,
//   background and foreground, with the expected play requests and visible result).
// - `CompositionSubject` and `SaveFlowSubject`: the two small protocols a team implements for its
//   own field wiring and save button; `HarnessSubject` makes them per item.
// - `PackRunner`: the one runner; stops an item at its first failing step and says what was
//   expected and what was seen.
// - `HarnessRun`: the results, written as JUnit XML or JSON (item ids preserved) for
//   `qapass pass --automated`.
