import Foundation

/// Runs Apple's command-line tools (`xcrun simctl`, `xcrun xcresulttool`, `defaults`), an effect injected
/// like the file system and the clock, so tests record the commands instead of running them.
package protocol CommandRunner: Sendable {
  /// Runs `arguments` (the tool first) and returns its standard output.
  ///
  /// - Throws: ``CommandFailure`` when the tool cannot be started or exits with a non-zero status.
  func run(_ arguments: [String]) throws(CommandFailure) -> [UInt8]
}

/// A tool that could not run or failed. Only the runner creates one (tests reach the memberwise init
/// through `@testable import`).
package struct CommandFailure: Error, Hashable, Sendable, CustomStringConvertible {
  /// The command, as a shell would read it.
  package var command: String
  /// What went wrong: the exit status and the first line of standard error, or why it did not start.
  package var reason: String

  package var description: String { "'\(command)' failed: \(reason)" }
}

/// Runs commands as child processes, on macOS only: elsewhere `xcrun` does not exist, and every call
/// fails saying so.
package struct ProcessCommandRunner: CommandRunner {
  /// Creates the runner.
  package init() {}

  /// Whether this platform has Apple's tools.
  package static var isSupported: Bool {
    #if os(macOS)
      return true
    #else
      return false
    #endif
  }

  package func run(_ arguments: [String]) throws(CommandFailure) -> [UInt8] {
    let command = ShellCommand(arguments).text
    guard Self.isSupported else {
      throw CommandFailure(command: command, reason: Message.notMacOS)
    }
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = arguments
    let output = Pipe()
    let errors = Pipe()
    process.standardOutput = output
    process.standardError = errors
    do {
      try process.run()
    } catch {
      throw CommandFailure(command: command, reason: "cannot start (\(error.localizedDescription))")
    }
    let data = output.fileHandleForReading.readDataToEndOfFile()
    let message = errors.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    guard process.terminationStatus == 0 else {
      let first = String(decoding: message, as: UTF8.self).split(whereSeparator: \.isNewline).first ?? ""
      throw CommandFailure(command: command, reason: "exit status \(process.terminationStatus): \(first)")
    }
    return [UInt8](data)
  }

  enum Message {
    static let notMacOS =
      "Apple's command-line tools run on macOS only"
  }
}
