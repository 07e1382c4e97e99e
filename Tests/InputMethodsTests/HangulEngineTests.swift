import Testing

@testable import InputMethods

struct HangulEngineTests {
  /// DOMAIN 6.3, libhangul 2-set "gksrmf"; the last syllable stays as preedit at the end.
  @Test func `2-set gksrmf composes 한글 as observed`() throws {
    let trace = try trace("hangul:2", "gksrmf")
    #expect(
      trace.rows() == [
        TraceRow("g", "ㅎ"),
        TraceRow("k", "하"),
        TraceRow("s", "한"),
        TraceRow("r", "ㄱ", "한"),
        TraceRow("m", "그"),
        TraceRow("f", "글"),
      ])
    #expect(trace.committedText == "한")
    #expect(trace.finalPreedit == "글")
  }

  @Test func `gksk resyllabifies`() throws {
    let trace = try trace("hangul:2", "gksk")
    #expect(trace.committedText == "하")
    #expect(trace.finalPreedit == "나")
  }

  @Test func `space and Return commit the syllable and reach the app`() throws {
    #expect(try trace("hangul:2", "gksrmf{space}").rows().last == TraceRow("{space}", "", "글", app: true))
    #expect(try trace("hangul:2", "gksrmf{Return}").rows().last == TraceRow("{Return}", "", "글", app: true))
  }

  @Test func `BackSpace removes the last jamo, then reaches the app`() throws {
    let trace = try trace("hangul:2", "gks{BackSpace}{BackSpace}{BackSpace}{BackSpace}")
    #expect(trace.steps.map(\.preedit).suffix(4) == ["하", "ㅎ", "", ""])
    #expect(trace.steps.map(\.reachesApp).suffix(4) == [false, false, false, true])
  }

  @Test func `a key the keyboard does not map commits and reaches the app`() throws {
    let trace = try trace("hangul:2", "gk1")
    #expect(trace.rows().last == TraceRow("1", "", "하", app: true))
  }

  @Test func `dkssudgktpdy types 안녕하세요`() throws {
    let trace = try trace("hangul:2", "dkssudgktpdy")
    #expect(trace.committedText + trace.finalPreedit == "안녕하세요")
  }

  @Test func `other keyboards use their own layout`() throws {
    // Sebeolsik Final: j = ㅇ (initial), f = ㅏ, s = ㄴ (final) → 안.
    let trace = try trace("hangul:3f", "jfs")
    #expect(trace.finalPreedit == "안")
  }
}
