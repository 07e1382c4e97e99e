import AcceptanceCore

/// Deliberately naive business rules, the negative control for `p2` (the rules agree with the
/// oracle): what a quick implementation of each rule looks like.
///
/// | rule | the naive version |
/// | --- | --- |
/// | `required` | rejects only the empty text (a space passes) |
/// | `han-name` | only the CJK Unified Ideographs block U+4E00–9FFF, no middle dot (刘䶮 and 𠮷 fail) |
/// | `japanese-name` | kanji of U+4E00–9FFF and kana, no iteration marks (佐々木 fails) |
/// | `korean-name` | precomposed syllables only: a trailing lone jamo is invalid, not incomplete |
/// | `email` | anything with one ASCII `@` and a dot after it |
package struct NaiveRule: ValidationRule {
  /// The matrix rule name it stands in for.
  package var name: String

  /// The naive version of the rule named `name` (unknown names accept everything).
  package init(name: String) {
    self.name = name
  }

  /// Judges `text` the naive way.
  package func evaluate(_ text: String) -> RuleVerdict {
    let scalars = text.unicodeScalars
    switch name {
    case "required":
      return text.isEmpty ? .invalid(.required) : .valid
    case "han-name":
      return scalars.allSatisfy { (0x4E00...0x9FFF).contains($0.value) }
        ? .valid : .invalid(.hanNameInvalidCharacter)
    case "japanese-name":
      return scalars.allSatisfy {
        (0x4E00...0x9FFF).contains($0.value) || (0x3041...0x30FA).contains($0.value)
      }
        ? .valid : .invalid(.japaneseNameInvalidCharacter)
    case "korean-name":
      return scalars.allSatisfy { (0xAC00...0xD7A3).contains($0.value) }
        ? .valid : .invalid(.koreanNameInvalidCharacter)
    case "email":
      guard
        text.isEmpty
          || (text.filter { $0 == "@" }.count == 1 && text.split(separator: "@").last?.contains(".") == true)
      else { return .invalid(.emailInvalid) }
      return .valid
    default:
      return .valid
    }
  }
}
