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
package struct FileSystemError: Error, Hashable, Sendable, CustomStringConvertible {
  /// What qapass was doing.
  package enum Operation: String, Hashable, Sendable {
    /// Reading an existing file.
    case read
    /// Writing a file (creating, writing or renaming its temporary copy).
    case write
    /// Taking the lock beside a file.
    case lock
    /// Flushing a file or its directory to the disk.
    case sync
    /// Creating a folder.
    case create
  }

  /// What qapass was doing.
  package var operation: Operation
  /// The file (or directory) concerned.
  package var path: String
  /// The `errno` value (`0` when qapass itself refused, see ``refusal``).
  package var code: Int32
  /// Why qapass refused on its own, in plain words (`is a symbolic link to a block device`); `nil` when
  /// the system refused and ``code`` says why.
  package var refusal: String?

  /// Creates an error from a system error number.
  package init(operation: Operation, path: String, code: Int32) {
    self.operation = operation
    self.path = path
    self.code = code
    self.refusal = nil
  }

  /// Creates an error qapass raises itself, such as refusing to replace a device.
  package init(operation: Operation, path: String, refusal: String) {
    self.operation = operation
    self.path = path
    self.code = 0
    self.refusal = refusal
  }

  /// The system's words for ``code`` (`Permission denied`), or qapass's ``refusal``.
  package var reason: String {
    if let refusal { return refusal }
    guard let text = strerror(code) else { return "error \(code)" }
    return String(cString: text)
  }

  /// `cannot write 'path': Permission denied`.
  package var description: String { "cannot \(operation.rawValue) '\(path)': \(reason)" }

  /// The error as a file-level diagnostic (no line or column).
  package var diagnostic: Diagnostic {
    Diagnostic(.error, path: path, location: nil, message: "cannot \(operation.rawValue) the file: \(reason)")
  }
}
