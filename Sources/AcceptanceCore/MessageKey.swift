/// The stable identifier of a validation message; apps localise messages by key.
///
/// Keys are dotted lower-case names that never change once published, so that a string catalog
/// keyed on them keeps working. English defaults live in ``ValidationMessages/englishDefaults``.
public struct MessageKey: RawRepresentable, Hashable, Sendable, Comparable, CustomStringConvertible {
  /// The dotted key, such as `name.han.invalidCharacter`.
  public var rawValue: String

  /// Wraps a key; apps may define their own for custom rules.
  public init(rawValue: String) { self.rawValue = rawValue }

  /// Wraps a key given as a literal.
  public init(_ rawValue: String) { self.rawValue = rawValue }

  /// Orders keys by their dotted name, for stable listings.
  public static func < (lhs: MessageKey, rhs: MessageKey) -> Bool { lhs.rawValue < rhs.rawValue }

  /// The key itself.
  public var description: String { rawValue }

  /// The field is empty or only whitespace.
  public static let required = MessageKey("required")
  /// A Han-only name contains something that is not a Han ideograph or an allowed middle dot.
  public static let hanNameInvalidCharacter = MessageKey("name.han.invalidCharacter")
  /// A middle dot in a Han-only name is leading, trailing or doubled.
  public static let hanNameMisplacedSeparator = MessageKey("name.han.misplacedSeparator")
  /// A Japanese name contains something other than kanji, kana and the allowed marks.
  public static let japaneseNameInvalidCharacter = MessageKey("name.japanese.invalidCharacter")
  /// A Korean name contains something other than Hangul syllables.
  public static let koreanNameInvalidCharacter = MessageKey("name.korean.invalidCharacter")
  /// A Korean name ends with a lone jamo: the last syllable is still being typed.
  public static let koreanNameIncomplete = MessageKey("name.korean.incomplete")
  /// The text is not an email address accepted by ``EmailRule``.
  public static let emailInvalid = MessageKey("email.invalid")
  /// The text does not match a ``PatternRule``'s regular expression.
  public static let patternMismatch = MessageKey("pattern.mismatch")
  /// The team declared this text invalid (``DeclaredVerdictsRule``) and no rule refuses it.
  public static let declaredInvalid = MessageKey("declared.invalid")
  /// The team declared this text incomplete (``DeclaredVerdictsRule``): still being typed.
  public static let declaredIncomplete = MessageKey("declared.incomplete")
}
