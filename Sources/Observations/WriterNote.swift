import Digests
import Effects

/// What a writer of a store qapass appends to (a records file, the audit log) leaves in its lock file (``FileLocking/note()``): the file's size
/// and 64-bit FNV-1a hash once written, what the file system says of that version of it (its
/// ``FileAttributes``), and while an append is under way, how many bytes it is adding.
///
/// ```text
/// qapass-store 2 size=3120 fnv1a64=9f0c5d1e2a3b4c5d version=3120.1796000000.123456789.4242 adding=812
/// ```
///
/// The next writer adds its entries in place, reading nothing, while the file is still that version;
/// checks the file in full when it is not; and, when a writer died in the middle of an append (the
/// file is longer than `size` by less than `adding`, and its first `size` bytes are the ones noted),
/// cuts the part it left away. Version 1 notes (size and hash only) are still read.
package struct WriterNote: Equatable, Sendable {
  /// The file's size after the last complete write.
  package var size: Int
  /// Its FNV-1a hash.
  package var hash: UInt64
  /// What the file system said of the file after that write (``stamp(_:)``); empty when it said nothing.
  package var version: [Int64]
  /// While an append is under way: how many bytes it adds after `size`.
  package var adding: Int?

  /// A note of a file of `size` bytes hashing to `hash`.
  package init(size: Int, hash: UInt64, version: FileAttributes?, adding: Int? = nil) {
    self.size = size
    self.hash = hash
    self.version = version.map(Self.stamp) ?? []
    self.adding = adding
  }

  /// The note `text` holds; `nil` when it is none (empty, or from something else).
  package init?(_ text: String) {
    let words = text.split(whereSeparator: { $0 == " " || $0 == "\n" }).map(String.init)
    guard words.count >= 4, words[0...1] == ["qapass-records", "1"] || words[0...1] == ["qapass-store", "2"]
    else { return nil }
    var fields: [String: String] = [:]
    for word in words.dropFirst(2) {
      let parts = word.split(separator: "=", maxSplits: 1).map(String.init)
      guard parts.count == 2 else { return nil }
      fields[parts[0]] = parts[1]
    }
    guard let size = fields["size"].flatMap({ Int($0) }), size >= 0,
      let hash = fields["fnv1a64"].flatMap({ UInt64($0, radix: 16) })
    else { return nil }
    self.size = size
    self.hash = hash
    version = []
    if let text = fields["version"] {
      let parts = text.split(separator: ".")
      version = parts.compactMap { Int64($0) }
      guard version.count >= 2, version.count == parts.count else { return nil }
    }
    if let text = fields["adding"] {
      guard let count = Int(text), count > 0 else { return nil }
      adding = count
    }
  }

  /// The note's text, one line.
  package var text: String {
    var line = "qapass-store 2 size=\(size) fnv1a64=\(String(hash, radix: 16))"
    if !version.isEmpty { line += " version=" + version.map(String.init).joined(separator: ".") }
    if let adding { line += " adding=\(adding)" }
    return line + "\n"
  }

  /// Whether the file the file system describes as `attributes` is still the one noted, so it can be
  /// appended to unread: the same size, modification time to the nanosecond and inode (a file system
  /// that tells neither never passes), and no append under way.
  package func isVersion(_ attributes: FileAttributes) -> Bool {
    guard adding == nil, !attributes.revision.isEmpty, attributes.size == size else { return false }
    return Self.stamp(attributes) == version
  }

  /// The numbers of `attributes` a note keeps: size, modification time, then its revision.
  package static func stamp(_ attributes: FileAttributes) -> [Int64] {
    [Int64(attributes.size), attributes.modificationTime] + attributes.revision
  }

  /// Whether `bytes` are the noted file exactly.
  package func describes(_ bytes: [UInt8]) -> Bool {
    bytes.count == size && Digest.fnv1a64(bytes) == hash
  }

  /// Whether `bytes` are the noted file followed by part, not all, of the append under way: what a
  /// writer killed in the middle of it left.
  package func isCutShort(_ bytes: [UInt8]) -> Bool {
    guard let adding, bytes.count > size, bytes.count < size + adding else { return false }
    return Digest.fnv1a64(bytes[..<size]) == hash
  }
}
