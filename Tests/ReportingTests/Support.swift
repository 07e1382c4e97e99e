import Foundation
import MatrixFormat
import ScenarioEngine
import Testing

@testable import Reporting

/// Shared inputs: the default matrix, its plan, the core run, and a fixed set of manual statuses.
enum Fixture {
  /// The repository root, from this file's path.
  static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()

  /// Loads a matrix file from YAML text.
  static func file(yaml: String, path: String = "matrix.yaml") throws -> MatrixFile {
    let loaded = try MatrixDocument.load(path: path, bytes: Array(yaml.utf8))
    guard case .qapass(let file) = loaded.document else {
      throw FixtureError(message: "\(path) is not a qapass file")
    }
    return file
  }

  struct FixtureError: Error, CustomStringConvertible {
    var message: String
    var description: String { message }
  }

  /// `matrices/default.yaml`, loaded with the path the CLI would print.
  static let defaultFile: Result<MatrixFile, any Error> = Result {
    let bytes = try Data(contentsOf: root.appendingPathComponent("matrices/default.yaml"))
    return try file(yaml: String(decoding: bytes, as: UTF8.self), path: "matrices/default.yaml")
  }

  static let defaultPlan: Result<Plan, any Error> = Result { try Plan.make(file: try defaultFile.get()) }

  static let defaultRun: Result<RunReport, any Error> = Result {
    AutomatedRun.run(try defaultPlan.get(), subject: .core)
  }

  static let generatedAt = "2026-11-29T20:00:00Z"

  /// Some passes, a fail, a stale haptic item, a blocked one; everything else untested.
  static func defaultStatuses() -> [ManualStatus] {
    func observation(_ device: String, _ os: String, note: String? = nil, evidence: [String] = [])
      -> ManualObservation
    {
      ManualObservation(
        tester: "mei", time: "2026-11-28T09:30:00Z", device: device, os: os, build: "4.12.0 (812)",
        note: note,
        evidence: evidence)
    }
    var statuses: [ManualStatus] = []
    for scenario in ["m1", "m2", "m3"] {
      for method in ["zh-pinyin", "ja-romaji", "ja-kana", "ko-2set"] {
        statuses.append(
          ManualStatus(
            itemID: "manual.ime.\(scenario).iphone-16e.26.x.\(method).full-name", outcome: .pass,
            observation: observation("iphone-16e", "26.1")))
      }
    }
    statuses.append(
      ManualStatus(
        itemID: "manual.ime.m1.iphone-17-pro.27.x.zh-pinyin.full-name", outcome: .pass,
        observation: observation("iphone-17-pro", "27.0")))
    statuses.append(
      ManualStatus(
        itemID: "manual.ime.m2.iphone-17-pro.27.x.zh-pinyin.full-name", outcome: .fail,
        observation: observation(
          "iphone-17-pro", "27.0",
          note: "After choosing 张伟 the button | stays *disabled* until another key; <b>no</b> message",
          evidence: ["https://tracker.example/QA-812", "recordings/m2 pinyin.mov", "javascript:alert(1)"]),
        conflicts: ["jun recorded pass at 2026-11-28T10:02:00Z"]))
    var stale = observation("iphone-16e", "26.0")
    stale.build = "4.11.0 (790)"
    stale.hapticFingerprint = "sha256:0123456789ab"
    stale.hapticParameters = [PlanItem.Pair(key: "intensity", value: "0.8")]
    statuses.append(
      ManualStatus(
        itemID: "manual.haptic.h1.iphone-16e.26.x", outcome: .stale, observation: stale,
        staleReason: "recorded for build 4.11.0 (790), the plan tests 4.12.0 (812)"))
    statuses.append(
      ManualStatus(
        itemID: "manual.haptic.h2.iphone-16e.26.x", outcome: .blocked,
        observation: observation("iphone-16e", "26.1", note: "no failure switch in this build")))
    return statuses
  }

  static func defaultReport() throws -> AcceptanceReport {
    AcceptanceReport.make(
      plan: try defaultPlan.get(), run: try defaultRun.get(), manual: defaultStatuses(),
      generatedAt: generatedAt)
  }
}

/// Golden files under `Snapshots/`, compared with a line diff; `QAPASS_RECORD_SNAPSHOTS=1` rewrites
/// them and still fails, so a recording never passes unnoticed.
enum Snapshot {
  static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent(
    "Snapshots")

  static func check(_ actual: String, named name: String, sourceLocation: SourceLocation = #_sourceLocation) {
    let url = directory.appendingPathComponent(name)
    if ProcessInfo.processInfo.environment["QAPASS_RECORD_SNAPSHOTS"] == "1" {
      do {
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        try Data(actual.utf8).write(to: url)
        Issue.record(
          "recorded snapshot \(name); run again without QAPASS_RECORD_SNAPSHOTS",
          sourceLocation: sourceLocation)
      } catch {
        Issue.record("could not record snapshot \(name): \(error)", sourceLocation: sourceLocation)
      }
      return
    }
    guard let data = try? Data(contentsOf: url) else {
      Issue.record(
        "missing snapshot \(name); record it with QAPASS_RECORD_SNAPSHOTS=1", sourceLocation: sourceLocation)
      return
    }
    let expected = String(decoding: data, as: UTF8.self)
    if expected != actual {
      Issue.record(
        "snapshot \(name) differs (- expected, + actual):\n\(lineDiff(expected, actual))",
        sourceLocation: sourceLocation)
    }
  }

  /// A minimal line diff: the changed region between the common prefix and suffix, at most 40 lines.
  static func lineDiff(_ expected: String, _ actual: String) -> String {
    let a = expected.split(separator: "\n", omittingEmptySubsequences: false)
    let b = actual.split(separator: "\n", omittingEmptySubsequences: false)
    var prefix = 0
    while prefix < min(a.count, b.count), a[prefix] == b[prefix] { prefix += 1 }
    var suffix = 0
    while suffix < min(a.count, b.count) - prefix, a[a.count - 1 - suffix] == b[b.count - 1 - suffix] {
      suffix += 1
    }
    var lines = ["@@ line \(prefix + 1) @@"]
    lines += a[prefix..<(a.count - suffix)].map { "- " + $0 }
    lines += b[prefix..<(b.count - suffix)].map { "+ " + $0 }
    if lines.count > 41 { lines = Array(lines.prefix(41)) + ["… (\(lines.count - 41) more lines)"] }
    return lines.joined(separator: "\n")
  }
}
