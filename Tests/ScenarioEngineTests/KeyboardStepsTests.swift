import Foundation
import InputMethods
import MatrixFormat
import TestSupport
import Testing

@testable import ScenarioEngine

/// Every keyboard's m1–m3 steps say what its engine does (issue 34, item 5): what m1 types keeps the
/// engine composing, the keys m1 forbids do what m1 says they do, m3 presses Return while the engine
/// still composes, and every candidate m2 chooses or converts to is what the engine commits or shows,
/// in order. The keys each step names and the words no other keyboard may use are written here by
/// hand, from each keyboard's spelling, not read back from qapass.
struct KeyboardStepsTests {
  struct Case: Sendable, CustomTestStringConvertible {
    /// The input method in `Fixtures/keyboards.yaml`.
    var method: String
    /// The engine, or `nil` for a keyboard checked by hand only.
    var engine: String?
    /// The recipe m1 types, in engine keys (and m3 types before its Return).
    var m1Recipe: String
    /// What m1's step shows of those keys.
    var m1Shows: String
    /// Words that belong to this keyboard alone among the cases (each checked absent from the others).
    var ownWords: [String]
    var testDescription: String { method }
  }

  static let cases: [Case] = [
    Case(
      method: "zh-pinyin", engine: "m17n:zh-py", m1Recipe: "zhang", m1Shows: "Type \"zhang\" slowly",
      ownWords: ["Pinyin"]),
    Case(
      method: "zh-zhuyin", engine: "m17n:zh-zhuyin", m1Recipe: "5;{space}",
      m1Shows: "Tap ㄓ ㄤ then space (first tone) slowly", ownWords: ["first tone", "bopomofo"]),
    Case(
      method: "zh-cangjie", engine: "m17n:zh-cangjie", m1Recipe: "dd", m1Shows: "Tap 木 木 slowly",
      ownWords: ["Cangjie", "radicals"]),
    Case(
      method: "zh-hwr", m1Recipe: "张", m1Shows: "Write 张 slowly in the handwriting area",
      ownWords: ["handwriting", "written"]),
    Case(
      method: "ja-romaji", engine: "anthy", m1Recipe: "yamada", m1Shows: "Type \"yamada\" slowly",
      ownWords: []),
    Case(
      method: "ja-kana", engine: "anthy", m1Recipe: "かしわぎ", m1Shows: "Enter か し わ ぎ slowly on the kana pad",
      ownWords: []),
    Case(method: "ja-10key", m1Recipe: "やまだ", m1Shows: "Enter や ま だ slowly on the kana pad", ownWords: []),
    Case(method: "ja-flick", m1Recipe: "かしわぎ", m1Shows: "Enter か し わ ぎ slowly on the kana pad", ownWords: []),
    Case(
      method: "ko-2set", engine: "hangul:2", m1Recipe: "qkrtjdus",
      m1Shows: "Type 박서연 slowly, syllable by syllable: 박 (ㅂ ㅏ ㄱ), 서 (ㅅ ㅓ), 연 (ㅇ ㅕ ㄴ)",
      ownWords: ["(ㅂ ㅏ ㄱ)"]),
    Case(
      method: "ko-10key", m1Recipe: "박서연", m1Shows: "Type 박서연 on the 10-key pad slowly",
      ownWords: ["10-key pad"]),
  ]

  static let plan: Result<Plan, any Error> = Result {
    try Plan.make(file: Fixtures.loadMatrix("Tests/ScenarioEngineTests/Fixtures/keyboards.yaml"))
  }

  static func step(_ scenario: String, of method: String) throws -> PlanItem {
    let plan = try plan.get()
    return try #require(
      plan.items.first {
        $0.scenario.rawValue == scenario && $0.configuration.inputMethod?.rawValue == method
      })
  }

  static func keyboard(_ method: String) throws -> KeyboardFacts {
    try KeyboardFacts(keyboard: #require(step("m1", of: method).configuration.keyboard))
  }

  static let japanese = ["変換", "確定", "kana"]
  static let korean = ["syllable"]
  static let marked = ["underlined"]

  @Test(arguments: cases)
  func `each keyboard's steps use its own words and no other keyboard's`(_ keyboardCase: Case) throws {
    // Without the engines (the Mac build) an engine's keyboard is worded from its recipe's keys.
    guard keyboardCase.engine == nil || BuildTraits.hasEngines else { return }
    let lines = try ["m1", "m2", "m3"].flatMap { try Self.step($0, of: keyboardCase.method).steps }
    let text = lines.joined(separator: "\n")
    let facts = try Self.keyboard(keyboardCase.method)
    #expect(text.contains(keyboardCase.m1Shows), "\(text)")
    for other in Self.cases where other.method != keyboardCase.method {
      for word in other.ownWords where !keyboardCase.ownWords.contains(word) {
        #expect(!text.contains(word), "'\(word)' of \(other.method) in \(keyboardCase.method): \(text)")
      }
    }
    let isJapanese = keyboardCase.method.hasPrefix("ja")
    let isKorean = keyboardCase.method.hasPrefix("ko")
    for word in Self.japanese { #expect(text.contains(word) == isJapanese, "'\(word)': \(text)") }
    for word in Self.korean { #expect(text.contains(word) == isKorean, "'\(word)': \(text)") }
    for word in Self.marked where !isKorean { #expect(text.contains(word) == facts.hasMarkedText, "\(text)") }
    for word in Self.marked where isKorean { #expect(!text.contains(word), "\(text)") }
    #expect(
      !(text.contains("candidate bar") || text.contains("choose a candidate")) || facts.hasCandidates,
      "\(text)")
    // The keys of m1 are the keys of the recipe: no tone word where the keyboard has no tones.
    #expect(text.contains("tone") == facts.hasTones, "\(text)")
  }

  @Test func `every Chinese, Japanese and Korean keyboard qapass knows has facts of its own`() {
    let cjk = KeyboardIdentifier.known.filter { ["zh", "ja", "ko"].contains($0.prefix(2)) }
    #expect(cjk.count == 18)
    for keyboard in cjk {
      #expect(KeyboardFacts(keyboard: keyboard).layout != .other, "\(keyboard)")
    }
    #expect(KeyboardFacts(keyboard: "zh_Hant-Cangjie@sw=Cangjie").space == .commitsCandidate)
    #expect(KeyboardFacts(keyboard: "ja_JP-Kana@sw=Kana-Flick;hw=US").layout == .kana)
  }

  @Test(.needsEngines) func `a plan note speaks of tones only for keyboards with tones`() throws {
    let notes = try Self.plan.get().notes
    #expect(notes.contains { $0.contains("'zh-zhuyin'") && $0.contains("first tone") })
    #expect(notes.contains { $0.contains("'zh-cangjie'") && $0.contains("Cangjie keyboard") })
    #expect(!notes.contains { !$0.contains("'zh-zhuyin'") && $0.contains("tone") }, "\(notes)")
  }

  @Test(.needsEngines, arguments: cases.filter { $0.engine != nil })
  func `m1 and m3 type what keeps the engine composing, and m1's forbidden keys do what it says`(
    _ keyboardCase: Case
  ) throws {
    let engine = try InputMethodEngines.engine(named: #require(keyboardCase.engine))
    let m1 = try Self.step("m1", of: keyboardCase.method).steps[1]
    let typed = try engine.trace(.parse(keyboardCase.m1Recipe))
    let facts = try Self.keyboard(keyboardCase.method)
    if facts.hasMarkedText {
      // "do not commit": the engine has committed nothing and still composes after every key.
      for step in typed.steps {
        #expect(step.committed.isEmpty && !step.preedit.isEmpty, "\(typed.table())")
      }
    }
    if m1.contains("space (on ") {
      // "do not press space (on Cangjie it commits the first candidate)": it does.
      let spaced = try engine.trace(.parse(keyboardCase.m1Recipe + "{space}"))
      #expect(!(spaced.steps.last?.committed.isEmpty ?? true), "\(spaced.table())")
      #expect(spaced.finalPreedit.isEmpty)
    }
    if m1.contains("space (変換") {
      // Space converts: the engine shows candidates and commits nothing.
      let spaced = try engine.trace(.parse(keyboardCase.m1Recipe + "{space}"))
      let last = try #require(spaced.steps.last)
      #expect(last.committed.isEmpty && !last.candidates.isEmpty, "\(spaced.table())")
    }
    let m3 = try Self.step("m3", of: keyboardCase.method)
    if m3.steps[1].contains("still underlined") {
      // Return is pressed while the engine composes, and commits what was composing.
      #expect(!typed.finalPreedit.isEmpty)
      let returned = try engine.trace(.parse(keyboardCase.m1Recipe + "{Return}"))
      let last = try #require(returned.steps.last)
      #expect(!last.committed.isEmpty && returned.finalPreedit.isEmpty, "\(returned.table())")
      if m3.expected.contains(where: { $0.contains("only confirms the text") }) {
        #expect(!last.reachesApp, "\(returned.table())")
      }
    }
  }

  @Test(.needsEngines, arguments: cases.filter { $0.engine != nil })
  func `m2 chooses, commits and converts to what the engine does, in order`(_ keyboardCase: Case) throws {
    let engine = try InputMethodEngines.engine(named: #require(keyboardCase.engine))
    let m2 = try Self.step("m2", of: keyboardCase.method)
    let matrix = try Fixtures.loadMatrix("Tests/ScenarioEngineTests/Fixtures/keyboards.yaml")
    let method = try #require(matrix.inputMethod(keyboardCase.method))
    let trace = try engine.trace(.parse(method.recipe))
    #expect(trace.committedText + trace.finalPreedit == method.expect)
    let text = m2.steps[1]
    let named = Self.captures(
      text, #"choose (\S+?) in the candidate bar|commit (\S+?) \(|until (\S+) shows|keeping (\S+?)\."#)
    // What the steps name, in order: each candidate chosen or committed is a text the engine commits,
    // each "until X shows" a preedit the engine shows after a space, each "keeping X" a text Return commits.
    var committed = trace.steps.map(\.committed).filter { !$0.isEmpty }[...]
    var converted = trace.steps.filter { $0.key.name == .space && $0.committed.isEmpty }.map(\.preedit)[...]
    for (kind, value) in named {
      switch kind {
      case 3:
        #expect(converted.popFirst() == value, "\(text)\n\(trace.table())")
      default:
        while let next = committed.first, next != value { committed.removeFirst() }
        #expect(committed.popFirst() == value, "\(text)\n\(trace.table())")
      }
    }
    if !trace.steps.contains(where: {
      $0.key.name == .space && $0.committed.isEmpty && !$0.candidates.isEmpty
    }) {
      #expect(!text.contains("変換"), "m2 converts where the recipe does not: \(text)")
    }
  }

  /// The `(group number, text)` of each match of `pattern` in `text`, in order.
  static func captures(_ text: String, _ pattern: String) -> [(Int, String)] {
    let expression = try? NSRegularExpression(pattern: pattern)
    let range = NSRange(text.startIndex..., in: text)
    return (expression?.matches(in: text, range: range) ?? []).compactMap { match in
      for group in 1..<match.numberOfRanges {
        if let found = Range(match.range(at: group), in: text) { return (group, String(text[found])) }
      }
      return nil
    }
  }
}
