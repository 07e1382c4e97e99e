// Module QAPassHarness: replays a qapass scenario pack against a team's own code.
//
// Swift (Foundation for JSON only): no system C library, no input-method engine, no YAML; the one C is
// Digests' own SHA-256 block compression for CPUs with SHA instructions. It builds for Linux, macOS
// and iOS, so an app's test target can depend on it.
//
// - `ScenarioPack`: the versioned, fingerprinted JSON a `qapass export-scenarios` run writes; each
//   `PackItem` is a composition script (field operations and events with the expected observable
//   state after each step) or a save-flow script (taps, save completions, engine resets,
//   background and foreground, with the expected play requests and visible result; the flow plays
//   the app's own confirmation, and `haptic.contract` compares it with the matrix's).
// - `CompositionSubject` and `SaveFlowSubject`: the two small protocols a team implements for its
//   own field wiring and save button; `HarnessSubject` makes them per item, the first with a
//   `CompositionEnvironment` (the replay's `VirtualClock`, which the app's delayed work runs on, and
//   the `SubmissionRecorder` the app sends through), the second with a `SaveFlowEnvironment`.
// - `PackRunner`: the one runner; advances the clock, reads each step's checks after the team's
//   settle time, stops an item at its first failing step (p2 reports every one) and says what was
//   expected and what was seen, including what the app sent.
// - `HarnessRun`: the results, written as JUnit XML or JSON (item ids preserved) for
//   `qapass pass --automated`.
//
// An app's tests import this module alone: every type its public API speaks is declared here or
// re-exported below, so `result.status == .pass` compiles under Swift 6's MemberImportVisibility
// without importing a module that is not a product of the package.

// A result's `status` is qapass's one outcome vocabulary: the app sees that one type, not the rest
// of QAModel (a scoped re-export, as swift-collections' `Collections` re-exports its modules).
@_exported import enum QAModel.Outcome
