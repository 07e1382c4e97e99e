import AcceptanceCore

extension FieldValidator: NameFieldValidating {
  /// Forwards the Return to the field, as AcceptanceCore's wiring of `textFieldShouldReturn(_:)`
  /// does: the validator judges it (a Return that confirmed a candidate is not a submission) and
  /// keeps what it did in `lastSubmitOutcome`.
  public func returnPressed() -> SubmitOutcome? {
    field.send(.returnKey)
    return lastSubmitOutcome
  }
}
