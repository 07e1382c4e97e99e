/// What a submission must do.
public enum ExpectedSubmission: Hashable, Sendable, CustomStringConvertible {
  /// Submitted, with exactly this text.
  case accepted(String)
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
  /// nothing.
  public func isSatisfied(by seen: Submission?, sent: [String]) -> Bool {
    switch (self, seen) {
    // Scalar by scalar: the text submitted and sent must be the user's code points, not an equivalent.
    case (.accepted(let text), .accepted(let seenText)?):
      text.hasSameScalars(as: seenText) && sent.count == 1 && sent[0].hasSameScalars(as: text)
    case (.refusedComposing, .refusedComposing?), (.refusedInvalid, .refusedInvalid?): sent.isEmpty
    case (.notAccepted, .accepted?): false
    case (.notAccepted, _): sent.isEmpty
    default: false
    }
  }

  /// What must have been sent, for failure messages: ` ("张伟" sent)` or ` (nothing sent)`.
  public var sentDescription: String {
    if case .accepted(let text) = self { return " (\"\(text)\" sent)" }
    return " (nothing sent)"
  }

  /// `accepted "张伟"`, `refused while composing`, `refused as invalid`, `not submitted`.
  public var description: String {
    switch self {
    case .accepted(let text): "accepted \"\(text)\""
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
    case "refused-composing": self = .refusedComposing
    case "refused-invalid": self = .refusedInvalid
    case "not-accepted": self = .notAccepted
    case let other:
      throw DecodingError.dataCorruptedError(
        forKey: .outcome, in: container,
        debugDescription:
          "unknown submission outcome '\(other)'; expected accepted, not-accepted, refused-composing or refused-invalid"
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
    case .refusedComposing: try container.encode("refused-composing", forKey: .outcome)
    case .refusedInvalid: try container.encode("refused-invalid", forKey: .outcome)
    case .notAccepted: try container.encode("not-accepted", forKey: .outcome)
    }
  }
}
