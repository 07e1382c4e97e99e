import Effects
import YAMLDecoding

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// An observation sheet or records file: its path as the user named it and its bytes.
///
/// Sheets and records files share one schema (see ``ObservationSchema``), so ingest reads both alike.
package struct ObservationFile: Hashable, Sendable {
  /// The path as the user named it; diagnostics and tie-breaks use it.
  package var path: String
  /// The file's bytes (UTF-8 YAML).
  package var bytes: [UInt8]

  /// Creates a file from bytes already read.
  package init(path: String, bytes: [UInt8]) {
    self.path = path
    self.bytes = bytes
  }

  /// Creates a file from text.
  package init(path: String, text: String) {
    self.init(path: path, bytes: Array(text.utf8))
  }

  /// Reads the file at `path`.
  ///
  /// - Parameter path: A file system path.
  /// - Throws: ``FileSystemError`` when it cannot be opened or read.
  package init(contentsOf path: String) throws(FileSystemError) {
    guard let bytes = try LocalFileSystem().readBytes(path, limit: ObservationSchema.maxFileBytes) else {
      throw FileSystemError(operation: .read, path: path, code: ENOENT)
    }
    self.init(path: path, bytes: bytes)
  }

  /// The bytes as text.
  package var text: String { String(decoding: bytes, as: UTF8.self) }

  /// The text to show under diagnostics (`DiagnosticRenderer.render(_:source:)`): every `note`
  /// value replaced by `…`, whatever its style (plain, quoted, flow mapping, block scalar).
  ///
  /// Notes are user data and must not reach stderr or logs, even as the excerpt of a diagnostic
  /// about a neighbouring key. Lines keep their number, so locations still point at the right line.
  /// When the file parses, the note values are found by their marks; when it does not, every line
  /// that mentions `note` is masked from the key on, and indented lines below a `note:` key too.
  package var textForExcerpts: String {
    var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map { Array($0.unicodeScalars) }
    if let root = try? YAML.parse(bytes) {
      var stack = [root]
      var ranges: [(start: Mark, end: Mark)] = []
      while let node = stack.popLast() {
        switch node.content {
        case .scalar: break
        case .sequence(let items): stack += items
        case .mapping(let pairs):
          for pair in pairs {
            if pair.key.scalar?.text == ObservationSchema.EntryKey.note {
              ranges.append((pair.value.start, pair.value.end))
            } else {
              stack.append(pair.value)
            }
          }
        }
      }
      for range in ranges { Self.mask(&lines, from: range.start, to: range.end) }
      return lines.map { String(String.UnicodeScalarView($0)) }.joined(separator: "\n")
    }
    var blockIndent: Int?
    for index in lines.indices {
      let line = lines[index]
      let indent = line.prefix { $0 == " " }.count
      if let block = blockIndent, line.allSatisfy({ $0 == " " || $0 == "\r" }) || indent > block {
        lines[index] =
          line.isEmpty ? line : Array(String(repeating: " ", count: indent).unicodeScalars) + ["…"]
        continue
      }
      blockIndent = nil
      let word: [Unicode.Scalar] = ["n", "o", "t", "e"]
      guard let column = line.indices.first(where: { line[$0...].starts(with: word) }) else { continue }
      lines[index] = Array(line.prefix(column)) + Array("note: …".unicodeScalars)
      let after = line[(column + word.count)...].drop { $0 == "\"" || $0 == "'" }
      if after.first == ":" {
        blockIndent = indent + (line.dropFirst(indent).starts(with: ["-", " "]) ? 2 : 0)
      }
    }
    return lines.map { String(String.UnicodeScalarView($0)) }.joined(separator: "\n")
  }

  /// Replaces the text between two 1-based marks with `…`; lines inside a multi-line value keep
  /// their indentation.
  private static func mask(_ lines: inout [[Unicode.Scalar]], from start: Mark, to end: Mark) {
    let first = start.line - 1
    let last = max(first, end.line - 1)
    guard first >= 0, first < lines.count else { return }
    if first == last {
      let line = lines[first]
      let from = min(line.count, start.column - 1)
      let to = max(from, min(line.count, end.column - 1))
      lines[first] = Array(line[..<from]) + ["…"] + Array(line[to...])
      return
    }
    lines[first] = Array(lines[first].prefix(start.column - 1)) + ["…"]
    for index in (first + 1)...min(last, lines.count - 1) {
      let line = lines[index]
      let indent = line.prefix { $0 == " " }.count
      let keep = index == last ? Array(line.dropFirst(min(line.count, end.column - 1))) : []
      lines[index] = line.count <= indent ? line : Array(line.prefix(indent)) + ["…"] + keep
    }
  }
}
