import AcceptanceCore
import QAPassHarness

extension FieldEvent {
  /// The harness event for an AcceptanceCore event (the same five, by name).
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
  /// The AcceptanceCore event for a harness event.
  public init(_ event: FieldEvent) {
    switch event {
    case .editingDidBegin: self = .editingDidBegin
    case .editingChanged: self = .editingChanged
    case .editingDidEnd: self = .editingDidEnd
    case .selectionChanged: self = .selectionChanged
    case .returnKey: self = .returnKey
    }
  }
}
