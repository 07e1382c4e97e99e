import Foundation

/// Starts this test binary again to run one test as a child process, as the crash-safety tests need a
/// writer they can `SIGKILL` (forking a multi-threaded test process would not be safe).
///
/// The child runs `--filter <test> --testing-library swift-testing` with extra environment variables;
/// its standard output comes back through a pipe, its standard error is discarded.
final class ChildProcess {
  let process = Process()
  private let output = Pipe()
  private var buffer: [UInt8] = []

  init(test filter: String, environment: [String: String]) throws {
    process.executableURL = URL(fileURLWithPath: ChildProcess.executable)
    process.arguments = ["--filter", filter, "--testing-library", "swift-testing"]
    process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
    process.standardOutput = output
    process.standardError = FileHandle.nullDevice
    try process.run()
  }

  /// This test binary.
  static var executable: String {
    (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0]
  }

  /// Reads output until a line starting with `prefix` arrives (or the output ends).
  func waitForLine(startingWith prefix: String) {
    while !lines.contains(where: { $0.hasPrefix(prefix) }) {
      let chunk = output.fileHandleForReading.availableData
      if chunk.isEmpty { return }
      buffer += chunk
    }
  }

  /// Sends `SIGKILL`.
  func kill() {
    _ = Foundation.kill(process.processIdentifier, SIGKILL)
  }

  /// Reads the rest of the output and waits for the process to end.
  func finish() -> [String] {
    buffer += output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return lines
  }

  /// Complete lines so far.
  var lines: [String] {
    let text = String(decoding: buffer, as: UTF8.self)
    var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    lines.removeLast()  // the unfinished tail (empty when the text ends with a line break)
    return lines
  }
}
