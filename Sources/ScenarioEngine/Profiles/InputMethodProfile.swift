/// How iOS presents one keyboard to a text field, derived from its `AppleKeyboards` identifier.
///
/// Sources (DOMAIN.md): 1.2 (Chinese and Japanese keyboards compose in marked text; `text` includes
/// the marked pinyin letters or kana), 1.4 (the Korean keyboard rewrites the last syllable in place,
/// with no marked text), 1.5 (on Japanese keyboards Return reads 確定 while composing and confirms
/// instead of reaching the app), 6.3 and 6.6 (engine traces: zh-py and ko-han2 let Return through
/// after committing, Anthy consumes it). What iOS shows *inside* the marked text for pinyin (the
/// typed letters, `zhong`, not the highlighted candidate 中 that m17n's zh-py preedit shows) comes
/// from the 1.2 table; it, and every answer for an unknown language, is **inferred** and should be
/// confirmed on a device (DOMAIN 7).
///
/// ```swift
/// let profile = InputMethodProfile(keyboard: "ja_JP-Romaji@sw=QWERTY-Japanese;hw=Automatic")
/// profile.presentation                 // .markedText
/// profile.returnAfterCommitReachesApp  // false: Return is the 確定 key
/// ```
package struct InputMethodProfile: Hashable, Sendable {
  /// How composition reaches the field.
  package enum Presentation: String, Hashable, Sendable, CaseIterable {
    /// `setMarkedText` while composing, then a commit (Chinese, Japanese).
    case markedText = "marked-text"
    /// No marked text: each keystroke rewrites the trailing syllable in place (Korean).
    case inPlace = "in-place"
  }

  /// What the marked text shows while composing.
  package enum MarkedTextContent: String, Hashable, Sendable, CaseIterable {
    /// The keys typed since the last commit (iOS pinyin shows `zhong`; the candidate appears only
    /// when it is chosen). [inferred from DOMAIN 1.2]
    case typedKeys = "typed-keys"
    /// The engine's preedit as is (kana, then the converted candidate shown inline on Japanese
    /// keyboards).
    case enginePreedit = "engine-preedit"
  }

  /// The keyboard identifier, such as `zh_Hans-Pinyin@sw=Pinyin-Simplified;hw=Automatic`.
  package var keyboard: String
  /// The language and region part, such as `zh_Hans`, `ja_JP`, `ko_KR`.
  package var language: String
  /// How composition reaches the field.
  package var presentation: Presentation
  /// What the marked text shows; irrelevant for ``Presentation/inPlace``.
  package var markedTextContent: MarkedTextContent
  /// Whether a Return that commits the composition also reaches the app (`textFieldShouldReturn`).
  package var returnAfterCommitReachesApp: Bool
  /// Set when the language is not one qapass knows; the profile is then a guess.
  package var warning: String?

  /// The profile of `keyboard`.
  ///
  /// `zh_Hans`/`zh_Hant`: marked text, Return after a commit reaches the app; pinyin and shuangpin
  /// layouts show the typed letters, other Chinese layouts the engine's preedit. `ja_JP`: marked text
  /// (engine preedit), Return consumed. `ko_KR`: in place, Return reaches the app. Anything else:
  /// marked text (engine preedit), Return reaches the app, and a ``warning``.
  ///
  /// - Parameter keyboard: An `AppleKeyboards` identifier.
  package init(keyboard: String) {
    self.keyboard = keyboard
    let beforeAt = keyboard.split(separator: "@", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
    let parts = beforeAt.split(separator: "-", maxSplits: 1, omittingEmptySubsequences: false)
    language = String(parts.first ?? "")
    let mode = parts.count > 1 ? String(parts[1]) : ""
    warning = nil
    switch language {
    case "zh_Hans", "zh_Hant":
      presentation = .markedText
      let typesLetters = mode.hasPrefix("Pinyin") || mode.hasPrefix("Shuangpin")
      markedTextContent = typesLetters ? .typedKeys : .enginePreedit
      returnAfterCommitReachesApp = true
    case "ja_JP":
      presentation = .markedText
      markedTextContent = .enginePreedit
      returnAfterCommitReachesApp = false
    case "ko_KR":
      presentation = .inPlace
      markedTextContent = .enginePreedit
      returnAfterCommitReachesApp = true
    default:
      presentation = .markedText
      markedTextContent = .enginePreedit
      returnAfterCommitReachesApp = true
      warning =
        "no iOS profile for keyboard language '\(language)' (keyboard '\(keyboard)'); assuming marked text "
        + "showing the engine's preedit and a Return that reaches the app"
    }
  }

  /// One line for plans and reports: `marked text (typed keys), Return after commit reaches the app`.
  package var summary: String {
    let shape =
      presentation == .inPlace
      ? "in place, no marked text"
      : "marked text (\(markedTextContent == .typedKeys ? "typed keys" : "engine preedit"))"
    let returnKey =
      returnAfterCommitReachesApp
      ? "Return after a commit reaches the app" : "Return after a commit is consumed"
    return shape + ", " + returnKey
  }
}
