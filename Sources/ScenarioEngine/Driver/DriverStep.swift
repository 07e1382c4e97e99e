import AcceptanceCore
import QAPassHarness

/// What the field and the validator looked like after one driver action, for traces of failures.
///
/// The text is the test recipe's or the sample's, never user data.
package struct DriverStep: Hashable, Sendable {
  /// What happened: a key in recipe spelling (`z`, `{Return}`), or an action such as `paste`,
  /// `commit (focus-out)`, `deleteBackward`, `submit via button`.
  package var action: String
  /// The field's whole text, marked text included.
  package var text: String
  /// The marked range, or `nil` when nothing is being composed.
  package var markedRange: TextRange?
  /// The selection.
  package var selection: TextRange
  /// The events delivered to the validator, in order.
  package var events: [TextFieldEvent]
  /// The validator's message, or `nil`.
  package var message: String?
  /// Whether the submit button is enabled.
  package var isSubmitEnabled: Bool
  /// The validator's phase.
  package var phase: FieldPhase
  /// The outcome of a submission made by this action, if any.
  package var submitOutcome: SubmitOutcome?
  /// Structural problems of the field after this action (empty when healthy).
  package var invariantViolations: [TextFieldModel.InvariantViolation]
  /// The field operations, events and submissions of this action, in order (what a scenario
  /// pack replays).
  package var actions: [FieldAction] = []

  /// Whether marked text is present.
  package var isComposing: Bool { markedRange != nil }
}

extension SubmitOutcome {
  /// `accepted`, `refused (composing)` or `refused (invalid)`, without the submitted text.
  package var label: String {
    switch self {
    case .accepted: "accepted"
    case .refusedComposing: "refused (composing)"
    case .refusedInvalid: "refused (invalid)"
    }
  }
}
