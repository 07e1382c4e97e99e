import QAPassWorkflow
import Testing

/// Everything qapass says on a terminal passes through one sanitiser; an artefact printed as a file
/// (`-o -`) keeps its bytes (issue 32).
struct ConsoleTests {
  final class Sink: @unchecked Sendable {
    var out = ""
    var err = ""
  }

  static func console(_ sink: Sink) -> Console {
    Console(currentDirectory: "/w", out: { sink.out += $0 }, err: { sink.err += $0 })
  }

  @Test func `messages show control characters on both streams; artefacts keep their bytes`() {
    let sink = Sink()
    let console = Self.console(sink)
    console.out("title \u{1B}]0;owned\u{07}\tok\n")
    console.err("BEL\u{07} CSI\u{9B}2J CR\r\n")
    console.outArtefact("{\"a\": \"\u{85}\"}\n")
    #expect(sink.out == "title \\u{1B}]0;owned\\u{7}\tok\n{\"a\": \"\u{85}\"}\n")
    #expect(sink.err == "BEL\\u{7} CSI\\u{9B}2J CR\\u{D}\n")
  }
}
