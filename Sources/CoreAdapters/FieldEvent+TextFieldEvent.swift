import AcceptanceCore
import QAPassHarness

extension FieldEvent {
  /// The harness event for an AcceptanceCore event (the same five, by name).
  ///
  /// This switch is the one place the two vocabularies are matched; ``TextFieldEvent/init(_:)``
  /// inverts it.
  public init(_ event: TextFieldEvent) {
    switch event {
    case .editingDidBegin: self = .editingDidBegin
    case .editingChanged: self = .editingChanged
    case .editingDidEnd: self = .editingDidEnd
    case .selectionChanged: self = .selectionChanged
    case .returnKey: self = .returnKey
    }
  }
}

extension TextFieldEvent {
  /// The AcceptanceCore event for a harness event: the one ``FieldEvent/init(_:)`` maps to it.
  ///
  /// Every harness event has its core event (`PackReplayTests` round-trips all five both ways).
  public init(_ event: FieldEvent) {
    guard let match = Self.allCases.first(where: { FieldEvent($0) == event }) else {
      preconditionFailure("harness event '\(event.rawValue)' has no AcceptanceCore event")
    }
    self = match
  }
}
