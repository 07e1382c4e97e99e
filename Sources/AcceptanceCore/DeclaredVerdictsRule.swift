/// The team's own verdicts on the texts it lists, before any other rule: what a form decides for the
/// texts its matrix declares under a field's `samples:`.
///
/// A listed text takes its declared verdict; any other text is judged by the wrapped rule. Texts are
/// told apart scalar by scalar, never by canonical equivalence: 한 as one syllable and 한 spelt in three
/// conjoining jamo are two texts, as are 朗 U+F929 and 朗 U+6717. An `incomplete` text means what it means
/// for every rule: still being typed, so no message while editing and Save refused.
///
/// ```swift
/// let nickname = DeclaredVerdictsRule(
///   [("ㅂ", .incomplete), ("별빛", .valid)], otherwise: try PatternRule("^[가-힣]{2,16}$"))
/// nickname.evaluate("ㅂ")   // .incomplete(.declaredIncomplete): 별빛 is being typed
/// ```
public struct DeclaredVerdictsRule: ValidationRule {
  /// A declared verdict.
  public enum Declared: String, Hashable, Sendable, CaseIterable {
    /// Accepted.
    case valid
    /// Refused, with a message.
    case invalid
    /// Still being typed: no message while editing, refused on submission.
    case incomplete
  }

  /// The declared verdicts by the text's scalars; the first listing of a text counts.
  public let declared: [[Unicode.Scalar]: Declared]
  /// The rule for every other text.
  public let otherwise: any ValidationRule

  /// Declares `verdicts`, judging every other text with `rule`.
  public init(_ verdicts: [(text: String, verdict: Declared)], otherwise rule: any ValidationRule) {
    var declared: [[Unicode.Scalar]: Declared] = [:]
    for (text, verdict) in verdicts where declared[Array(text.unicodeScalars)] == nil {
      declared[Array(text.unicodeScalars)] = verdict
    }
    self.declared = declared
    otherwise = rule
  }

  /// The declared verdict of `text`, with the wrapped rule's message key where it refuses the text
  /// too; otherwise the wrapped rule's verdict.
  public func evaluate(_ text: String) -> RuleVerdict {
    let own = otherwise.evaluate(text)
    switch declared[Array(text.unicodeScalars)] {
    case nil: return own
    case .valid: return .valid
    case .invalid: return .invalid(own.messageKey ?? .declaredInvalid)
    case .incomplete:
      if case .incomplete(let key) = own { return .incomplete(key) }
      return .incomplete(.declaredIncomplete)
    }
  }
}
