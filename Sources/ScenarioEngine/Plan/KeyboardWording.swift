import Foundation
import Keystrokes

/// What a tester does on one keyboard, in that keyboard's own terms: the syllables to type on the
/// Korean keyboard, the bopomofo to tap on Zhuyin, the radicals on Cangjie, the kana to enter on the
/// kana pad, the letters to type on pinyin and romaji keyboards.
///
/// Two sources, nothing else: the keyboard's ``KeyboardFacts`` (which key converts, which commits,
/// whether text is underlined, tones or not, what to confirm on a device) and the recipe's trace,
/// split into stretches that compose and what ends each (a candidate chosen, space committing or
/// converting, Return confirming). Korean syllables, bopomofo and radicals come from the engine (each
/// key typed alone), never from a table of ours. Without a trace (no engine, or the engine failed) the
/// recipe's characters and the facts word the steps.
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

  /// The recipe keys m1 types (and m3 types before its Return): the first stretch that composes.
  var composingKeys: [Key] = []
  /// The recipe's stretches as the steps name them, in order (empty for in-place keyboards).
  var segments: [Segment] = []

  /// One stretch of the recipe: the keys that compose, and what ends the composition.
  struct Segment: Hashable, Sendable {
    /// The keys typed while composing (a Zhuyin tone entered with space among them).
    var keys: [Key] = []
    /// How a tester sees each of ``keys``.
    var labels: [String] = []
    /// What ends the stretch, if anything does.
    var end: End?
  }

  /// What ends a stretch of composition, and the text it leaves.
  enum End: Hashable, Sendable {
    /// A candidate chosen in the candidate bar (a digit in the recipe).
    case choose(String)
    /// Space commits the highlighted candidate.
    case spaceCommits(String)
    /// Space (変換) converts to the text and Return (確定) confirms it.
    case convertAndConfirm(String)
    /// Space (変換) converts to the text; nothing confirms it in the recipe.
    case convert(String)
    /// Return (確定) confirms the text as it is, unconverted.
    case confirm(String)
    /// Return commits the text.
    case returnCommits(String)
    /// The next key commits the text.
    case nextKeyCommits(String)
  }

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
    let facts = profile.facts
    let expect = method.expect
    let characters = method.recipe.keys.compactMap(\.character)
    confirmedLabel = "After confirming"
    afterReturnStep = "If that Return confirmed the text, look at the form before doing anything else."
    returnNotSubmitted = "The form is not submitted by the Return that ends the composition."
    buttonWhileComposing = "The submit button stays disabled while the text is underlined (being composed)."
    incompleteText = nil
    guard profile.presentation == .markedText else {
      let syllables = trace.map { Self.syllables($0, symbols: symbols) } ?? []
      let isHangul = !characters.isEmpty && characters.allSatisfy(Self.isHangulSyllable)
      let spelled =
        syllables.isEmpty
        ? (isHangul
          ? "syllable by syllable: " + characters.map { String($0) }.joined(separator: ", ")
          : "the letters " + characters.map { String($0) }.joined(separator: " "))
        : "syllable by syllable: "
          + syllables.map { "\($0.syllable) (\($0.jamo.joined(separator: " ")))" }
          .joined(separator: ", ")
      let pad = facts.layout == .korean10Key ? " on the 10-key pad" : ""
      typeSlowly =
        "Type \(expect)\(pad) slowly, \(spelled); do not press space or Return."
        + facts.confirmation([.markedText])
      typeAndConfirm =
        "Type \(expect)\(pad), \(spelled). The \(facts.name) keyboard has no candidates and nothing to "
        + "confirm: the text is final once the last letter is typed."
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
        returnStep = "Type \(expect)\(pad), \(spelled), and press Return right after the last letter."
        returnNotSubmitted = "Return never submits text the field's rules refuse."
      }
      afterReturnStep = "Look at the form before doing anything else."
      return
    }
    let segments =
      trace.map { Self.segments($0, facts: facts, symbols: symbols) }
      ?? Self.segments(recipe: method.recipe, expect: expect, facts: facts)
    self.segments = segments
    let first = segments.first ?? Segment()
    composingKeys = first.keys
    let verb = Self.verb(facts)
    let firstKeys = Self.spell(first, facts)
    let firstParts = Self.spellParts(first, facts)
    typeSlowly =
      "\(verb.capitalizedFirst) \(firstParts.keys) slowly\(firstParts.detail); \(Self.doNot(facts))."
      + facts.confirmation([.symbols, .space, .markedText])
    typeAndConfirm =
      segments.map { Self.render($0, verb: verb, facts) }.joined(separator: ", then ").capitalizedFirst + "."
      + facts.confirmation([.space])
    let what =
      switch facts.entry {
      case .kanaPad: "the kana are"
      case .letters where facts.space == .converts: "the kana are"
      case .letters: "the letters are"
      default: "it is"
      }
    let returnName = facts.returnKey == .confirms ? "Return (確定)" : "Return"
    let moment =
      facts.confirm[.markedText] == nil
      ? "while \(what) still underlined (being composed)"
      : "before choosing a candidate (while \(what) underlined, if it is)"
    returnStep =
      "\(verb.capitalizedFirst) \(firstKeys); \(moment), press \(returnName)."
      + facts.confirmation([.returnKey])
  }

  // MARK: Stretches

  /// `type`, `tap`, `enter`, `write`: what a tester does with the keys of `facts`' keyboard.
  static func verb(_ facts: KeyboardFacts) -> String {
    switch facts.entry {
    case .letters, .jamo: "type"
    case .symbols: "tap"
    case .kanaPad: "enter"
    case .handwriting: "write"
    }
  }

  /// The keys of `segment` as a tester sees them: `"zhang"`, `木 木`, `ㄓ ㄤ then space (first tone)`,
  /// `や ま だ on the kana pad, by flick or tap (だ is た, then the ゛゜ key)`.
  static func spell(_ segment: Segment, _ facts: KeyboardFacts) -> String {
    let parts = spellParts(segment, facts)
    return parts.keys + parts.detail
  }

  /// ``spell(_:_:)`` in two parts, so that m1 can say "slowly" between them.
  static func spellParts(_ segment: Segment, _ facts: KeyboardFacts) -> (keys: String, detail: String) {
    switch facts.entry {
    case .letters:
      return ("\"" + segment.labels.joined() + "\"", "")
    case .kanaPad:
      let voiced = segment.labels.compactMap { Self.voicedSpelling($0) }
      return (
        segment.labels.joined(separator: " "),
        " on the kana pad, by flick or tap"
          + (voiced.isEmpty ? "" : " (" + voiced.joined(separator: "; ") + ")")
      )
    case .handwriting:
      return (segment.labels.joined(separator: ", then "), " in the handwriting area")
    case .symbols, .jamo:
      let keys = segment.labels.enumerated().map { index, label in
        label.hasPrefix("space") && index > 0 ? "then " + label : label
      }
      return (keys.joined(separator: " "), "")
    }
  }

  /// What m1 forbids, in the keyboard's terms: choosing, and the keys that commit or convert.
  static func doNot(_ facts: KeyboardFacts) -> String {
    var keys: [String] = []
    switch facts.space {
    case .commitsCandidate: keys.append("space (on \(facts.name) it commits the first candidate)")
    case .converts: keys.append("space (変換/次候補)")
    case .unknown: keys.append("space")
    case .firstTone, .endsSyllable: break
    }
    keys.append(facts.returnKey == .confirms ? "Return (確定)" : "Return")
    let press = "do not press " + keys.joined(separator: " or ")
    guard facts.hasCandidates, facts.space != .converts else { return press }
    return "do not choose a candidate, and " + press
  }

  /// One stretch of m2: its keys and how it ends.
  static func render(_ segment: Segment, verb: String, _ facts: KeyboardFacts) -> String {
    let keys = verb + " " + spell(segment, facts)
    switch segment.end {
    case .choose(let text): return keys + " and choose \(text) in the candidate bar"
    case .spaceCommits(let text):
      return keys + " and press space to commit \(text) (the first candidate)"
    case .convertAndConfirm(let text):
      return keys
        + ", press space (変換/次候補) until \(text) shows (or tap it in the candidate bar), then Return (確定)"
    case .convert(let text): return keys + " and press space (変換/次候補) until \(text) shows"
    case .confirm(let text): return keys + " and press Return (確定) without converting, keeping \(text)"
    case .returnCommits(let text): return keys + " and press Return to commit \(text)"
    case .nextKeyCommits(let text): return keys + " (the next key commits \(text))"
    case nil: return keys
    }
  }

  /// The stretches of `trace`: keys compose until a commit or a conversion ends them.
  static func segments(_ trace: Trace, facts: KeyboardFacts, symbols: [String: String]) -> [Segment] {
    var segments = [Segment()]
    var shown: [String] = []
    for step in trace.steps {
      let key = step.key
      let last = segments.count - 1
      if !step.committed.isEmpty {
        let committed = step.committed
        if key.character?.isNumber == true, shown.contains(committed), !segments[last].keys.isEmpty {
          segments[last].end = .choose(committed)
        } else if key.name == .space {
          segments[last].end = .spaceCommits(committed)
        } else if key.name == .returnKey {
          if case .convert = segments[last].end {
            segments[last].end = .convertAndConfirm(committed)
          } else {
            segments[last].end =
              facts.returnKey == .confirms ? .confirm(committed) : .returnCommits(committed)
          }
        } else {
          segments[last].end = .nextKeyCommits(committed)
          if key.character != nil, !step.preedit.isEmpty {
            segments.append(Segment(keys: [key], labels: [label(key, facts, symbols)]))
            shown = step.candidates
            continue
          }
        }
        segments.append(Segment())
      } else if key.name == .space, facts.space == .converts, !step.candidates.isEmpty {
        segments[last].end = .convert(step.preedit)
      } else if key.character != nil || (key.name == .space && facts.space == .firstTone) {
        if segments[last].end != nil { segments.append(Segment()) }
        segments[segments.count - 1].keys.append(key)
        segments[segments.count - 1].labels.append(label(key, facts, symbols))
      }
      shown = step.candidates
    }
    return segments.filter { !$0.keys.isEmpty || $0.end != nil }
  }

  /// Without a trace: the recipe's characters compose (letters keyboards leave out the digits that pick
  /// candidates), and the keyboard's facts say how `expect` ends them.
  static func segments(recipe: KeystrokeRecipe, expect: String, facts: KeyboardFacts) -> [Segment] {
    let keys = recipe.keys.filter { key in
      guard let character = key.character else { return false }
      return facts.entry != .letters || !character.isNumber
    }
    let typed = String(keys.compactMap(\.character))
    if facts.entry == .handwriting {
      return keys.map { Segment(keys: [$0], labels: [$0.recipeSpelling], end: .choose($0.recipeSpelling)) }
    }
    var segment = Segment(keys: keys, labels: keys.map(\.recipeSpelling))
    switch facts.space {
    case .converts:
      segment.end = typed == expect ? .confirm(expect) : .convertAndConfirm(expect)
    default:
      segment.end = facts.hasCandidates && typed != expect ? .choose(expect) : nil
    }
    return [segment]
  }

  /// How a tester sees `key` on `facts`' keyboard.
  static func label(_ key: Key, _ facts: KeyboardFacts, _ symbols: [String: String]) -> String {
    if key.name == .space { return facts.hasTones ? "space (first tone)" : "space" }
    switch facts.entry {
    case .symbols: return symbol(key, symbols)
    default: return key.recipeSpelling
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

  // MARK: Kana

  static func isHangulSyllable(_ character: Character) -> Bool {
    character.unicodeScalars.allSatisfy { (0xAC00...0xD7A3).contains($0.value) }
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
  var capitalizedFirst: String { prefix(1).uppercased() + dropFirst() }
}
