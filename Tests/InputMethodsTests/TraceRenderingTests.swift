import Foundation
import Testing

@testable import InputMethods

struct TraceRenderingTests {
  /// A hand-made trace, so the golden strings do not depend on an engine.
  static let sample = Trace(
    engine: "m17n:zh-py",
    recipe: "wen{Return}",
    steps: [
      TraceStep(key: .character("w"), preedit: "w", cursor: 1),
      TraceStep(
        key: .character("n"), preedit: "问", cursor: 1, candidates: ["问", "問", "文"], candidateIndex: 0),
      TraceStep(key: .named(.returnKey), preedit: "", cursor: nil, committed: "问", reachesApp: true),
    ])

  @Test func `table aligns columns by display width`() {
    #expect(
      Self.sample.table() == """
        engine: m17n:zh-py
        recipe: wen{Return}
        #  key       preedit  caret  committed  app  candidates
        1  w         w        1
        2  n         问       1                      *问 問 文
        3  {Return}                  问         yes
        committed: '问'
        preedit: ''

        """)
  }

  @Test func `table of a real hangul trace`() throws {
    #expect(
      try trace("hangul:2", "gksrmf").table() == """
        engine: hangul:2
        recipe: gksrmf
        #  key  preedit  caret  committed  app  candidates
        1  g    ㅎ       1
        2  k    하       1
        3  s    한       1
        4  r    ㄱ       1      한
        5  m    그       1
        6  f    글       1
        committed: '한'
        preedit: '글'

        """)
  }

  @Test func `table caps long candidate pages`() {
    let candidates = (1...12).map(String.init)
    let trace = Trace(
      engine: "x", recipe: "a",
      steps: [TraceStep(key: .character("a"), candidates: candidates, candidateIndex: 11)])
    #expect(trace.table().contains("1 2 3 4 5 6 7 8 9 10 …\n"))
  }

  @Test func `compact JSON has sorted keys, raw CJK and explicit nulls`() {
    #expect(
      Self.sample.json(pretty: false)
        == #"{"committedText":"问","engine":"m17n:zh-py","finalPreedit":"","recipe":"wen{Return}","steps":["#
        + #"{"candidateIndex":null,"candidates":[],"committed":"","cursor":1,"key":"w","preedit":"w","reachesApp":false},"#
        + #"{"candidateIndex":0,"candidates":["问","問","文"],"committed":"","cursor":1,"key":"n","preedit":"问","reachesApp":false},"#
        + #"{"candidateIndex":null,"candidates":[],"committed":"问","cursor":null,"key":"{Return}","preedit":"","reachesApp":true}]}"#
    )
  }

  @Test func `pretty JSON is indented and stable`() {
    let json = Self.sample.json()
    #expect(json == Self.sample.json())
    #expect(json.hasPrefix("{\n  \"committedText\" : \"问\",\n  \"engine\" : \"m17n:zh-py\",\n"))
    #expect(json.contains("\"key\" : \"{Return}\""))
  }

  @Test func `JSON decodes back to the same trace`() throws {
    let decoded = try JSONDecoder().decode(Trace.self, from: Data(Self.sample.json().utf8))
    #expect(decoded == Self.sample)
  }

  @Test func `display width counts CJK as two columns and marks as zero`() {
    #expect("abc".displayWidth == 3)
    #expect("中文".displayWidth == 4)
    #expect("にほんご".displayWidth == 8)
    #expect("한글".displayWidth == 4)
    #expect("ㅎ".displayWidth == 2)
    #expect("か\u{3099}".displayWidth == 2)
    #expect("ＡＢ".displayWidth == 4)
  }
}
