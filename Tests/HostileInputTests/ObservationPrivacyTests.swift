import Foundation
import TestSupport
import Testing

@testable import QAPassCLI

/// Observation notes are what testers saw, sometimes with names in them: `record` and `report` must not
/// repeat them on stderr, even when the entry that holds them is wrong (issue "Hardening").
struct ObservationPrivacyTests {
  static let marker = PrivacyTests.marker

  /// Three broken entries: a bad result beside a note, a note of the wrong type, an unknown item.
  static let sheet = """
    version: 1
    observations:
      - id: manual.ime.m1.iphone-16e.26.x.zh-pinyin.full-name
        result: passs
        tester: mei
        time: "2026-11-28T09:12:00Z"
        device: iphone-16e
        os: "26.x"
        text_version: 1
        note: saw \(marker) here
      - id: manual.ime.m2.iphone-16e.26.x.zh-pinyin.full-name
        result: pass
        tester: mei
        time: "2026-11-28T09:15:00Z"
        note: [\(marker)]
      - id: manual.no.such.item
        result: pass
        tester: mei
        time: "2026-11-28T09:15:00Z"
        note: "\(marker) {"

    """

  /// A scratch directory with the shipped matrix as `m.yaml` and the broken sheet in `obs/`.
  static func scratch() throws -> Scratch {
    let scratch = try Scratch()
    let matrix = try String(
      contentsOf: URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("matrices/default.yaml"), encoding: .utf8)
    try scratch.write("m.yaml", matrix)
    try FileManager.default.createDirectory(atPath: scratch.path("obs"), withIntermediateDirectories: true)
    try scratch.write("obs/sheet.yaml", sheet)
    return scratch
  }

  @Test func `report keeps notes of broken entries off stderr`() throws {
    let scratch = try Self.scratch()
    let run = scratch.run(["report", "m.yaml", "--observations", "obs", "--checklists", "cl", "--out", "out"])
    #expect(run.code == .dataError, "\(run.err)")
    #expect(run.err.contains("obs/sheet.yaml:"), "\(run.err)")
    #expect(!run.err.contains(Self.marker), "stderr repeats a note:\n\(run.err)")
  }

  @Test(
    arguments: [
      exactOS(["record", "manual.no.such.item", "--result", "pass"]),
      exactOS(["record", "manual.ime.m1.iphone-16e.26.x.zh-pinyin.full-name", "--result", "passs"]),
      exactOS([
        "record", "manual.ime.m1.iphone-16e.26.x.zh-pinyin.full-name", "--result", "pass", "--time",
        "yesterday",
      ]),
      exactOS([
        "record", "manual.ime.m1.iphone-16e.26.x.zh-pinyin.full-name", "--result", "pass", "--device", "ipad",
      ]),
    ])
  func `record keeps the note off stderr when it refuses an observation`(_ arguments: [String]) throws {
    let scratch = try Self.scratch()
    let run = scratch.run(
      arguments + [
        "--note", "saw \(Self.marker)", "--tester", "mei", "--matrix", "m.yaml", "--file", "obs/r.yaml",
      ])
    #expect(run.code != .success, "\(run.err)")
    #expect(!run.err.isEmpty)
    #expect(!run.err.contains(Self.marker), "stderr repeats the note:\n\(run.err)")
  }
}
