import Foundation

/// Another program a test runs to its end: an oracle, a shell script, a tool of the system.
public enum Program {
  /// Runs `executable` with `arguments` and waits for it to end.
  ///
  /// ```swift
  /// let run = try Program.run(URL(fileURLWithPath: "/bin/sh"), ["-c", "echo hi"])
  /// #expect(run.status == 0 && run.output == "hi\n")
  /// ```
  ///
  /// - Parameters:
  ///   - directory: Its working directory (this process's when `nil`).
  ///   - environment: Its whole environment (this process's when `nil`).
  ///   - input: What it reads on its standard input (nothing is connected when `nil`), written from
  ///     another thread so a large output cannot block the write.
  ///   - mergingErrors: Whether its standard error is read with its output (else it goes where this
  ///     process's goes).
  /// - Returns: Its exit status and its output as UTF-8.
  /// - Throws: When it cannot be started.
  public static func run(
    _ executable: URL, _ arguments: [String], in directory: URL? = nil, environment: [String: String]? = nil,
    input: Data? = nil, mergingErrors: Bool = true
  ) throws -> (status: Int32, output: String) {
    let process = Process()
    process.executableURL = executable
    process.arguments = arguments
    if let directory { process.currentDirectoryURL = directory }
    if let environment { process.environment = environment }
    let output = Pipe()
    process.standardOutput = output
    if mergingErrors { process.standardError = output }
    let stdin = Pipe()
    if input != nil { process.standardInput = stdin }
    try process.run()
    if let input {
      let writer = stdin.fileHandleForWriting
      DispatchQueue.global().async {
        writer.write(input)
        try? writer.close()
      }
    }
    let data = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return (process.terminationStatus, String(decoding: data, as: UTF8.self))
  }
}
