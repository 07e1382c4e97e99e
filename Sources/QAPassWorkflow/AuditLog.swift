import Digests
import Effects
import Foundation
import Observations

/// The audit log beside the records (`observations/audit.log`): one JSON line per change a use case
/// made to the records or the decisions (who, when, what, from which command, and for a change made
/// through `qapass serve` from which client address), appended under the lock every writer of the
/// file takes and never rewritten otherwise.
///
/// ```text
/// {"action":"waive","by":"lead","detail":"reason: known bug; approver: kim; expires: 2026-12-24","item":"manual.ime.m2.phone-a.26.x.zh-pinyin.name","origin":"qapass waive","time":"2026-12-03T07:00:00Z"}
/// {"action":"record","address":"192.0.2.31","by":"mei","detail":"pass, build 4.12.0 (812)","item":"manual.haptic.h1.iphone-16e.26.x","origin":"qapass serve","time":"2026-12-03T07:05:00Z"}
/// ```
package struct AuditLog: Sendable {
  /// One change.
  package struct Entry: Codable, Hashable, Sendable {
    /// When (ISO 8601 UTC).
    package var time: String
    /// Who made it.
    package var by: String
    /// `record`, `retire`, `waive`, `defect`, `carry`, `attach`.
    package var action: String
    /// The item it is about.
    package var item: String
    /// What changed, in words (`fail, build 2.0 (20)`).
    package var detail: String
    /// Where it came from: the command (`qapass waive`, `qapass serve`).
    package var origin: String
    /// The numeric address of the client that asked `qapass serve` for the change; `nil` (no key in
    /// the line) for a command run on the machine.
    package var address: String?

    /// Creates one.
    package init(
      time: String, by: String, action: String, item: String, detail: String, origin: String,
      address: String? = nil
    ) {
      self.time = time
      self.by = by
      self.action = action
      self.item = item
      self.detail = detail
      self.origin = origin
      self.address = address
    }

    /// The entry as one JSON line (keys sorted, no line break inside).
    var line: String {
      let encoder = JSONEncoder()
      encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
      let data = (try? encoder.encode(self)) ?? Data()
      return String(decoding: data, as: UTF8.self) + "\n"
    }
  }

  /// The log's path.
  package var path: String

  /// The largest log qapass reads back to append to: the input limit `history` reads it with.
  static let maxBytes = Workflow.maxInputBytes

  /// The folder of the records file `records` (`.` for a bare name): the audit log and the evidence
  /// files live there.
  static func folder(of records: String) -> String { FileIO.directory(of: records) }

  /// The audit log beside the records file `records`.
  static func path(besideRecords records: String) -> String {
    "\(folder(of: records))/\(Workflow.Defaults.auditLogFileName)"
  }

  /// The log at `path`.
  package init(path: String) { self.path = path }

  /// Appends `entries` under the log's lock.
  ///
  /// While the log is what the last qapass writer left (its lock's ``WriterNote``), the lines are
  /// added in place, reading none of the log; otherwise the log is read first, and a last line without
  /// its line break (another program's, or one a killed writer cut short) is ended before them.
  ///
  /// - Throws: `FileSystemError` when the log cannot be locked, read or written.
  func append(_ entries: [Entry], files: any FileSystem) throws(FileSystemError) {
    guard !entries.isEmpty else { return }
    let lock = try files.lock(for: path)
    defer { lock.unlock() }
    files.removeStrayTemporaries(for: path)
    let lines = Array(entries.map(\.line).joined().utf8)
    var note: WriterNote
    if let kept = WriterNote(lock.note()), let attributes = files.attributes(of: path),
      kept.isVersion(attributes)
    {
      note = kept
    } else {
      var bytes = try files.readBytes(path, limit: Self.maxBytes, followingLinks: false) ?? []
      guard bytes.count <= Self.maxBytes else { throw overLimit() }
      if let last = bytes.last, last != UInt8(ascii: "\n") { bytes.append(UInt8(ascii: "\n")) }
      guard files.kind(of: path, followingLinks: false) == .regular, !bytes.isEmpty else {
        try files.writeAtomically(bytes + lines, to: path)
        lock.setNote(
          WriterNote(
            size: bytes.count + lines.count, hash: Digest.fnv1a64(bytes + lines),
            version: files.attributes(of: path)
          ).text)
        return
      }
      if files.attributes(of: path)?.size != bytes.count {
        // The line break that ends another program's last line.
        try files.append([UInt8(ascii: "\n")], to: path)
      }
      note = WriterNote(size: bytes.count, hash: Digest.fnv1a64(bytes), version: nil)
    }
    guard note.size + lines.count <= Self.maxBytes else { throw overLimit() }
    lock.setNote(WriterNote(size: note.size, hash: note.hash, version: nil, adding: lines.count).text)
    try files.append(lines, to: path)
    lock.setNote(
      WriterNote(
        size: note.size + lines.count, hash: Digest.fnv1a64(lines, from: note.hash),
        version: files.attributes(of: path)
      ).text)
  }

  /// The refusal of a log over ``maxBytes``.
  private func overLimit() -> FileSystemError {
    FileSystemError(
      operation: .read, path: path,
      refusal:
        "is over the limit of \(Self.maxBytes >> 20) MiB for an audit log; move it aside to start a new one")
  }

  /// The entries of the log's text, each with its line number; lines that are not entries are left out
  /// and counted.
  static func entries(_ bytes: [UInt8]) -> (entries: [(line: Int, entry: Entry)], unreadable: [Int]) {
    var entries: [(line: Int, entry: Entry)] = []
    var unreadable: [Int] = []
    let decoder = JSONDecoder()
    for (index, line) in bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
      .enumerated() where !line.isEmpty
    {
      if let entry = try? decoder.decode(Entry.self, from: Data(line)) {
        entries.append((index + 1, entry))
      } else {
        unreadable.append(index + 1)
      }
    }
    return (entries, unreadable)
  }
}
