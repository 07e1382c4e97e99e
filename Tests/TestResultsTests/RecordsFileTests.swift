import Foundation
import Observations
import QAModel
import Testing

@testable import TestResults

/// The records file the ingests read back (to record nothing twice) and append to.
struct RecordsFileTests {
  static func records(_ text: String) throws -> (RecordsFile, URL) {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("qapass-records-\(UUID())")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    let file = folder.appendingPathComponent("records.yaml")
    try Data(text.utf8).write(to: file)
    return (RecordsFile(path: file.path), folder)
  }

  static let pinyin = "manual.ime.m1.sim-iphone-17-pro.26.x.zh-pinyin.full-name"

  static func entry(_ id: String) -> String {
    """
      - id: \(id)
        result: pass
        tester: junit
        time: "2026-11-29T10:00:00Z"
        device: sim-iphone-17-pro
        os: "26.2"
        text_version: 1

    """
  }

  // An entry of an item a re-plan dropped made every later ingest refuse the whole records file (with
  // its absolute path and no excerpt), although nothing was wrong with the results to record.
  @Test func `entries of items the plan does not have leave the others counted and the file appendable`()
    throws
  {
    let (records, folder) = try Self.records(
      "version: 1\nobservations:\n" + Self.entry("manual.ime.m1.sim-iphone-17-pro.26.x.ko-2set.full-name")
        + Self.entry(Self.pinyin))
    defer { try? FileManager.default.removeItem(at: folder) }
    let existing = try records.existing(for: Fixture.catalog)
    #expect(existing.map(\.itemID.rawValue) == [Self.pinyin])
  }

  @Test func `a file that does not read as observations is refused with its place`() throws {
    let (records, folder) = try Self.records("version: 1\nobservations:\n  - id: [x]\n")
    defer { try? FileManager.default.removeItem(at: folder) }
    #expect {
      _ = try records.existing(for: Fixture.catalog)
    } throws: { error in
      guard case .malformed(let diagnostics) = error as? ObservationFileError else { return false }
      return diagnostics.first?.location?.line == 3
    }
  }
}
