import Effects
import Foundation
import Observations
import Testing

@testable import QAPassWorkflow

/// The audit log is appended to in place while it is what the last qapass writer left, and read first
/// otherwise: nothing another program wrote is lost, and every entry starts on a line of its own.
struct AuditLogTests {
  static func entry(_ item: String) -> AuditLog.Entry {
    AuditLog.Entry(
      time: "2026-12-03T07:00:00Z", by: "mei", action: "record", item: item, detail: "pass",
      origin: "qapass record")
  }

  static func folder() throws -> String {
    let path = FileManager.default.temporaryDirectory.appendingPathComponent(
      "qapass-audit-\(UUID().uuidString)"
    ).path
    try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    return path
  }

  @Test func `entries are added in place and one cut short by another program is ended first`() throws {
    let folder = try Self.folder()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let log = AuditLog(path: "\(folder)/audit.log")
    let files = LocalFileSystem()
    try log.append([Self.entry("a")], files: files)
    let inode = try FileManager.default.attributesOfItem(atPath: log.path)[.systemFileNumber] as? Int
    try log.append([Self.entry("b")], files: files)
    #expect(try FileManager.default.attributesOfItem(atPath: log.path)[.systemFileNumber] as? Int == inode)
    // Another program adds half a line (no line break) in place.
    let handle = try #require(FileHandle(forWritingAtPath: log.path))
    try handle.seekToEnd()
    try handle.write(contentsOf: Data("{\"half\":".utf8))
    try handle.close()
    try log.append([Self.entry("c")], files: files)
    let text = try String(contentsOfFile: log.path, encoding: .utf8)
    let read = AuditLog.entries(Array(text.utf8))
    #expect(read.entries.map(\.entry.item) == ["a", "b", "c"])
    #expect(read.unreadable == [3])
    let note = try #require(
      WriterNote(try String(contentsOfFile: "\(folder)/.audit.log.lock", encoding: .utf8)))
    #expect(note.describes(Array(text.utf8)))
  }
}
