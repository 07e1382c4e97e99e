#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// An observation sheet or records file: its path as the user named it and its bytes.
///
/// Sheets and records files share one schema (see ``ObservationSchema``), so ingest reads both alike.
public struct ObservationFile: Hashable, Sendable {
  /// The path as the user named it; diagnostics and tie-breaks use it.
  public var path: String
  /// The file's bytes (UTF-8 YAML).
  public var bytes: [UInt8]

  /// Creates a file from bytes already read.
  public init(path: String, bytes: [UInt8]) {
    self.path = path
    self.bytes = bytes
  }

  /// Creates a file from text.
  public init(path: String, text: String) {
    self.init(path: path, bytes: Array(text.utf8))
  }

  /// Reads the file at `path`.
  ///
  /// - Parameter path: A file system path.
  /// - Throws: ``FileSystemError`` when it cannot be opened or read.
  public init(contentsOf path: String) throws(FileSystemError) {
    guard let bytes = try FileIO.readIfExists(path) else {
      throw FileSystemError(operation: .read, path: path, code: ENOENT)
    }
    self.init(path: path, bytes: bytes)
  }

  /// The bytes as text, for diagnostics' source excerpts.
  public var text: String { String(decoding: bytes, as: UTF8.self) }
}
