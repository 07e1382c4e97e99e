import Foundation
import Keystrokes

/// What a tester does on one keyboard, in that keyboard's own terms: the syllables to type on the
/// Korean keyboard, the bopomofo to tap on Zhuyin, the kana to enter on the 10-key pad, the letters to
/// type on pinyin and romaji keyboards; candidate wording only where the keyboard has candidates.
///
/// Korean syllables and bopomofo symbols come from the engine's trace (each key typed alone gives
/// its jamo or bopomofo; the recipe's trace gives the syllables and the candidates chosen), never
/// from a table of ours. Without a trace (no engine, or the engine failed) the wording falls back to
/// the recipe's characters.
///
/// For 박서연 typed with the Korean 2-Set keyboard, ``typeSlowly`` reads "Type 박서연 slowly, syllable by
/// syllable: 박 (ㅂ ㅏ ㄱ), 서 (ㅅ ㅓ), 연 (ㅇ ㅕ ㄴ); …".
struct KeyboardWording: Sendable {
  /// m1's typing step.
  var typeSlowly: String
  /// m2's typing and confirming step.
  var typeAndConfirm: String
  /// What m2 calls the moment the text is final: `After confirming`, `After the last letter`.
  var confirmedLabel: String
  /// m3's Return step.
  var returnStep: String
  /// m3's step after Return.
  var afterReturnStep: String
  /// m3's first expectation.
  var returnNotSubmitted: String
  /// m1's expectation about the button.
  var buttonWhileComposing: String
  /// The in-place text the rule calls incomplete that m3 presses Return on (Korean), if the trace has one.
  var incompleteText: String?

  /// The wording for `method`.
  ///
  /// - Parameters:
  ///   - method: The input method as it applies to the field (its recipe and expected text).
  ///   - trace: The engine's trace of the recipe, if it could be made.
  ///   - symbols: What each key of the recipe gives when typed alone, by recipe spelling.
  ///   - isIncomplete: Whether the field's rule calls a text incomplete (an unfinished syllable).
  init(
    method: Automation.Method, trace: Trace?, symbols: [String: String],
    isIncomplete: (String) -> Bool
  ) {
    let profile = method.profile
    let expect = method.expect
    let characters = method.recipe.keys.compactMap(\.character)
    let noConfirm = "do not choose a candidate and do not press space or Return"
    confirmedLabel = "After confirming"
    afterReturnStep = "If that Return confirmed the text, look at the form before doing anything else."
    returnNotSubmitted = "The form is not submitted by the Return that ends the composition."
    buttonWhileComposing = "The submit button stays disabled while the text is underlined (being composed)."
    incompleteText = nil
    switch (profile.presentation, profile.language) {
    case (.inPlace, _):
      let syllables = trace.map { Self.syllables($0, symbols: symbols) } ?? []
      let spelled =
        syllables.isEmpty
        ? "the letters " + characters.map { String($0) }.joined(separator: " ")
        : "syllable by syllable: "
          + syllables.map { "\($0.syllable) (\($0.jamo.joined(separator: " ")))" }
          .joined(separator: ", ")
      typeSlowly = "Type \(expect) slowly, \(spelled); do not press space or Return."
      typeAndConfirm =
        "Type \(expect), \(spelled). The Korean keyboard has no candidates and nothing to confirm: the text "
        + "is final once the last letter is typed."
      confirmedLabel = "After the last letter"
      buttonWhileComposing =
        "The submit button is disabled whenever the text ends in an unfinished syllable, and enabled only "
        + "for a complete, valid name."
      incompleteText = trace.flatMap { Self.firstIncompleteText($0, isIncomplete) }
      if let partial = incompleteText,
        let keys = trace.map({ Self.keysTyped(until: partial, in: $0, symbols) })
      {
        let spelledKeys = keys.joined(separator: " ")
        returnStep =
          "Type only \(partial)\(spelledKeys == partial ? "" : " (\(spelledKeys))"), so that the last syllable "
          + "is unfinished, and press Return."
        returnNotSubmitted = "The form is not submitted with the unfinished syllable \(partial)."
      } else {
        returnStep = "Type \(expect), \(spelled), and press Return right after the last letter."
        returnNotSubmitted = "Return never submits text the field's rules refuse."
      }
      afterReturnStep = "Look at the form before doing anything else."
    case (_, "ja_JP"):
      let isKana = !characters.isEmpty && characters.allSatisfy(Self.isKana)
      let verb: String
      let detail: String
      if isKana {
        let kana = characters.map { String($0) }
        let voiced = kana.compactMap { Self.voicedSpelling($0) }
        verb = "Enter " + kana.joined(separator: " ")
        detail =
          " on the kana (10-key) pad, by flick or tap"
          + (voiced.isEmpty ? "" : " (" + voiced.joined(separator: "; ") + ")")
      } else {
        verb = "Type \"\(String(characters))\""
        detail = ""
      }
      typeSlowly = verb + " slowly" + detail + "; do not press space (変換/次候補) or Return (確定)."
      typeAndConfirm =
        verb + detail + ", press space (変換/次候補) until \(expect) shows (or tap it in the candidate bar), then "
        + "Return (確定)."
      returnStep =
        verb + detail + "; while the kana are still underlined (not yet confirmed), press Return (確定)."
    default:
      guard profile.markedTextContent != .typedKeys, let trace else {
        // Pinyin: the letters without the candidate-selection digits; the candidate bar offers the
        // whole word (zhang3wei7 -> zhangwei).
        let letters = String(characters.filter { !$0.isNumber })
        typeSlowly = "Type \"\(letters)\" slowly; \(noConfirm)."
        typeAndConfirm = "Type \"\(letters)\" and tap \(expect) in the candidate bar."
        returnStep =
          "Type \"\(letters)\"; while the letters are still underlined (being composed), press Return."
        return
      }
      let groups = Self.candidateGroups(trace, symbols: symbols)
      let first = groups.first.map { $0.keys.joined(separator: " ") } ?? ""
      typeSlowly = "Tap \(first) slowly; do not choose a candidate and do not press Return."
      typeAndConfirm =
        groups.map { group in
          "tap " + group.keys.joined(separator: " ")
            + (group.chosen.map { " and choose \($0) in the candidate bar" } ?? "")
        }.joined(separator: ", then ").capitalizedFirst + "."
      returnStep = "Tap \(first); while it is still underlined (being composed), press Return."
    }
  }

  // MARK: Deriving from the trace

  /// What typing `key` alone into a fresh context gives, as a tester sees it on the key.
  static func symbol(_ key: Key, _ symbols: [String: String]) -> String {
    if key.name == .space { return "space" }
    if let name = key.name { return name.rawValue }
    let symbol = symbols[key.recipeSpelling] ?? ""
    return symbol.trimmingCharacters(in: .whitespaces).isEmpty ? key.recipeSpelling : symbol
  }

  /// The field text after each step: what was committed so far and the preedit.
  static func texts(_ trace: Trace) -> [String] {
    var committed = ""
    return trace.steps.map { step in
      committed += step.committed
      return committed + step.preedit
    }
  }

  /// The syllables of an in-place trace with the jamo typed for each: a new syllable starts where
  /// the text grows by one; when that also changes the syllable before (박성 + ㅕ = 박서여), the
  /// previous key moved on to the new syllable. Empty when the trace does not read as syllables.
  static func syllables(_ trace: Trace, symbols: [String: String]) -> [(syllable: String, jamo: [String])] {
    var groups: [[String]] = []
    var previous: [Character] = []
    for (step, text) in zip(trace.steps, texts(trace)) {
      guard step.key.character != nil else { return [] }
      let jamo = symbol(step.key, symbols)
      let current = Array(text)
      if groups.isEmpty || current.count > previous.count {
        var moved: [String] = []
        if let before = previous.last, current.count >= 2, current[current.count - 2] != before,
          let last = groups.last?.last
        {
          groups[groups.count - 1].removeLast()
          moved = [last]
        }
        groups.append(moved + [jamo])
      } else if current.count == previous.count {
        groups[groups.count - 1].append(jamo)
      } else {
        return []
      }
      previous = current
    }
    guard previous.count == groups.count else { return [] }
    return zip(previous, groups).map { (String($0), $1) }
  }

  /// The first field text in the trace the rule calls incomplete after a finished syllable (`박ㅅ`),
  /// else the first incomplete text (`ㅂ`), if any.
  static func firstIncompleteText(_ trace: Trace, _ isIncomplete: (String) -> Bool) -> String? {
    let incomplete = texts(trace).filter(isIncomplete)
    return incomplete.first { $0.count > 1 } ?? incomplete.first
  }

  /// The symbols of the keys typed until the field shows `text`.
  static func keysTyped(until text: String, in trace: Trace, _ symbols: [String: String]) -> [String] {
    var keys: [String] = []
    for (step, shown) in zip(trace.steps, texts(trace)) {
      keys.append(symbol(step.key, symbols))
      if shown == text { break }
    }
    return keys
  }

  /// The keys a tester taps before each candidate is chosen, and the candidate: a key that commits
  /// one of the candidates shown just before chooses it (`2` after ㄓㄤ chooses 張).
  static func candidateGroups(_ trace: Trace, symbols: [String: String]) -> [(
    keys: [String], chosen: String?
  )] {
    var groups: [(keys: [String], chosen: String?)] = [([], nil)]
    var shown: [String] = []
    for step in trace.steps {
      if !step.committed.isEmpty, shown.contains(step.committed), step.key.character?.isNumber == true {
        groups[groups.count - 1].chosen = step.committed
        groups.append(([], nil))
      } else {
        var label = symbol(step.key, symbols)
        if step.key.name == .space, !step.candidates.isEmpty {
          label = groups[groups.count - 1].keys.isEmpty ? "space (first tone)" : "then space (first tone)"
        }
        groups[groups.count - 1].keys.append(label)
      }
      shown = step.candidates
    }
    return groups.filter { !$0.keys.isEmpty || $0.chosen != nil }
  }

  // MARK: Kana

  static func isKana(_ character: Character) -> Bool {
    character.unicodeScalars.allSatisfy { (0x3041...0x30FF).contains($0.value) }
  }

  /// `だ is た, then ゛゜` for a voiced or semi-voiced kana (from its canonical decomposition).
  static func voicedSpelling(_ kana: String) -> String? {
    let decomposed = kana.decomposedStringWithCanonicalMapping.unicodeScalars
    guard decomposed.count == 2, let mark = decomposed.last,
      mark.value == 0x3099 || mark.value == 0x309A, let base = decomposed.first
    else { return nil }
    return "\(kana) is \(Character(base)), then the ゛゜ key"
  }
}

extension String {
  fileprivate var capitalizedFirst: String { prefix(1).uppercased() + dropFirst() }
}
