import MatrixFormat

/// What one iOS keyboard does with the keys a manual step names: which key converts, which commits,
/// whether composing text is underlined (marked), whether there are candidates and tones. Manual
/// steps are worded from these facts and the recipe's trace, so no keyboard's wording reaches another.
///
/// Sources (DOMAIN.md): 1.2 and 1.5 (Japanese keyboards compose in marked text; space reads 変換/次候補
/// and Return 確定 while composing), 1.3 (Cangjie code keys stay marked until a candidate is chosen,
/// react-native#30578), 1.4 (Korean rewrites the syllable in place, no marked text; the counter-hint is
/// unverified and open question 7.3), 3.3 (the identifiers), 6.1 and 6.3 (m17n's zh-py, zh-zhuyin,
/// zh-cangjie, Anthy and libhangul: space commits the highlighted candidate on pinyin and Cangjie, enters
/// the first tone on Zhuyin, converts on Japanese, ends the syllable on Korean). What the engines do was
/// measured on Linux; on iOS it is inferred, and a fact whose iOS behaviour no source shows carries a
/// ``confirm`` sentence the steps pass on to the tester.
///
/// ```swift
/// let facts = KeyboardFacts(keyboard: "zh_Hant-Cangjie@sw=Cangjie")
/// facts.space        // .commitsCandidate
/// facts.hasTones     // false
/// ```
package struct KeyboardFacts: Hashable, Sendable {
  /// The keyboard's layout, read from its identifier's input mode.
  package enum Layout: String, Hashable, Sendable, CaseIterable {
    case pinyin, shuangpin, zhuyin, cangjie, sucheng, stroke, handwriting, romaji, kana
    case korean2Set = "korean-2-set"
    case korean10Key = "korean-10-key"
    case other
  }

  /// How a tester enters the recipe's keys.
  package enum Entry: String, Hashable, Sendable {
    /// QWERTY letters, shown as typed (pinyin, romaji).
    case letters
    /// Keys printed with the symbol they give (bopomofo, Cangjie radicals, strokes).
    case symbols
    /// Kana on the kana pad, by flick or tap.
    case kanaPad = "kana-pad"
    /// Hangul jamo, syllable by syllable.
    case jamo
    /// Characters written in the handwriting area.
    case handwriting
  }

  /// What space does while text is composing.
  package enum Space: String, Hashable, Sendable {
    /// Commits the highlighted (first) candidate (pinyin, Cangjie, Sucheng).
    case commitsCandidate = "commits-candidate"
    /// Enters the first tone and shows the candidates (Zhuyin).
    case firstTone = "first-tone"
    /// Converts (変換), then moves to the next candidate (次候補) (Japanese).
    case converts
    /// Ends the syllable and inserts a space (Korean).
    case endsSyllable = "ends-syllable"
    /// Nothing qapass knows.
    case unknown
  }

  /// What Return does while text is composing.
  package enum Return: String, Hashable, Sendable {
    /// Reads 確定 and only confirms the text (Japanese).
    case confirms
    /// Commits the text, and may also reach the app (Chinese).
    case commits
    /// Ends the syllable and reaches the app (Korean).
    case reachesApp = "reaches-app"
  }

  /// The keyboard identifier.
  package var keyboard: String
  package var layout: Layout
  /// The keyboard's name in steps: `Cangjie`, `Japanese Kana`.
  package var name: String
  /// Whether composing text is marked (underlined) before it is final.
  package var hasMarkedText: Bool
  /// Whether the keyboard offers candidates to choose from.
  package var hasCandidates: Bool
  /// Whether syllables take a tone key (Zhuyin).
  package var hasTones: Bool
  package var entry: Entry
  package var space: Space
  package var returnKey: Return
  /// What the tester confirms on a device, where no source shows the iOS keyboard doing what the
  /// steps say (each a sentence), keyed by the fact.
  package var confirm: [Fact: String]

  /// The facts a step may rest on.
  package enum Fact: String, Hashable, Sendable, CaseIterable {
    case markedText = "marked-text"
    case space
    case returnKey = "return"
    case symbols
  }

  /// The facts of `keyboard`, an `AppleKeyboards` identifier.
  package init(keyboard: String) {
    self.keyboard = keyboard
    let profile = InputMethodProfile(keyboard: keyboard)
    let mode = String(KeyboardIdentifier.mode(keyboard))
    let software = String(
      KeyboardIdentifier.bare(keyboard).split(separator: "=", maxSplits: 1).dropFirst().first ?? "")
    layout = Self.layout(language: profile.language, mode: mode, software: software)
    hasMarkedText = profile.presentation == .markedText
    hasCandidates = true
    hasTones = false
    returnKey = .commits
    confirm = [:]
    switch layout {
    case .pinyin, .shuangpin:
      name = layout == .pinyin ? "Pinyin" : "Shuangpin"
      entry = .letters
      space = .commitsCandidate
      confirm[.returnKey] =
        "whether Return confirms the letters or the highlighted candidate, and whether the form sees it"
    case .zhuyin:
      name = "Zhuyin"
      entry = .symbols
      space = .firstTone
      hasTones = true
      confirm[.space] = "that space after the bopomofo enters the first tone and shows the candidates"
      confirm[.symbols] = "that the keys show the bopomofo named here"
    case .cangjie, .sucheng:
      name = layout == .cangjie ? "Cangjie" : "Sucheng"
      entry = .symbols
      space = .commitsCandidate
      confirm[.space] = "that space commits the first candidate"
      confirm[.symbols] = "that the keys show the radicals named here"
    case .stroke:
      name = "Stroke"
      entry = .symbols
      space = .unknown
    case .handwriting:
      name = "Handwriting"
      entry = .handwriting
      space = .unknown
      confirm[.markedText] = "whether a written character is underlined (marked) before it is chosen"
    case .romaji, .kana:
      name = layout == .romaji ? "Japanese Romaji" : "Japanese Kana"
      entry = layout == .romaji ? .letters : .kanaPad
      space = .converts
      returnKey = .confirms
    case .korean2Set, .korean10Key:
      name = layout == .korean2Set ? "Korean 2-Set" : "Korean 10-key"
      entry = .jamo
      hasCandidates = false
      space = .endsSyllable
      returnKey = .reachesApp
      confirm[.markedText] = "that no underline (marked text) appears while a syllable is being typed"
    case .other:
      name = keyboard
      entry = .letters
      space = .unknown
      hasCandidates = false
    }
  }

  static func layout(language: String, mode: String, software: String) -> Layout {
    switch language {
    case "zh_Hans", "zh_Hant", "zh_CN", "zh_TW":
      let key = mode.isEmpty ? software : mode
      if key.hasPrefix("Shuangpin") { return .shuangpin }
      if key.hasPrefix("Pinyin") { return .pinyin }
      if key.hasPrefix("Zhuyin") { return .zhuyin }
      if key.hasPrefix("Cangjie") { return .cangjie }
      if key.hasPrefix("Sucheng") { return .sucheng }
      if key.hasPrefix("Wubihua") { return .stroke }
      if key.hasPrefix("HWR") { return .handwriting }
      return .other
    case "ja_JP":
      if software.hasPrefix("QWERTY") || mode.hasPrefix("Romaji") { return .romaji }
      if software.hasPrefix("Kana") || mode.hasPrefix("Kana") { return .kana }
      if software.hasPrefix("HWR") || mode.hasPrefix("HWR") { return .handwriting }
      return .other
    case "ko_KR":
      return software.hasPrefix("Korean10Key") ? .korean10Key : .korean2Set
    default:
      return .other
    }
  }

  /// `Confirm on the device that …; note it in the record if not.` for `facts`, or an empty string.
  func confirmation(_ facts: [Fact]) -> String {
    let sentences = facts.compactMap { confirm[$0] }
    guard !sentences.isEmpty else { return "" }
    return " Confirm on the device " + sentences.joined(separator: ", and ")
      + " (inferred, not yet seen on iOS); note it in the record if not."
  }
}

extension InputMethodProfile {
  /// The facts of this profile's keyboard.
  package var facts: KeyboardFacts { KeyboardFacts(keyboard: keyboard) }
}
