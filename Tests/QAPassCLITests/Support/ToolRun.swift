import Foundation
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
  final class Box: @unchecked Sendable {
    var out = ""
    var err = ""
  }
  let box = Box()
  let console = Console(
    environment: environment, currentDirectory: directory.path,
    out: { box.out += $0 }, err: { box.err += $0 })
  let code = Tool.run(arguments: arguments, console: console)
  return ToolRun(code: code, out: box.out, err: box.err)
}

/// Compares `actual` with the golden file `Snapshots/NAME`; `QAPASS_RECORD_SNAPSHOTS=1` rewrites the file
/// and still fails, so a re-record is always a deliberate, reviewed change.
func assertSnapshot(
  _ actual: String, named name: String, sourceLocation: SourceLocation = #_sourceLocation
) {
  let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("Snapshots").appendingPathComponent(name)
  if ProcessInfo.processInfo.environment["QAPASS_RECORD_SNAPSHOTS"] == "1" {
    try? FileManager.default.createDirectory(
      at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
    try? actual.write(to: url, atomically: true, encoding: .utf8)
    Issue.record(
      "recorded snapshot \(name); unset QAPASS_RECORD_SNAPSHOTS and run again", sourceLocation: sourceLocation
    )
    return
  }
  guard let expected = try? String(contentsOf: url, encoding: .utf8) else {
    Issue.record(
      "missing snapshot \(name); record it with QAPASS_RECORD_SNAPSHOTS=1", sourceLocation: sourceLocation)
    return
  }
  if actual != expected {
    Issue.record("snapshot \(name) differs:\n\(lineDiff(expected, actual))", sourceLocation: sourceLocation)
  }
}

/// A minimal line diff: `-` lines only in the expected text, `+` lines only in the actual text.
func lineDiff(_ expected: String, _ actual: String) -> String {
  let a = expected.split(separator: "\n", omittingEmptySubsequences: false)
  let b = actual.split(separator: "\n", omittingEmptySubsequences: false)
  // Longest common subsequence table; snapshots are small.
  var lcs = [[Int]](repeating: [Int](repeating: 0, count: b.count + 1), count: a.count + 1)
  for i in stride(from: a.count - 1, through: 0, by: -1) {
    for j in stride(from: b.count - 1, through: 0, by: -1) {
      lcs[i][j] = a[i] == b[j] ? lcs[i + 1][j + 1] + 1 : max(lcs[i + 1][j], lcs[i][j + 1])
    }
  }
  var out: [String] = []
  var i = 0
  var j = 0
  while i < a.count || j < b.count {
    if i < a.count, j < b.count, a[i] == b[j] {
      i += 1
      j += 1
    } else if j < b.count, i == a.count || lcs[i][j + 1] >= lcs[i + 1][j] {
      out.append("+\(b[j])  (line \(j + 1))")
      j += 1
    } else {
      out.append("-\(a[i])  (line \(i + 1))")
      i += 1
    }
  }
  return out.joined(separator: "\n")
}
