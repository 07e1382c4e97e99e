import AcceptanceCore

extension FieldValidator: NameFieldValidating {
  /// Forwards the Return to the field, as AcceptanceCore's wiring of `textFieldShouldReturn(_:)`
  /// does: the validator judges and submits (refused only while text is marked) and keeps what it
  /// did in `lastSubmitOutcome`.
  public func returnPressed() -> SubmitOutcome? {
    field.send(.returnKey)
    return lastSubmitOutcome
  }
}
