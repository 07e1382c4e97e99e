/// A file that cannot be read or written: `path: error: message`, and the exit code it maps to.
public struct FileError: Error, Equatable, Sendable {
  /// The path as the user gave it.
  public var path: String
  /// What went wrong.
  public var message: String
  /// The documented exit code (66 unreadable, 65 malformed, 73 not writable).
  public var exitCode: ExitCode

  /// Creates a file error.
  public init(path: String, message: String, exitCode: ExitCode) {
    self.path = path
    self.message = message
    self.exitCode = exitCode
  }
}
