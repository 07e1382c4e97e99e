import AcceptanceCore
import QAPassHarness

/// What the field and the validator looked like after one driver action, for traces of failures.
///
/// The text is the test recipe's or the sample's, never user data.
public struct DriverStep: Hashable, Sendable {
  /// What happened: a key in recipe spelling (`z`, `{Return}`), or an action such as `paste`,
  /// `commit (focus-out)`, `deleteBackward`, `submit via button`.
  public var action: String
  /// The field's whole text, marked text included.
  public var text: String
  /// The marked range, or `nil` when nothing is being composed.
  public var markedRange: TextRange?
  /// The selection.
  public var selection: TextRange
  /// The events delivered to the validator, in order.
  public var events: [TextFieldEvent]
  /// The validator's message, or `nil`.
  public var message: String?
  /// Whether the submit button is enabled.
  public var isSubmitEnabled: Bool
  /// The validator's phase.
  public var phase: FieldPhase
  /// The outcome of a submission made by this action, if any.
  public var submitOutcome: SubmitOutcome?
  /// Structural problems of the field after this action (empty when healthy).
  public var invariantViolations: [TextFieldModel.InvariantViolation]
  /// The field operations, events and submissions of this action, in order (what a scenario
  /// pack replays).
  public var actions: [FieldAction] = []

  /// Whether marked text is present.
  public var isComposing: Bool { markedRange != nil }
}

extension SubmitOutcome {
  /// `accepted`, `refused (composing)` or `refused (invalid)`, without the submitted text.
  public var label: String {
    switch self {
    case .accepted: "accepted"
    case .refusedComposing: "refused (composing)"
    case .refusedInvalid: "refused (invalid)"
    }
  }
}
