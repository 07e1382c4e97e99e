/// What a submission must do.
public enum ExpectedSubmission: Hashable, Sendable, CustomStringConvertible {
  /// Submitted, with exactly this text.
  case accepted(String)
  /// Submitted with exactly this text, or a tap on a button still disabled that did nothing: after a
  /// commit no event announced, the form cannot have enabled its button, and a disabled `UIButton`
  /// ignores the tap (``Submission/ignoredDisabled``); what it must never do is refuse a valid text
  /// it was asked to submit, or send another.
  case acceptedUnlessDisabled(String)
  /// Refused because text is being composed.
  case refusedComposing
  /// Refused because the committed text is invalid or unfinished.
  case refusedInvalid
  /// Anything but a submission: refused either way, or a Return the app did not treat as one (the
  /// Return that confirmed a candidate).
  case notAccepted

  /// Whether `seen` (`nil`: the step made no submission) and what the app `sent` during the step
  /// satisfy the expectation: an acceptance is the text said *and* that text sent, once, each with
  /// exactly the expected Unicode scalars (``Swift/String/hasSameScalars(as:)``); anything else sends
  /// nothing. A submission the subject does not report (``Submission/unreported``) is judged by what
  /// was sent alone; a tap a disabled button ignored (``Submission/ignoredDisabled``) is a refusal.
  public func isSatisfied(by seen: Submission?, sent: [String]) -> Bool {
    // Scalar by scalar: the text submitted and sent must be the user's code points, not an equivalent.
    func sentOnce(_ text: String) -> Bool { sent.count == 1 && sent[0].hasSameScalars(as: text) }
    switch (self, seen) {
    case (.accepted(let text), .accepted(let seenText)?),
      (.acceptedUnlessDisabled(let text), .accepted(let seenText)?):
      return text.hasSameScalars(as: seenText) && sentOnce(text)
    case (.accepted(let text), .unreported?), (.acceptedUnlessDisabled(let text), .unreported?):
      return sentOnce(text)
    case (.acceptedUnlessDisabled, .ignoredDisabled?): return sent.isEmpty
    case (.accepted, _), (.acceptedUnlessDisabled, _): return false
    case (.refusedComposing, .refusedComposing?), (.refusedInvalid, .refusedInvalid?): return sent.isEmpty
    case (_, .ignoredDisabled?), (_, .unreported?): return sent.isEmpty
    case (.notAccepted, .accepted?): return false
    case (.notAccepted, _): return sent.isEmpty
    default: return false
    }
  }

  /// The text an acceptance sends, `nil` for a refusal.
  var acceptedText: String? {
    switch self {
    case .accepted(let text), .acceptedUnlessDisabled(let text): text
    default: nil
    }
  }

  /// What must have been sent, for failure messages: ` ("张伟" sent)` or ` (nothing sent)`.
  public var sentDescription: String {
    switch self {
    case .accepted(let text): " (\"\(text)\" sent)"
    case .acceptedUnlessDisabled(let text): " (\"\(text)\" sent, or nothing by a disabled button)"
    default: " (nothing sent)"
    }
  }

  /// `accepted "张伟"`, `accepted "张伟" unless the button was disabled`, `refused while composing`,
  /// `refused as invalid`, `not submitted`.
  public var description: String {
    switch self {
    case .accepted(let text): "accepted \"\(text)\""
    case .acceptedUnlessDisabled(let text): "accepted \"\(text)\" unless the button was disabled"
    case .refusedComposing: "refused while composing"
    case .refusedInvalid: "refused as invalid"
    case .notAccepted: "not submitted"
    }
  }
}

extension ExpectedSubmission: Codable {
  enum CodingKeys: String, CodingKey { case outcome, text }

  /// Decodes `{"outcome": "accepted", "text": "张伟"}` and the like.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    switch try container.decode(String.self, forKey: .outcome) {
    case "accepted": self = .accepted(try container.decode(String.self, forKey: .text))
    case "accepted-unless-disabled":
      self = .acceptedUnlessDisabled(try container.decode(String.self, forKey: .text))
    case "refused-composing": self = .refusedComposing
    case "refused-invalid": self = .refusedInvalid
    case "not-accepted": self = .notAccepted
    case let other:
      throw DecodingError.dataCorruptedError(
        forKey: .outcome, in: container,
        debugDescription:
          "unknown submission outcome '\(other)'; expected accepted, accepted-unless-disabled, not-accepted, "
          + "refused-composing or refused-invalid"
      )
    }
  }

  /// Encodes the outcome (and the text of an acceptance).
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    switch self {
    case .accepted(let text):
      try container.encode("accepted", forKey: .outcome)
      try container.encode(text, forKey: .text)
    case .acceptedUnlessDisabled(let text):
      try container.encode("accepted-unless-disabled", forKey: .outcome)
      try container.encode(text, forKey: .text)
    case .refusedComposing: try container.encode("refused-composing", forKey: .outcome)
    case .refusedInvalid: try container.encode("refused-invalid", forKey: .outcome)
    case .notAccepted: try container.encode("not-accepted", forKey: .outcome)
    }
  }
}
