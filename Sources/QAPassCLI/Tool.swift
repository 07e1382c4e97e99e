import Diagnostics
import Foundation
import Observations
import YAMLDecoding

/// A qapass subcommand: a spec that parses and documents it, and one function that runs it.
protocol Subcommand {
  static var spec: CommandSpec { get }
  static func run(_ arguments: ParsedArguments, _ context: CommandContext) throws -> ExitCode
}

extension Subcommand {
  static var entry: SubcommandEntry { SubcommandEntry(spec: spec, run: run) }
}

/// A registered subcommand: its spec and its run function.
struct SubcommandEntry {
  var spec: CommandSpec
  var run: (ParsedArguments, CommandContext) throws -> ExitCode
}

/// What a running command can use: the console and the files it has read.
struct CommandContext {
  var console: Console
  let sources = SourceCache()

  /// Resolves a user-given path against the working directory.
  func url(_ path: String) -> URL {
    path.hasPrefix("/")
      ? URL(fileURLWithPath: path)
      : URL(fileURLWithPath: console.currentDirectory).appendingPathComponent(path)
  }

  /// The largest input file qapass reads; larger ones are refused before reading (YAMLLimits agrees).
  static let maxInputBytes = YAMLLimits.default.maxInputBytes

  /// Reads a whole input file, remembering its text for diagnostics.
  ///
  /// Only regular files are read (a FIFO or a device such as /dev/zero would block or never end), and
  /// never more than `maxInputBytes`.
  func read(_ path: String) throws(FileError) -> [UInt8] {
    let url = url(path)
    var info = stat()
    guard stat(url.path, &info) == 0 else {
      let reason = errno == ENOENT ? "no such file" : "cannot be read (\(String(cString: strerror(errno))))"
      throw FileError(path: path, message: reason, exitCode: .noInput)
    }
    switch info.st_mode & S_IFMT {
    case S_IFREG:
      break
    case S_IFDIR:
      throw FileError(path: path, message: "is a directory, not a file", exitCode: .noInput)
    default:
      throw FileError(
        path: path, message: "is not a regular file (a device, FIFO or socket)", exitCode: .noInput)
    }
    guard Int(info.st_size) <= Self.maxInputBytes else {
      throw FileError(
        path: path,
        message: "is \(Int(info.st_size) / (1 << 20)) MiB, over the limit of \(Self.maxInputBytes >> 20) MiB",
        exitCode: .dataError)
    }
    guard let handle = FileHandle(forReadingAtPath: url.path) else {
      throw FileError(path: path, message: "cannot be read (permission denied?)", exitCode: .noInput)
    }
    defer { try? handle.close() }
    let data: Data
    do {
      data = try handle.read(upToCount: Self.maxInputBytes + 1) ?? Data()
    } catch {
      throw FileError(
        path: path, message: "cannot be read (\(error.localizedDescription))", exitCode: .noInput)
    }
    if data.count > Self.maxInputBytes {
      throw FileError(
        path: path, message: "is over the limit of \(Self.maxInputBytes >> 20) MiB", exitCode: .dataError)
    }
    let bytes = [UInt8](data)
    sources.remember(String(decoding: bytes, as: UTF8.self), for: path)
    return bytes
  }
}

extension CommandContext {
  /// Writes an output file atomically (a temporary file in the same folder, then a rename), so an
  /// earlier output is never left half-written.
  func write(_ text: String, to path: String) throws(FileError) {
    let url = url(path)
    try FileSystemPaths.createParent(of: url.path)
    do {
      try AtomicFile.write(text, to: url.path)
    } catch {
      throw FileError(path: path, message: error.description, exitCode: .cannotCreate)
    }
  }
}

/// A file that cannot be read or written.
struct FileError: Error, Equatable {
  var path: String
  var message: String
  var exitCode: ExitCode
}

/// The qapass command line, runnable in-process.
public enum Tool {
  public static let version = "0.1.0"

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
      ReportCommand.entry,
      IngestJUnitCommand.entry,
      TraceCommand.entry,
    ]
  }

  /// Runs qapass with the process's real environment and streams.
  public static func main(arguments: [String]) -> ExitCode {
    let console = Console(
      environment: ProcessInfo.processInfo.environment,
      currentDirectory: FileManager.default.currentDirectoryPath,
      standardOutputIsTerminal: isatty(1) == 1,
      standardErrorIsTerminal: isatty(2) == 1,
      out: { writeAll($0, to: 1) },
      err: { writeAll($0, to: 2) })
    return run(arguments: arguments, console: console)
  }

  /// Writes all of `text` to a file descriptor, retrying short writes; a closed pipe ends quietly.
  static func writeAll(_ text: String, to descriptor: Int32) {
    var text = text
    text.withUTF8 { buffer in
      var offset = 0
      while offset < buffer.count {
        let written = write(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
        if written < 0 {
          if errno == EINTR { continue }
          return
        }
        offset += written
      }
    }
  }

  /// Runs qapass: parses the command line, runs one subcommand, renders any error.
  public static func run(arguments: [String], console: Console) -> ExitCode {
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
    let context = CommandContext(console: console)
    do {
      let parsed: ParsedArguments = try command.spec.parse(rest)
      return try command.run(parsed, context)
    } catch let error as UsageError {
      var error = error
      error.command = error.command ?? command.spec.name
      return usageFailure(error, console: console)
    } catch let list as DiagnosticList {
      console.report(list.diagnostics, sources: context.sources)
      return list.hasErrors ? .dataError : .success
    } catch let diagnostic as Diagnostic {
      console.report([diagnostic], sources: context.sources)
      return .dataError
    } catch let error as FileError {
      console.err("\(error.path): error: \(error.message)\n")
      return error.exitCode
    } catch {
      console.err("error: \(error)\n")
      return .failure
    }
  }

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
