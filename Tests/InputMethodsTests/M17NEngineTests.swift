import Foundation
import Testing

@testable import InputMethods

struct M17NEngineTests {
  /// DOMAIN 6.3, zh-py "zhongwen" then `3` (文 is the third candidate in `zh py`).
  @Test func `zh-py zhongwen3 commits 中文 as observed`() throws {
    let trace = try trace("m17n:zh-py", "zhongwen3")
    #expect(
      trace.rows() == [
        TraceRow("z", "z"),
        TraceRow("h", "zh"),
        TraceRow("o", "zho"),
        TraceRow("n", "zhon"),
        TraceRow("g", "中", "", ["*中", "种", "種", "重"]),
        TraceRow("w", "w", "中"),
        TraceRow("e", "we"),
        TraceRow("n", "问", "", ["*问", "問", "文", "温"]),
        TraceRow("3", "", "文"),
      ])
    #expect(trace.committedText == "中文")
    #expect(trace.finalPreedit == "")
    #expect(trace.steps[4].cursor == 1)
    #expect(trace.steps[4].candidates.count == 10)  // zh-py shows groups of 10
  }

  /// DOMAIN 6.3: Return commits the highlighted candidate and is passed through (the "Return submits"
  /// hazard).
  @Test func `zh-py Return commits the candidate and reaches the app`() throws {
    let trace = try trace("m17n:zh-py", "wen{Return}")
    #expect(trace.rows().last == TraceRow("{Return}", "", "问", app: true))
  }

  @Test func `zh-py Right moves the highlight and space commits it, consumed`() throws {
    let trace = try trace("m17n:zh-py", "wen{Right}{Right}{space}")
    #expect(trace.steps.map(\.preedit).suffix(3) == ["問", "文", ""])
    #expect(trace.steps[4].candidateIndex == 2)
    #expect(trace.rows().last == TraceRow("{space}", "", "文"))
  }

  @Test func `zh-py BackSpace undoes the syllable letter by letter`() throws {
    let trace = try trace("m17n:zh-py", "wen{BackSpace}{BackSpace}")
    #expect(trace.steps.map(\.preedit).suffix(2) == ["we", "w"])
    #expect(trace.committedText == "")
  }

  /// DOMAIN 6.3, ko-han2 "gksrmf" (한글): partial commit while composing, Return passed through.
  @Test func `ko-han2 gksrmf composes 한글 as observed`() throws {
    let trace = try trace("m17n:ko-han2", "gksrmf{Return}")
    #expect(
      trace.rows() == [
        TraceRow("g", "ㅎ"),
        TraceRow("k", "하"),
        TraceRow("s", "한"),
        TraceRow("r", "ㄱ", "한"),
        TraceRow("m", "그"),
        TraceRow("f", "글"),
        TraceRow("{Return}", "", "글", app: true),
      ])
  }

  @Test func `ko-han2 resyllabifies gksk`() throws {
    let trace = try trace("m17n:ko-han2", "gksk")
    #expect(trace.committedText == "하")
    #expect(trace.finalPreedit == "나")
  }

  @Test func `a fresh input context per trace`() throws {
    let engine = try InputMethodEngines.engine(named: "m17n:zh-py")
    let first = try engine.trace(KeystrokeRecipe.parse("zhon"))
    let second = try engine.trace(KeystrokeRecipe.parse("g"))
    #expect(first.finalPreedit == "zhon")
    #expect(second.finalPreedit != "中")
  }

  /// Traces per task in the concurrency tests: a few here, so the suite stays fast; `bench/stress/run.sh`
  /// runs them at full strength (QAPASS_STRESS_ROUNDS=50, 800 traces through the executor).
  static let rounds = Int(ProcessInfo.processInfo.environment["QAPASS_STRESS_ROUNDS"] ?? "") ?? 3

  /// m17n-lib is not thread-safe (DOMAIN 6.4: 56 of 58 unlocked runs crashed); every call goes
  /// through one serial executor, so concurrent traces must neither crash nor mix up their state.
  @Test func `concurrent traces through the serial executor stay correct`() async throws {
    let engine = try InputMethodEngines.engine(named: "m17n:zh-py")
    let zhongwen = try KeystrokeRecipe.parse("zhongwen3")
    let nihao = try KeystrokeRecipe.parse("nihao1")
    let results = try await withThrowingTaskGroup(of: [String].self) { group in
      for _ in 0..<8 {
        group.addTask {
          var texts: [String] = []
          for _ in 0..<Self.rounds {
            texts.append(try engine.trace(zhongwen).committedText)
            texts.append(try engine.trace(nihao).committedText)
          }
          return texts
        }
      }
      var all: [String] = []
      for try await texts in group { all += texts }
      return all
    }
    #expect(results.count == 16 * Self.rounds)
    #expect(results.filter { $0 == "中文" }.count == 8 * Self.rounds)
    #expect(results.filter { $0 == "你好" }.count == 8 * Self.rounds)
  }

  /// m17n's ja-anthy (romaji) and Anthy share the executor; libhangul runs beside it.
  @Test func `concurrent traces of all three families stay correct`() async throws {
    let cases: [(engine: String, recipe: String, text: String)] = [
      ("m17n:zh-py", "zhongwen3", "中文"),
      ("anthy", "nihongo{space}{Return}", "日本語"),
      ("hangul:2", "gksrmf{Return}", "한글"),
      ("m17n:ko-han2", "gksrmf{Return}", "한글"),
    ]
    let mismatches = try await withThrowingTaskGroup(of: Int.self) { group in
      for index in 0..<8 {
        let (name, recipeText, expected) = cases[index % cases.count]
        let engine = try InputMethodEngines.engine(named: name)
        let recipe = try KeystrokeRecipe.parse(recipeText)
        group.addTask {
          var wrong = 0
          for _ in 0..<Self.rounds where try engine.trace(recipe).committedText != expected { wrong += 1 }
          return wrong
        }
      }
      return try await group.reduce(0, +)
    }
    #expect(mismatches == 0)
  }
}
