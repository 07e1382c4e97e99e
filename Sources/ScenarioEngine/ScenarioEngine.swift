// Module ScenarioEngine: what qapass checks, and how it runs the automated part.
//
// - `InputMethodProfile`: how iOS presents a keyboard (marked text or in place, Return behaviour).
// - `CompositionDriver`: replays an engine `Trace` into an AcceptanceCore `TextFieldModel` as iOS
//   would, under a `DeliveryVariant`, recording `DriverStep`s.
// - `ScenarioCatalog`: the scenarios (`c1`–`c3`, `p1`, `haptic.*`, `m1`–`m3`, `h1`–`h5`, `v1`),
//   each with a text version.
// - `Plan.make(file:cellLimit:)`: the QA pass for a matrix file, rendered by `table()`, `json()` and
//   `markdown()` (the writers of `Writers.plan` in Reporting); `PlanExplanation` says what each
//   include, exclude and catalog fact did.
// - `AutomatedRun.run(_:subject:engines:)`: runs the automated items against the core or the naive
//   negative controls (`Subjects/`: `NaiveFieldValidator`, `NaiveSaveFlow`) into a `RunReport`
//   (`summaryText()`); its JSON and JUnit come from the report's writers (`Writers.runResults`).
//
// Output formats (JSON values, XML and Markdown escaping, aligned text tables) come from TextFormats.
