import AcceptanceCore

/// A validator that judges nothing: the exporter drives the reference field model with it, so
/// the field's text and ranges are computed while every expectation comes from the oracle.
final class PassiveValidator: FieldValidating {
  let field = TextFieldModel()
  let message: String? = nil
  let isSubmitEnabled = false
  let phase = FieldPhase.editing
  let lastSubmitOutcome: SubmitOutcome? = nil

  func textField(_ field: TextFieldModel, didReceive event: TextFieldEvent) {}

  func submit(via trigger: SubmitTrigger) -> SubmitOutcome { .refusedInvalid("") }

  func revalidate() {}
}
