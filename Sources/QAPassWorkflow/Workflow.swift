import Diagnostics
import Effects
import Foundation
import ScenarioEngine
import Simulators

/// The use cases of qapass (plan, run, checklist, record, report, pass, ingest, …) over injected effects.
///
/// Each use case is one method over a plain inputs value; it reads and writes files only through
/// ``files``, takes the time from ``clock``, types keystrokes with ``engines``, runs Apple's tools with
/// ``runner`` and prints to ``console``. It returns what it wrote, what it reported and the exit code
/// the command line should use, and throws ``UsageError``, ``FileError``, `Diagnostic` or
/// `DiagnosticList` for inputs it cannot work with. The command line only parses arguments into inputs.
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
  /// Standard output and error, the environment and the working directory.
  package var console: Console
  /// Every file read and written goes through here (``LocalFileSystem`` in the real tool).
  package var files: any FileSystem
  /// The time `record` stamps and checks against, and ingest's `now`.
  package var clock: any WallClock
  /// Runs Apple's tools (xcrun); refuses off macOS.
  package var runner: any CommandRunner
  /// The input-method engines (``BuiltInEngines/factory``); `nil` in a build without them.
  package var engines: EngineFactory?
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

  /// What a use case did: its value, the files it wrote, the diagnostics it printed and the exit code.
  package struct Completion<Value> {
    /// What the use case made (the plan, the report, the observation recorded, …).
    package var value: Value
    /// The exit code the command line exits with.
    package var status: ExitCode
    /// The files written, as named in the inputs, in order (standard output not included).
    package var written: [String]
    /// The diagnostics printed to standard error (warnings, and errors that did not stop the use case).
    package var diagnostics: [Diagnostic]
  }

  /// What the current use case made, wrote and reported.
  func completion<Value>(_ value: Value, _ status: ExitCode = .success) -> Completion<Value> {
    Completion(value: value, status: status, written: context.written, diagnostics: context.reported)
  }

  /// Prints diagnostics with excerpts of the files read, and keeps them for the outcome.
  func show(_ diagnostics: [Diagnostic]) {
    context.reported += diagnostics
    console.report(diagnostics, texts: context.texts)
  }
}
