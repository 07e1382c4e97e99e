import AcceptanceCore

extension SubmitTrigger {
  /// The submission paths C3 probes, in plan order.
  static let planned: [SubmitTrigger] = [.button, .returnKey, .programmatic]

  /// The path's segment in item ids and its `submit_path` configuration value: `button`, `return` or
  /// `programmatic`.
  package var segment: String {
    switch self {
    case .button: "button"
    case .returnKey: "return"
    case .programmatic: "programmatic"
    }
  }
}
