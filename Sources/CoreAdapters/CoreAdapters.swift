// Module CoreAdapters: AcceptanceCore as a QAPassHarness subject.
//
// - `FieldValidatingAdapter`: any `FieldValidating` (the core's `FieldValidator`, a naive control, an
//   app's own validator built on `TextFieldModel`) as a `CompositionSubject`.
// - `SaveFlowingAdapter`: any `SaveFlowing` as a `SaveFlowSubject`, saving through a
//   `HarnessSaver` and playing through a `HarnessHapticPlayer` (the harness's scripted saver and
//   recording player behind AcceptanceCore's `Saver` and `HapticPlayer`).
// - `ReferenceCoreSubject`: the core itself for a pack, fields built from the pack's rule names.
