import Diagnostics
import Effects
import Foundation
import ScenarioEngine

/// The use cases of qapass (plan, run, checklist, record, report, pass, ingest, …) over injected effects.
///
/// Each use case is one method over a plain inputs value; it reads and writes files only through
/// ``files``, takes the time from ``clock``, types keystrokes with ``engines``, runs Apple's tools with
/// ``runner``. It returns a ``UseCaseResult``: what it made, the exit code the command line should use,
/// the files it wrote and what it has to say (``UseCaseMessage``), which the command line prints; it
/// throws ``UsageError``, ``FileError``, `Diagnostic` or `DiagnosticList` for inputs it cannot work
/// with. The command line only parses arguments into inputs and prints what the use case says.
///
/// ```swift
/// let matrix = Array(try Data(contentsOf: URL(fileURLWithPath: "matrices/default.yaml")))
/// let files = InMemoryFileSystem(["/w": .folder, "/w/m.yaml": .file(matrix)])
/// let console = Console(currentDirectory: "/w", out: { print($0, terminator: "") }, err: { _ in })
/// let clock = FixedWallClock(secondsSince1970: 1_795_975_445)
/// let workflow = Workflow(console: console, files: files, clock: clock)
/// let plan = try workflow.plan(.init(source: .init(matrix: "/w/m.yaml")))  // prints the plan's table
/// plan.value?.summary.manualItems
/// ```
package struct Workflow {
  /// The environment and the working directory; standard output for artefacts printed rather than saved,
  /// and the terminal the walk of `record --session` talks on.
  package var console: Console
  /// Every file read and written goes through here (``LocalFileSystem`` in the real tool).
  package var files: any FileSystem
  /// The time `record` stamps and checks against, and ingest's `now`.
  package var clock: any WallClock
  /// Runs Apple's tools (xcrun); refuses off macOS.
  package var runner: any CommandRunner
  /// The input-method engines (``BuiltInEngines/factory``); `nil` in a build without them.
  package var engines: EngineFactory?
  /// Whether an output (or a store) that is a symbolic link is written to its target
  /// (`--follow-output-links`); otherwise it is refused, since qapass never follows a link it did not
  /// create.
  package var followOutputLinks = false
  /// What is kept across use cases when set (`serve`): the automated runs, the plans and what each
  /// observation file gave ingest, each used only while the files it came from are unchanged; `nil`
  /// makes everything again each time.
  package var memo: PassMemo?
  /// What the running use case declared, read (the texts for diagnostics' excerpts), wrote and
  /// reported.
  package let context = UseCaseContext()

  /// Creates the use cases over these effects.
  package init(
    console: Console, files: any FileSystem = LocalFileSystem(), clock: any WallClock = SystemWallClock(),
    runner: any CommandRunner = ProcessCommandRunner(),
    engines: EngineFactory? = BuiltInEngines.factory
  ) {
    self.console = console
    self.files = files
    self.clock = clock
    self.runner = runner
    self.engines = engines
  }

  /// The result of the current use case: what it made, wrote and has to say.
  func finished<Value>(_ value: Value, _ status: ExitCode = .success) -> UseCaseResult<Value> {
    UseCaseResult(value: value, status: status, written: context.written, messages: context.messages)
  }

  /// Says `text` on standard output once the use case is done (on standard error with
  /// `onStandardError`, as beside an artefact that goes to standard output).
  func say(_ text: String, onStandardError: Bool = false) {
    context.messages.append(onStandardError ? .error(text) : .output(text))
  }

  /// Reports diagnostics, printed with excerpts of the files read once the use case is done.
  func show(_ diagnostics: [Diagnostic]) {
    guard !diagnostics.isEmpty else { return }
    context.messages.append(.diagnostics(diagnostics))
  }
}
