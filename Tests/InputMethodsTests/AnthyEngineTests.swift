import Testing

@testable import InputMethods

struct AnthyEngineTests {
  /// DOMAIN 6.3, ja-anthy "nihongo" convert and commit (there with the EUC-JP shim; here with Anthy
  /// driven directly in UTF-8).
  @Test func `nihongo space Return commits 日本語 as observed`() throws {
    let trace = try trace("anthy", "nihongo{space}{Return}")
    #expect(
      trace.rows() == [
        TraceRow("n", "n"),
        TraceRow("i", "に"),
        TraceRow("h", "にh"),
        TraceRow("o", "にほ"),
        TraceRow("n", "にほn"),
        TraceRow("g", "にほんg"),
        TraceRow("o", "にほんご"),
        TraceRow("{space}", "日本語", "", ["*日本語", "にほんご", "ニホンゴ"]),
        TraceRow("{Return}", "", "日本語"),  // Return consumed, not passed on
      ])
    #expect(trace.committedText == "日本語")
  }

  @Test func `Henkan converts like space`() throws {
    #expect(try trace("anthy", "nihongo{Henkan}{Return}").committedText == "日本語")
  }

  @Test func `a second space moves through the candidate list and a digit picks from it`() throws {
    let trace = try trace("anthy", "nihongo{space}{space}2")
    #expect(trace.rows()[8] == TraceRow("{space}", "にほんご", "", ["日本語", "*にほんご", "ニホンゴ"]))
    #expect(trace.steps[8].candidateIndex == 1)
    #expect(trace.rows()[9] == TraceRow("2", "", "にほんご"))
  }

  @Test func `Up goes back and wraps around`() throws {
    let trace = try trace("anthy", "nihongo{space}{Up}")
    #expect(trace.finalPreedit == "ニホンゴ")
    #expect(trace.steps.last?.candidateIndex == 2)
  }

  @Test func `Return before converting commits the hiragana, consumed`() throws {
    let trace = try trace("anthy", "nihongo{Return}")
    #expect(trace.rows().last == TraceRow("{Return}", "", "にほんご"))
  }

  /// DOMAIN 6.3: multi-segment "watashihanihongo".
  @Test func `watashihanihongo converts in two segments`() throws {
    let trace = try trace("anthy", "watashihanihongo{space}{Right}{space}{Return}")
    let rows = trace.rows(candidateCount: 5)
    #expect(rows[16] == TraceRow("{space}", "私は日本語", "", ["*私は", "わたしは", "渡しは", "ワタシは", "ワタシハ"]))
    #expect(trace.steps[16].cursor == 2)  // caret at the end of the current segment
    #expect(rows[17] == TraceRow("{Right}", "私は日本語", "", ["*日本語", "にほんご", "ニホンゴ"]))
    #expect(rows[18] == TraceRow("{space}", "私はにほんご", "", ["日本語", "*にほんご", "ニホンゴ"]))
    #expect(rows[19] == TraceRow("{Return}", "", "私はにほんご"))
  }

  @Test func `BackSpace returns from the conversion to the reading`() throws {
    let trace = try trace("anthy", "kanji{space}{space}{BackSpace}{BackSpace}")
    #expect(trace.steps[6].preedit == "漢字")
    #expect(trace.steps[7].preedit == "かんじ")
    #expect(trace.steps[7].candidates.isEmpty)
    #expect(trace.finalPreedit == "かん")
    #expect(trace.committedText == "")
  }

  @Test func `Escape discards the composition`() throws {
    let converting = try trace("anthy", "nihongo{space}{Escape}")
    #expect(converting.rows().last == TraceRow("{Escape}", ""))
    let composing = try trace("anthy", "niho{Escape}")
    #expect(composing.rows().last == TraceRow("{Escape}", ""))
  }

  @Test func `typing on after a conversion commits it first`() throws {
    let trace = try trace("anthy", "nihongo{space}ka")
    #expect(trace.steps[8].committed == "日本語")
    #expect(trace.finalPreedit == "か")
  }

  @Test func `kana typed directly append to the reading`() throws {
    let trace = try trace("anthy", "にほんご{space}{Return}")
    #expect(trace.steps.map(\.preedit).prefix(4) == ["に", "にほ", "にほん", "にほんご"])
    #expect(trace.committedText == "日本語")
  }

  @Test func `keys with nothing composed reach the app`() throws {
    let trace = try trace("anthy", "{space}{Return}{BackSpace}")
    #expect(trace.steps.allSatisfy { $0.reachesApp })
    #expect(trace.committedText == "")
  }

  @Test func `conversions are deterministic`() throws {
    let first = try trace("anthy", "kanji{space}{space}{Return}")
    let second = try trace("anthy", "kanji{space}{space}{Return}")
    #expect(first == second)
    #expect(first.committedText == "漢字")
  }
}
