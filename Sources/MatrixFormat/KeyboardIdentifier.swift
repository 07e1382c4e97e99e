import Diagnostics

/// The shape of an iOS `AppleKeyboards` identifier, and the identifiers qapass knows (``known``).
///
/// An identifier is `<language>[_<script or region>][-<mode>]@sw=<layout>[;hw=<hardware>]`, such as
/// `zh_Hans-Pinyin@sw=Pinyin-Simplified;hw=Automatic` or `ko_KR@sw=Korean;hw=Automatic`. Some guessed
/// identifiers seen in public code have the shape but are wrong (DOMAIN 3.3: one stopped the software
/// keyboard from loading); they are refused with the right one. An identifier of the right shape that
/// qapass does not know is a warning naming the nearest known one (``unknownWarning(for:)``).
///
/// ```swift
/// KeyboardIdentifier.problem(with: "ko_KR@sw=Korean - 2 Set")  // "… is not an iOS keyboard identifier …"
/// KeyboardIdentifier.problem(with: "ko_KR@sw=Korean;hw=Automatic")  // nil
/// ```
package enum KeyboardIdentifier {
  /// Guessed identifiers with the right shape that are wrong, and what to write instead (DOMAIN 3.3).
  package static let knownWrong = [
    "zh_Hans@sw=Pinyin-Simplified": "zh_Hans-Pinyin@sw=Pinyin-Simplified;hw=Automatic",
    "ja_JP@sw=Japanese-Kana": "ja_JP-Kana@sw=Kana;hw=Automatic",
  ]

  /// What is wrong with `identifier`, or `nil` when it has the shape of an iOS keyboard identifier.
  package static func problem(with identifier: String) -> String? {
    let bare = identifier.split(separator: ";", maxSplits: 1).first.map(String.init) ?? identifier
    if let right = knownWrong[bare] {
      return
        "keyboard '\(identifier)' is a guessed identifier iOS does not know (DOMAIN 3.3); write '\(right)'"
    }
    guard hasShape(identifier) else {
      let language = identifier.prefix { $0 != "@" && $0 != "-" }
      var hint = Suggestion.didYouMean(identifier, among: known)
      if hint.isEmpty,
        let same = known.first(where: { $0.hasPrefix(language + "@") || $0.hasPrefix(language + "-") })
      {
        hint = "; for this language, such as '\(same)'"
      }
      return "keyboard '\(identifier)' is not an iOS keyboard identifier; expected "
        + "'<language>[_<script>][-<mode>]@sw=<layout>[;hw=<hardware>]', such as "
        + "'zh_Hans-Pinyin@sw=Pinyin-Simplified;hw=Automatic'\(hint)"
    }
    return nil
  }

  /// Whether `identifier` reads `<language>[_<script>][-<mode>]@sw=<layout>[;hw=<hardware>]`, each part
  /// letters, digits and (in the mode, layout and hardware) hyphens.
  static func hasShape(_ identifier: String) -> Bool {
    let halves = identifier.split(separator: "@", maxSplits: 1, omittingEmptySubsequences: false)
    guard halves.count == 2 else { return false }
    func word(_ text: Substring, hyphens: Bool) -> Bool {
      !text.isEmpty
        && text.allSatisfy { ($0.isASCII && ($0.isLetter || $0.isNumber)) || (hyphens && $0 == "-") }
    }
    let locale = halves[0].split(separator: "-", maxSplits: 1, omittingEmptySubsequences: false)
    let languageParts = locale[0].split(separator: "_", omittingEmptySubsequences: false)
    guard (2...3).contains(languageParts[0].count),
      languageParts[0].allSatisfy({ $0.isASCII && $0.isLowercase }),
      languageParts.count <= 2, languageParts.dropFirst().allSatisfy({ word($0, hyphens: false) }),
      locale.count == 1 || word(locale[1], hyphens: true)
    else { return false }
    let settings = halves[1].split(separator: ";", omittingEmptySubsequences: false)
    guard settings.count <= 2, settings[0].hasPrefix("sw="), word(settings[0].dropFirst(3), hyphens: true)
    else { return false }
    return settings.count == 1
      || (settings[1].hasPrefix("hw=") && word(settings[1].dropFirst(3), hyphens: true))
  }
}
