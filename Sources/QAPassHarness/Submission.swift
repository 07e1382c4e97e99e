/// What a submission did, as the subject reports it.
public enum Submission: Hashable, Sendable, CustomStringConvertible {
  /// The form was submitted with this text.
  case accepted(String)
  /// Refused because text is still being composed (marked text present).
  case refusedComposing
  /// Refused because the committed text is invalid or unfinished.
  case refusedInvalid
  /// The submit button was disabled, so the tap did nothing: UIKit sends no action from a disabled
  /// `UIButton`. Only a tap (``SubmitPath/button``) can be ignored so; the runner checks that the
  /// subject showed its button disabled (``CompositionSubject/isSubmitEnabled``) just before the tap.
  case ignoredDisabled
  /// The subject does not say what the app did (it has no way to know without asking the app's
  /// internals): the runner judges by what the app sent through its ``SubmissionRecorder``, the text
  /// sent being an acceptance of that text and nothing sent a refusal.
  case unreported

  /// `accepted "张伟"`, `refused while composing`, `refused as invalid`, `ignored: the button was
  /// disabled`, `not reported`.
  public var description: String {
    switch self {
    case .accepted(let text): "accepted \"\(text)\""
    case .refusedComposing: "refused while composing"
    case .refusedInvalid: "refused as invalid"
    case .ignoredDisabled: "ignored: the button was disabled, the tap did nothing"
    case .unreported: "not reported (judged by what was sent)"
    }
  }

  /// The text of an acceptance, `nil` otherwise.
  var acceptedText: String? {
    if case .accepted(let text) = self { return text }
    return nil
  }
}
