/// The replay of a composition item: the field under test, then steps of operations and events,
/// each followed by the observable state it must leave.
public struct CompositionScript: Codable, Hashable, Sendable {
  /// The field the item types into.
  public var field: PackField
  /// The steps, in order.
  public var steps: [CompositionStep]

  /// Creates a script.
  public init(field: PackField, steps: [CompositionStep]) {
    self.field = field
    self.steps = steps
  }
}

/// The form field an item is about, as the matrix declares it.
public struct PackField: Codable, Hashable, Sendable {
  /// The field's id in the matrix, such as `full-name`.
  public var id: String
  /// Its label.
  public var label: String
  /// Its rules in order, by matrix name (`required`, `han-name`, `korean-name`, `regex:^…$`).
  public var rules: [String]

  /// Creates a field description.
  public init(id: String, label: String, rules: [String]) {
    self.id = id
    self.label = label
    self.rules = rules
  }
}

/// One step of a composition script: what happens, and what must be seen afterwards.
public struct CompositionStep: Codable, Hashable, Sendable {
  /// A short label for reports: the key typed (`key 3 'a'`), `commit (focus-out)`, `paste`, ….
  public var label: String
  /// The operations and events, in order.
  public var actions: [FieldAction]
  /// The observable state after the actions; members left out are not checked.
  public var expect: FieldExpectation
  /// The reference field's marked range after the step (for traces; not checked).
  public var marked: PackRange?
  /// The reference field's selection after the step (for traces; not checked).
  public var selection: PackRange

  /// Creates a step.
  public init(
    label: String, actions: [FieldAction], expect: FieldExpectation, marked: PackRange?, selection: PackRange
  ) {
    self.label = label
    self.actions = actions
    self.expect = expect
    self.marked = marked
    self.selection = selection
  }
}

/// The observable state a step must leave; `nil` members are not checked.
public struct FieldExpectation: Codable, Hashable, Sendable {
  /// The field's whole text, marked text included.
  public var text: String?
  /// Whether a validation message is visible.
  public var messageShown: Bool?
  /// Whether the submit button is enabled.
  public var submitEnabled: Bool?
  /// What the step's last submission (a submit action or a Return) must have done.
  public var submission: ExpectedSubmission?
  /// Why these expectations hold, for failure messages: `oracle: han-name says invalid`.
  public var reason: String?

  /// Creates an expectation.
  public init(
    text: String? = nil, messageShown: Bool? = nil, submitEnabled: Bool? = nil,
    submission: ExpectedSubmission? = nil, reason: String? = nil
  ) {
    self.text = text
    self.messageShown = messageShown
    self.submitEnabled = submitEnabled
    self.submission = submission
    self.reason = reason
  }

  /// Whether nothing is checked.
  public var isEmpty: Bool {
    text == nil && messageShown == nil && submitEnabled == nil && submission == nil
  }
}

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

  /// Whether `seen` (`nil`: the step made no submission) satisfies the expectation.
  public func isSatisfied(by seen: Submission?) -> Bool {
    switch (self, seen) {
    case (.accepted(let text), .accepted(let seenText)?): text == seenText
    case (.refusedComposing, .refusedComposing?), (.refusedInvalid, .refusedInvalid?): true
    case (.notAccepted, .accepted?): false
    case (.notAccepted, _): true
    default: false
    }
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
