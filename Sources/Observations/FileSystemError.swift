import Diagnostics

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A file operation the system refused, with the path and the system's reason.
///
/// ```swift
/// FileSystemError(operation: .write, path: "sheets/a.yaml", code: EACCES).description
/// // "cannot write 'sheets/a.yaml': Permission denied"
/// ```
public struct FileSystemError: Error, Hashable, Sendable, CustomStringConvertible {
  /// What qapass was doing.
  public enum Operation: String, Hashable, Sendable {
    /// Reading an existing file.
    case read
    /// Writing a file (creating, writing or renaming its temporary copy).
    case write
    /// Taking the lock beside a file.
    case lock
    /// Flushing a file or its directory to the disk.
    case sync
  }

  /// What qapass was doing.
  public var operation: Operation
  /// The file (or directory) concerned.
  public var path: String
  /// The `errno` value.
  public var code: Int32

  /// Creates an error.
  public init(operation: Operation, path: String, code: Int32) {
    self.operation = operation
    self.path = path
    self.code = code
  }

  /// The system's words for ``code``: `Permission denied`.
  public var reason: String {
    guard let text = strerror(code) else { return "error \(code)" }
    return String(cString: text)
  }

  /// `cannot write 'path': Permission denied`.
  public var description: String { "cannot \(operation.rawValue) '\(path)': \(reason)" }

  /// The error as a file-level diagnostic (no line or column).
  public var diagnostic: Diagnostic {
    Diagnostic(.error, path: path, location: nil, message: "cannot \(operation.rawValue) the file: \(reason)")
  }
}
