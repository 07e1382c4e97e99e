import Diagnostics
import Effects
import Foundation
import QAPassWorkflow

/// A qapass subcommand: a spec that parses and documents it, and one function that parses the
/// arguments into a use case's inputs and calls it.
protocol Subcommand {
  static var spec: CommandSpec { get }
  static func run(_ arguments: ParsedArguments, _ workflow: Workflow) throws -> any CommandResult
}

/// What the command line takes from a use case's result: what it says, which ``Tool`` prints, and the
/// code qapass exits with.
protocol CommandResult {
  var status: ExitCode { get }
  var messages: [UseCaseMessage] { get }
}

extension UseCaseResult: CommandResult {}

extension Subcommand {
  static var entry: SubcommandEntry { SubcommandEntry(spec: spec, run: run) }
}

/// A registered subcommand: its spec and its run function.
struct SubcommandEntry {
  var spec: CommandSpec
  var run: (ParsedArguments, Workflow) throws -> any CommandResult
}

/// Standard output and error, under the name the command line and its tests use.
package typealias Console = QAPassWorkflow.Console

/// The option that lets qapass create missing folders above an output.
let createFoldersOption = CommandSpec.Option.flag(
  "create-folders", help: "Create missing folders above the output paths given (never made otherwise).")

/// The option that lets qapass write an output (or a store) that is a symbolic link to its target.
let followOutputLinksOption = CommandSpec.Option.flag(
  "follow-output-links",
  help: "Write an output that is a symbolic link to the file it points at (refused otherwise, exit 73).")

/// The qapass command line, runnable in-process.
package enum Tool {
  package static let version = "0.1.0"

  static var subcommands: [SubcommandEntry] {
    [
      PassCommand.entry,
      LintCommand.entry,
      ExpandCommand.entry,
      PlanCommand.entry,
      RunCommand.entry,
      ExportScenariosCommand.entry,
      ChecklistCommand.entry,
      RecordCommand.entry,
      RetireCommand.entry,
      WaiveCommand.entry,
      DefectCommand.entry,
      CarryCommand.entry,
      HistoryCommand.entry,
      ReportCommand.entry,
      ServeCommand.entry,
      IngestJUnitCommand.entry,
      IngestXCResultCommand.entry,
      RecordJobCommand.entry,
      DestinationsCommand.entry,
      SimulatorSetupCommand.entry,
      TraceCommand.entry,
    ]
  }

  /// Runs qapass with the process's real environment, streams, file system and clock.
  package static func main(arguments: [String]) -> ExitCode {
    // A closed pipe is reported as EPIPE (and ends the command quietly) rather than killing qapass.
    signal(SIGPIPE, SIG_IGN)
    // Over a file-size limit (`ulimit -f`) a write fails with EFBIG, reported with its path and the
    // temporary file removed, rather than the process being killed (exit 153) mid-write.
    signal(SIGXFSZ, SIG_IGN)
    let stdout = Stream(descriptor: 1)
    let stderr = Stream(descriptor: 2)
    var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
    let directory = getcwd(&buffer, buffer.count).map { String(cString: $0) } ?? "."
    let console = Console(
      environment: ProcessInfo.processInfo.environment,
      currentDirectory: directory,
      standardOutputIsTerminal: isatty(1) == 1,
      standardErrorIsTerminal: isatty(2) == 1,
      standardInputIsTerminal: isatty(0) == 1,
      out: { stdout.write($0) },
      err: { stderr.write($0) },
      outFailure: { stdout.failure },
      readLine: { Swift.readLine(strippingNewline: true) })
    return run(arguments: arguments, console: console, files: LocalFileSystem(), clock: SystemWallClock())
  }

  /// A standard stream that remembers its first failed write and writes nothing after it.
  final class Stream: @unchecked Sendable {
    let descriptor: Int32
    private(set) var failure: Int32?

    init(descriptor: Int32) { self.descriptor = descriptor }

    /// Writes all of `text`, retrying short and interrupted writes.
    func write(_ text: String) {
      guard failure == nil else { return }
      var text = text
      failure = text.withUTF8 { buffer -> Int32? in
        var offset = 0
        while offset < buffer.count {
          let written = systemWrite(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
          if written < 0 {
            if errno == EINTR { continue }
            return errno
          }
          offset += written
        }
        return nil
      }
    }
  }

  /// The exit code once the command is done: a failed write to standard output turns it into 74 with a
  /// message, except a closed pipe (`qapass plan FILE | head`), which ends quietly.
  static func finish(_ code: ExitCode, console: Console) -> ExitCode {
    guard let failure = console.standardOutputFailure, failure != EPIPE else { return code }
    console.err("qapass: error: cannot write to standard output: \(String(cString: strerror(failure)))\n")
    return .ioError
  }

  /// Runs qapass: parses the command line, runs one subcommand, prints what its use case says and
  /// renders any error.
  ///
  /// - Parameters:
  ///   - arguments: The command line without the program name.
  ///   - console: Standard output and error, the environment and the working directory.
  ///   - files: The file system every input and output goes through.
  ///   - clock: The time `record` stamps and checks against.
  ///   - runner: Runs Apple's command-line tools (tests pass a recorder).
  /// - Returns: The documented exit code.
  package static func run(
    arguments: [String], console: Console, files: any FileSystem = LocalFileSystem(),
    clock: any WallClock = SystemWallClock(), runner: any CommandRunner = ProcessCommandRunner()
  ) -> ExitCode {
    finish(
      dispatch(arguments: arguments, console: console, files: files, clock: clock, runner: runner),
      console: console)
  }

  static func dispatch(
    arguments: [String], console: Console, files: any FileSystem, clock: any WallClock,
    runner: any CommandRunner
  ) -> ExitCode {
    guard let first = arguments.first else {
      console.out(HelpRenderer.renderTool(subcommands.map(\.spec)))
      return .success
    }
    switch first {
    case "-h", "--help":
      console.out(HelpRenderer.renderTool(subcommands.map(\.spec)))
      return .success
    case "--version":
      console.out("qapass \(version)\n")
      return .success
    case "help":
      guard let name = arguments.dropFirst().first else {
        console.out(HelpRenderer.renderTool(subcommands.map(\.spec)))
        return .success
      }
      if ["help", "--help", "-h"].contains(name) {
        console.out(HelpRenderer.render(helpSpec))
        return .success
      }
      guard let command = subcommands.first(where: { $0.spec.name == name }) else {
        return usageFailure(UsageError(unknownCommand(name)), console: console)
      }
      console.out(HelpRenderer.render(command.spec))
      return .success
    default:
      break
    }
    guard let command = subcommands.first(where: { $0.spec.name == first }) else {
      return usageFailure(UsageError(unknownCommand(first)), console: console)
    }
    let rest = Array(arguments.dropFirst())
    if rest.contains("--help") || rest.contains("-h") {
      console.out(HelpRenderer.render(command.spec))
      return .success
    }
    var workflow = Workflow(console: console, files: files, clock: clock, runner: runner)
    do {
      let parsed: ParsedArguments = try command.spec.parse(rest)
      workflow.followOutputLinks = parsed.flag(followOutputLinksOption.long)
      let result = try command.run(parsed, workflow)
      console.say(result.messages, texts: workflow.context.texts)
      return result.status
    } catch {
      // What the use case said before it stopped comes first, then why it stopped.
      console.say(workflow.context.messages, texts: workflow.context.texts)
      return failure(error, command: command.spec, workflow: workflow)
    }
  }

  /// Prints why a subcommand stopped and returns the exit code that says so.
  static func failure(_ error: any Error, command: CommandSpec, workflow: Workflow) -> ExitCode {
    let console = workflow.console
    switch error {
    case var error as UsageError:
      error.command = error.command ?? command.name
      return usageFailure(error, console: console)
    case let list as DiagnosticList:
      console.report(list.diagnostics, texts: workflow.context.texts)
      return list.hasErrors ? .dataError : .success
    case let diagnostic as Diagnostic:
      console.report([diagnostic], texts: workflow.context.texts)
      return .dataError
    case let error as FileError:
      console.err("\(error.path): error: \(error.message)\n")
      return error.exitCode
    default:
      console.err("error: \(error)\n")
      return .failure
    }
  }

  /// `qapass help [<subcommand>]`, documented like the others.
  static let helpSpec = CommandSpec(
    name: "help", abstract: "Show the help of qapass or of one subcommand.", discussion: nil,
    arguments: [.init(name: "subcommand", help: "The subcommand to describe.", isOptional: true)],
    options: [])

  static func unknownCommand(_ name: String) -> String {
    let names = subcommands.map(\.spec.name) + ["help"]
    return "unknown subcommand '\(name)'\(Suggestion.hint(for: name, among: names))"
  }

  static func usageFailure(_ error: UsageError, console: Console) -> ExitCode {
    var text = "Error: \(error.message)\n"
    if let name = error.command, let command = subcommands.first(where: { $0.spec.name == name }) {
      text += "Usage: \(command.spec.usage)\n  See 'qapass help \(name)' for more information.\n"
    } else {
      text +=
        "Usage: qapass <subcommand> [<arguments>] [<options>]\n  See 'qapass --help' for more information.\n"
    }
    console.err(text)
    return .usage
  }
}

/// `write(2)`, under a name the stream's own `write` does not shadow.
private func systemWrite(_ descriptor: Int32, _ bytes: UnsafeRawPointer, _ count: Int) -> Int {
  write(descriptor, bytes, count)
}
