import Diagnostics
import TextFormats

/// Where a command's output goes, and what it knows of its environment; injected so tests run in-process.
///
/// The command line prints what each use case says (``say(_:texts:)``); a use case itself writes here
/// only the artefacts it prints rather than saves, through its file layer, and the walk of
/// `record --session` talks to the tester on it.
package struct Console {
  package var environment: [String: String]
  /// The working directory relative paths are resolved against.
  package var currentDirectory: String
  package var standardOutputIsTerminal: Bool
  package var standardErrorIsTerminal: Bool
  /// Whether standard input is a terminal (interactive `record --session` needs one).
  package var standardInputIsTerminal: Bool
  private let writeOut: (String) -> Void
  private let writeErr: (String) -> Void
  private let outFailure: () -> Int32?
  private let readInput: () -> String?

  package init(
    environment: [String: String] = [:],
    currentDirectory: String,
    standardOutputIsTerminal: Bool = false,
    standardErrorIsTerminal: Bool = false,
    standardInputIsTerminal: Bool = false,
    out: @escaping (String) -> Void,
    err: @escaping (String) -> Void,
    outFailure: @escaping () -> Int32? = { nil },
    readLine: @escaping () -> String? = { nil }
  ) {
    self.outFailure = outFailure
    self.standardInputIsTerminal = standardInputIsTerminal
    self.readInput = readLine
    self.environment = environment
    self.currentDirectory = currentDirectory
    self.standardOutputIsTerminal = standardOutputIsTerminal
    self.standardErrorIsTerminal = standardErrorIsTerminal
    self.writeOut = out
    self.writeErr = err
  }

  /// Writes results and messages (stdout), control characters shown as `\u{1B}`
  /// (``Escaping/terminalText(_:)``): no text from a matrix, a records file or a tester can retitle
  /// the terminal, move its cursor or hide what follows.
  package func out(_ text: String) { writeOut(Escaping.terminalText(text)) }
  /// Writes an artefact's text as it is (stdout): an output path `-`, or an artefact a command prints
  /// rather than saves, whose format escapes control characters its own way (JSON, Markdown, a script)
  /// or whose text was made for a terminal already (tables).
  package func outArtefact(_ text: String) { writeOut(text) }
  /// The `errno` of the first write to standard output that failed, or `nil` when every write went out.
  package var standardOutputFailure: Int32? { outFailure() }

  /// Writes diagnostics and progress (stderr), control characters shown as ``out(_:)`` shows them.
  package func err(_ text: String) { writeErr(Escaping.terminalText(text)) }
  /// Writes an artefact's text as it is (stderr, an output path `/dev/stderr`), as ``outArtefact(_:)``.
  package func errArtefact(_ text: String) { writeErr(text) }
  /// Reads one line of standard input without its newline; `nil` at the end of input.
  package func readLine() -> String? { readInput() }

  /// Colour only on a terminal and never with `NO_COLOR`.
  package var colorsDiagnostics: Bool { standardErrorIsTerminal && environment["NO_COLOR"] == nil }

  /// Prints what a use case said, in order: text to standard output or error, diagnostics to standard
  /// error with excerpts of the files in `texts`.
  package func say(_ messages: [UseCaseMessage], texts: SourceTexts) {
    for message in messages {
      switch message {
      case .output(let text): out(text)
      case .error(let text): err(text)
      case .diagnostics(let diagnostics): report(diagnostics, texts: texts)
      }
    }
  }

  /// Prints diagnostics, with source excerpts for the files in `texts`, to stderr, in one pass over
  /// each file (20,000 errors in one file render in half a second, not minutes).
  package func report(_ diagnostics: [Diagnostic], texts: SourceTexts) {
    guard !diagnostics.isEmpty else { return }
    // The renderer shows control characters itself, around the colour codes it adds.
    writeErr(DiagnosticRenderer(colored: colorsDiagnostics).render(diagnostics) { texts.text($0) })
  }
}
