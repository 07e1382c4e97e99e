/// The outcome of a business rule applied to committed text.
public enum RuleVerdict: Hashable, Sendable {
  /// The text satisfies the rule.
  case valid
  /// The text breaks the rule; the key names the message to show.
  case invalid(MessageKey)
  /// The text is unfinished but may become valid (a trailing lone Korean jamo): show nothing
  /// while editing, refuse submission with the key's message.
  case incomplete(MessageKey)

  /// The message key of a non-valid verdict.
  public var messageKey: MessageKey? {
    switch self {
    case .valid: nil
    case .invalid(let key), .incomplete(let key): key
    }
  }
}

/// A business rule on committed text, separate from the composition gate.
///
/// Rules never see marked text: the validator only evaluates them when composition has ended.
/// An empty text is valid for every rule except ``RequiredRule``, so optional fields compose.
public protocol ValidationRule: Sendable {
  /// Judges `text`.
  func evaluate(_ text: String) -> RuleVerdict
}

/// Several rules applied in order; the first verdict that is not ``RuleVerdict/valid`` wins.
///
/// ```swift
/// let rule = AllOfRule([RequiredRule(), HanNameRule()])
/// ```
public struct AllOfRule: ValidationRule {
  /// The rules, in evaluation order.
  public var rules: [any ValidationRule]

  /// Combines `rules`, evaluated in the given order.
  public init(_ rules: [any ValidationRule]) {
    self.rules = rules
  }

  /// The first non-valid verdict, or ``RuleVerdict/valid``.
  public func evaluate(_ text: String) -> RuleVerdict {
    for rule in rules {
      let verdict = rule.evaluate(text)
      if verdict != .valid { return verdict }
    }
    return .valid
  }
}

/// Rejects text that is empty or only whitespace (ideographic space U+3000 included).
///
/// Judged scalar by scalar (`White_Space`): a space carrying a combining accent is visible, not blank.
public struct RequiredRule: ValidationRule {
  /// Creates the rule.
  public init() {}

  /// ``RuleVerdict/invalid(_:)`` with ``MessageKey/required`` for blank text.
  public func evaluate(_ text: String) -> RuleVerdict {
    // Not `Character.isWhitespace`, which reads only a character's first scalar (" \u{301}" is one).
    text.unicodeScalars.allSatisfy(\.properties.isWhitespace) ? .invalid(.required) : .valid
  }
}
