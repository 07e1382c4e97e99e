/// What a submission did, as the subject reports it.
public enum Submission: Hashable, Sendable, CustomStringConvertible {
  /// The form was submitted with this text.
  case accepted(String)
  /// Refused because text is still being composed (marked text present).
  case refusedComposing
  /// Refused because the committed text is invalid or unfinished.
  case refusedInvalid

  /// `accepted "张伟"`, `refused while composing`, `refused as invalid`.
  public var description: String {
    switch self {
    case .accepted(let text): "accepted \"\(text)\""
    case .refusedComposing: "refused while composing"
    case .refusedInvalid: "refused as invalid"
    }
  }

  /// The text of an acceptance, `nil` otherwise.
  var acceptedText: String? {
    if case .accepted(let text) = self { return text }
    return nil
  }
}
