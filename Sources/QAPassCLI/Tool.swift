import Diagnostics
import Effects
import Foundation
import Observations
import Simulators
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

/// What a running command can use: the console, the file system, the clock and the files it has read.
struct CommandContext {
  var console: Console
  /// Every file read and written goes through here (``LocalFileSystem`` in the real tool).
  var files: any FileSystem = LocalFileSystem()
  /// The time `record` stamps and checks against (``SystemWallClock`` in the real tool).
  var clock: any WallClock = SystemWallClock()
  /// Runs Apple's tools (xcrun); refuses off macOS.
  var runner: any CommandRunner = ProcessCommandRunner()
  let sources = SourceCache()

  /// Resolves a user-given path against the working directory.
  func url(_ path: String) -> URL {
    path.hasPrefix("/")
      ? URL(fileURLWithPath: path)
      : URL(fileURLWithPath: console.currentDirectory).appendingPathComponent(path)
  }

  /// A user-given path made absolute against the working directory, as the file system takes it.
  func absolute(_ path: String) -> String { url(path).path }

  /// The largest input file qapass reads; larger ones are refused before reading (YAMLLimits agrees).
  static let maxInputBytes = YAMLLimits.default.maxInputBytes

  /// Reads a whole input file, remembering its text for diagnostics.
  ///
  /// Only regular files are read (a FIFO or a device such as /dev/zero would block or never end), and
  /// never more than `maxInputBytes`.
  func read(_ path: String) throws(FileError) -> [UInt8] {
    let absolute = absolute(path)
    switch files.kind(of: absolute, followingLinks: true) {
    case nil:
      throw FileError(path: path, message: "no such file", exitCode: .noInput)
    case .regular:
      break
    case .directory:
      throw FileError(path: path, message: "is a directory, not a file", exitCode: .noInput)
    default:
      throw FileError(
        path: path, message: "is not a regular file (a device, FIFO or socket)", exitCode: .noInput)
    }
    let size = files.attributes(of: absolute)?.size ?? 0
    guard size <= Self.maxInputBytes else {
      throw FileError(
        path: path, message: "is \(size / (1 << 20)) MiB, over the limit of \(Self.maxInputBytes >> 20) MiB",
        exitCode: .dataError)
    }
    let read: [UInt8]?
    do {
      read = try files.readBytes(absolute, limit: Self.maxInputBytes)
    } catch {
      throw FileError(path: path, message: "cannot be read (\(error.reason))", exitCode: .noInput)
    }
    guard let bytes = read else { throw FileError(path: path, message: "no such file", exitCode: .noInput) }
    if bytes.count > Self.maxInputBytes {
      throw FileError(
        path: path, message: "is over the limit of \(Self.maxInputBytes >> 20) MiB", exitCode: .dataError)
    }
    sources.remember(String(decoding: bytes, as: UTF8.self), for: path)
    sources.inputs.insert(files.resolvingLinks(absolute) ?? absolute)
    return bytes
  }
}

extension CommandContext {
  /// When an input file was last modified, to the second (the time of test results that carry none).
  func modificationTime(_ path: String) throws(FileError) -> Timestamp {
    // Through the file-system seam like every other read, so an in-memory file system gives its time.
    guard let attributes = files.attributes(of: absolute(path)) else {
      throw FileError(path: path, message: "no such file", exitCode: .noInput)
    }
    return Timestamp(secondsSince1970: attributes.modificationTime)
  }

  /// The option that lets qapass create missing folders above an output.
  static let createFoldersOption = CommandSpec.Option.flag(
    "create-folders", help: "Create missing folders above the output paths given (never made otherwise).")

  /// What a refusal of a missing folder suggests.
  static let createFoldersHint = "pass --create-folders"

  /// Writes one output: `-` (and `/dev/stdout`) to standard output; a regular file atomically (a
  /// temporary file in the same folder, then a rename), so an earlier output is never left half-written;
  /// a symbolic link's target, the link kept; a FIFO or character device written through. Folders,
  /// block devices, sockets and dangling links are refused (exit 73), and so is a missing folder
  /// unless `createFolders` (the `--create-folders` flag, or a default path qapass chose).
  ///
  /// An output never replaces a file the same command read (`run m.yaml --junit m.yaml`), unless
  /// `updatingInput` says the command reads it to update it (a pairwise plan's `cells.jsonl`).
  func write(_ text: String, to path: String, createFolders: Bool, updatingInput: Bool = false)
    throws(FileError)
  {
    let destination = try destination(of: path, createFolders: createFolders, updatingInput: updatingInput)
    switch destination {
    case .standardOutput: console.out(text)
    case .standardError: console.err(text)
    case .file, .stream:
      do {
        try files.writeOutput(Array(text.utf8), to: destination)
      } catch {
        throw FileError(path: path, message: message(error), exitCode: .cannotCreate)
      }
    }
  }

  /// Checks, before any work, that an output may go to `path` (creating its folders when allowed); the
  /// write itself checks again.
  func checkOutput(_ path: String, createFolders: Bool) throws(FileError) {
    _ = try destination(of: path, createFolders: createFolders)
  }

  /// Where the output named `path` goes (``FileSystem/outputDestination(for:createFolders:missingFolderHint:)``).
  private func destination(of path: String, createFolders: Bool, updatingInput: Bool = false)
    throws(FileError)
    -> OutputDestination
  {
    let destination: OutputDestination
    do {
      destination = try files.outputDestination(
        for: path == "-" ? path : absolute(path), createFolders: createFolders,
        missingFolderHint: Self.createFoldersHint)
    } catch {
      throw FileError(path: path, message: message(error), exitCode: .cannotCreate)
    }
    if !updatingInput, case .file(let file) = destination,
      sources.inputs.contains(files.resolvingLinks(file) ?? file)
    {
      throw FileError(
        path: path,
        message: "cannot write: this command reads it; qapass never writes an output over an input",
        exitCode: .cannotCreate)
    }
    return destination
  }

  /// Makes sure the output folder `path` exists: qapass creates the folder named itself, and the
  /// folders above it only with `createFolders`.
  func outputFolder(_ path: String, createFolders: Bool) throws(FileError) {
    let absolute = absolute(path)
    do {
      switch files.kind(of: absolute, followingLinks: true) {
      case .directory: return
      case nil:
        if !createFolders, files.kind(of: FileIO.directory(of: absolute), followingLinks: true) == nil {
          throw FileError(
            path: path,
            message:
              "cannot create the folder: '\(FileIO.directory(of: path))' does not exist; create it, or "
              + Self.createFoldersHint,
            exitCode: .cannotCreate)
        }
        try files.createFolders(absolute)
      case let kind?:
        throw FileError(path: path, message: "is \(kind.rawValue), not a folder", exitCode: .cannotCreate)
      }
    } catch let error as FileError {
      throw error
    } catch let error as FileSystemError {
      throw FileError(
        path: path, message: "cannot create the folder: '\(shown(error.path))' \(error.reason)",
        exitCode: .cannotCreate)
    } catch {
      throw FileError(path: path, message: "\(error)", exitCode: .cannotCreate)
    }
  }

  /// The records file at `path`, ready to be appended to: a regular file (or a symbolic link's target)
  /// in an existing folder; FIFOs and devices are refused, since records are rewritten atomically.
  func recordsFile(_ path: String, createFolders: Bool) throws(FileError) -> String {
    if path == "-" {
      throw FileError(
        path: path, message: "records are read back and appended to, so '-' cannot be one; name a file",
        exitCode: .cannotCreate)
    }
    guard case .file(let file) = try destination(of: path, createFolders: createFolders) else {
      throw FileError(
        path: path, message: "cannot append: records are rewritten atomically, so they need a regular file",
        exitCode: .cannotCreate)
    }
    return file
  }

  /// `path` relative to the working directory when it lies inside it, as the user would write it.
  func shown(_ path: String) -> String {
    path.hasPrefix(console.currentDirectory + "/")
      ? String(path.dropFirst(console.currentDirectory.count + 1)) : path
  }

  /// `cannot write: reason` for a file-system error whose path the diagnostic already names; paths in
  /// the reason are shown relative to the working directory, as the user wrote them.
  func message(_ error: FileSystemError) -> String {
    let reason = error.reason.replacingOccurrences(of: "'\(console.currentDirectory)/", with: "'")
    return "cannot \(error.operation.rawValue): \(reason)"
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
      IngestXCResultCommand.entry,
      DestinationsCommand.entry,
      SimulatorSetupCommand.entry,
      TraceCommand.entry,
    ]
  }

  /// Runs qapass with the process's real environment, streams, file system and clock.
  public static func main(arguments: [String]) -> ExitCode {
    // A closed pipe is reported as EPIPE (and ends the command quietly) rather than killing qapass.
    signal(SIGPIPE, SIG_IGN)
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

  /// Runs qapass: parses the command line, runs one subcommand, renders any error.
  ///
  /// - Parameters:
  ///   - arguments: The command line without the program name.
  ///   - console: Standard output and error, the environment and the working directory.
  ///   - files: The file system every input and output goes through.
  ///   - clock: The time `record` stamps and checks against.
  ///   - runner: Runs Apple's command-line tools (tests pass a recorder).
  /// - Returns: The documented exit code.
  public static func run(
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
    let context = CommandContext(console: console, files: files, clock: clock, runner: runner)
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
