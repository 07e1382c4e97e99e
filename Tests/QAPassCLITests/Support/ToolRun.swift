import Effects
import Foundation
import TestSupport
import Testing

@testable import QAPassCLI

/// What one in-process run of qapass produced.
struct ToolRun {
  var code: ExitCode
  var out: String
  var err: String
}

/// The repository root, found from this file's path.
let repositoryRoot = URL(fileURLWithPath: #filePath)
  .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
  .deletingLastPathComponent()

/// Runs qapass in-process with captured output, in `directory` (the repository root by default).
func qapass(_ arguments: String..., in directory: URL = repositoryRoot, environment: [String: String] = [:])
  -> ToolRun
{
  qapass(arguments, in: directory.path, environment: environment)
}

/// Runs qapass in-process with captured output in `directory`, over `files` and `clock`; with `answers`,
/// on a terminal that answers them, one line each (then the end of input).
func qapass(
  _ arguments: [String], in directory: String, environment: [String: String] = [:],
  files: any FileSystem = LocalFileSystem(), clock: any WallClock = SystemWallClock(),
  answers: [String]? = nil
) -> ToolRun {
  final class Box: @unchecked Sendable {
    var out = ""
    var err = ""
    var answers: [String] = []
  }
  let box = Box()
  box.answers = answers ?? []
  let console = Console(
    environment: environment, currentDirectory: directory, standardInputIsTerminal: answers != nil,
    out: { box.out += $0 }, err: { box.err += $0 },
    readLine: { box.answers.isEmpty ? nil : box.answers.removeFirst() })
  let code = Tool.run(arguments: arguments, console: console, files: files, clock: clock)
  return ToolRun(code: code, out: box.out, err: box.err)
}

/// Compares `actual` with the golden file `Snapshots/NAME` of this test target (see TestSupport's
/// `assertSnapshot`, which this forwards to so the tests need no import of their own).
func assertSnapshot(_ actual: String, named name: String, sourceLocation: SourceLocation = #_sourceLocation) {
  TestSupport.assertSnapshot(actual, named: name, sourceLocation: sourceLocation)
}
