import Foundation
import QAPassCLI

/// What one in-process run of qapass produced.
struct ToolRun {
  var code: ExitCode
  var out: String
  var err: String

  /// The first line of stderr, without its line break.
  var firstErrorLine: String { String(err.prefix { $0 != "\n" }) }
}

/// A fresh directory for one test's hostile inputs, removed when the test ends.
final class Scratch {
  let url: URL

  init() throws {
    url = FileManager.default.temporaryDirectory
      .appendingPathComponent("qapass-hostile-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
  }

  deinit {
    // Restore permissions a test took away so the directory can be removed.
    if let names = try? FileManager.default.contentsOfDirectory(atPath: url.path) {
      for name in names { chmod(url.appendingPathComponent(name).path, 0o644) }
    }
    try? FileManager.default.removeItem(at: url)
  }

  /// Writes `bytes` to `name` in the scratch directory.
  @discardableResult
  func write(_ name: String, _ bytes: [UInt8]) throws -> String {
    try Data(bytes).write(to: url.appendingPathComponent(name))
    return name
  }

  /// Writes `text` as UTF-8 to `name` in the scratch directory.
  @discardableResult
  func write(_ name: String, _ text: String) throws -> String {
    try write(name, Array(text.utf8))
  }

  /// The absolute path of `name` in the scratch directory.
  func path(_ name: String) -> String { url.appendingPathComponent(name).path }

  /// Runs qapass in-process with the scratch directory as the working directory.
  func qapass(_ arguments: String...) -> ToolRun { run(arguments) }

  /// Runs qapass in-process with the scratch directory as the working directory.
  func run(_ arguments: [String]) -> ToolRun {
    final class Box: @unchecked Sendable {
      var out = ""
      var err = ""
    }
    let box = Box()
    let console = Console(
      currentDirectory: url.path, out: { box.out += $0 }, err: { box.err += $0 })
    let code = Tool.run(arguments: arguments, console: console)
    return ToolRun(code: code, out: box.out, err: box.err)
  }
}
