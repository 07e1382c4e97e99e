/// The message texts of one field: English defaults, overridable key by key.
///
/// Each field gets its own value, so two fields can word the same rule differently and an app
/// can pass localised strings (for example from a string catalog) for the keys it cares about.
///
/// ```swift
/// let messages = ValidationMessages(overrides: [.required: "请输入姓名"])
/// messages.text(for: .required)   // "请输入姓名"
/// messages.text(for: .emailInvalid)   // the English default
/// ```
public struct ValidationMessages: Hashable, Sendable {
  /// The texts that replace the defaults for this field.
  public var overrides: [MessageKey: String]

  /// Creates the messages of a field with the given overrides.
  public init(overrides: [MessageKey: String] = [:]) {
    self.overrides = overrides
  }

  /// The text shown for `key`: the override if any, else the English default, else the key.
  public func text(for key: MessageKey) -> String {
    overrides[key] ?? Self.englishDefaults[key] ?? key.rawValue
  }

  /// The English text of every built-in key.
  public static let englishDefaults: [MessageKey: String] = [
    .required: "This field is required.",
    .hanNameInvalidCharacter: "Use Chinese characters only.",
    .hanNameMisplacedSeparator: "A middle dot (·) may only separate two parts of the name.",
    .japaneseNameInvalidCharacter: "Use kanji, hiragana or katakana only.",
    .koreanNameInvalidCharacter: "Use Hangul only.",
    .koreanNameIncomplete: "Finish typing the last syllable.",
    .emailInvalid: "Enter a valid email address.",
    .patternMismatch: "The value has the wrong format.",
    .declaredInvalid: "This value is not accepted.",
    .declaredIncomplete: "Finish typing.",
  ]
}
