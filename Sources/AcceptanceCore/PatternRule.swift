/// Accepts text that the whole of a regular expression matches; the pattern is compiled once,
/// at run time, when the rule is created.
///
/// Use it for formats such as postal codes. Prefer ``HanNameRule`` over `\p{Han}` patterns:
/// Swift Regex script data lags the stdlib's property data and `\p{Han}` (Script_Extensions)
/// also matches 、 and ・.
///
/// ```swift
/// let postcode = try PatternRule(#"\d{3}-\d{4}"#)
/// postcode.evaluate("100-0001")   // .valid
/// ```
public struct PatternRule: ValidationRule, @unchecked Sendable {
  // @unchecked: `Regex<AnyRegexOutput>` is not declared `Sendable` (its output type erases
  // captures), but the rule only ever reads this immutable value.
  private let regex: Regex<AnyRegexOutput>
  /// The pattern as given.
  public let pattern: String
  /// The message shown when the text does not match.
  public let messageKey: MessageKey

  /// Compiles `pattern`.
  ///
  /// - Parameters:
  ///   - pattern: A Swift Regex pattern matched against the whole text.
  ///   - messageKey: The message key for a mismatch; defaults to ``MessageKey/patternMismatch``.
  /// - Throws: ``PatternRuleError/invalidPattern(_:reason:)`` when the pattern does not compile.
  public init(_ pattern: String, messageKey: MessageKey = .patternMismatch) throws(PatternRuleError) {
    do {
      regex = try Regex(pattern)
    } catch {
      throw .invalidPattern(pattern, reason: String(describing: error))
    }
    self.pattern = pattern
    self.messageKey = messageKey
  }

  /// Judges `text`; empty text is valid (combine with ``RequiredRule``).
  public func evaluate(_ text: String) -> RuleVerdict {
    if text.isEmpty { return .valid }
    return text.wholeMatch(of: regex) != nil ? .valid : .invalid(messageKey)
  }
}

/// Why a ``PatternRule`` could not be created.
public enum PatternRuleError: Error, Hashable, Sendable, CustomStringConvertible {
  /// The pattern does not compile; `reason` is the Regex parser's explanation.
  case invalidPattern(String, reason: String)

  /// One sentence quoting the pattern.
  public var description: String {
    switch self {
    case .invalidPattern(let pattern, let reason):
      "invalid regular expression '\(pattern)': \(reason)"
    }
  }
}
