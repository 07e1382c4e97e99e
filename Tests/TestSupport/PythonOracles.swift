import Foundation
import Testing

/// The Python test oracles in `.oracles/` (installed by `scripts/ensure-oracles`, which `make test` runs).
public enum PythonOracles {
  /// The repository root, found from this file's path.
  public static let repositoryRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent()

  /// `.oracles/bin/python`, or `$QAPASS_ORACLES/bin/python`.
  public static let python: URL = {
    let folder =
      ProcessInfo.processInfo.environment["QAPASS_ORACLES"].map { URL(fileURLWithPath: $0) }
      ?? repositoryRoot.appendingPathComponent(".oracles")
    return folder.appendingPathComponent("bin/python")
  }()

  /// Whether the venv is there. Under `make test` (QAPASS_REQUIRE_ORACLES=1) the tests run anyway and
  /// fail when it is not, so CI can never skip them (``TestOracles``).
  public static let available = TestOracles.runs(whenInstalled: TestOracles.installed([python.path]))

  /// Why a suite that needs them is skipped.
  public static let skipReason: Comment =
    "the Python oracles are not installed: run scripts/ensure-oracles (make test does)"

  /// Runs `script` (a file path, or `-c` code when `code` is true) with `arguments` under the venv's
  /// python, `input` on its standard input; returns the exit status and the output (stdout and stderr).
  public static func run(_ script: String, _ arguments: [String], code: Bool = true, input: Data? = nil)
    throws
    -> (status: Int32, output: String)
  {
    try Program.run(python, (code ? ["-c", script] : [script]) + arguments, input: input)
  }
}
