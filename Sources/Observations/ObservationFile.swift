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

  /// The bytes as text.
  public var text: String { String(decoding: bytes, as: UTF8.self) }

  /// The text to show under diagnostics (`DiagnosticRenderer.render(_:source:)`): every `note`
  /// value, on its line or as an indented block below it, replaced by `…`.
  ///
  /// Notes are user data and must not reach stderr or logs, even as the excerpt of a diagnostic
  /// about a neighbouring key. Lines keep their number, so locations still point at the right line.
  public var textForExcerpts: String {
    var out: [Substring] = []
    var blockIndent: Int?
    for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
      let indent = line.prefix { $0 == " " }.count
      if let block = blockIndent {
        if line.allSatisfy({ $0 == " " || $0 == "\r" }) || indent > block {
          out.append(line.isEmpty ? line : Substring(String(repeating: " ", count: indent) + "…"))
          continue
        }
        blockIndent = nil
      }
      var rest = line.dropFirst(indent)
      var keyIndent = indent
      if rest.hasPrefix("- ") {
        rest = rest.dropFirst(2)
        keyIndent += 2
      }
      guard rest.hasPrefix("note:") || rest.hasPrefix("\"note\":") || rest.hasPrefix("'note':") else {
        out.append(line)
        continue
      }
      let key = rest.prefix { $0 != ":" }
      out.append(line.prefix(line.count - rest.count) + key + ": …")
      blockIndent = keyIndent
    }
    return out.joined(separator: "\n")
  }
}
