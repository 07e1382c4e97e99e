import Foundation
import MatrixFormat
import Observations
import QAModel
import ScenarioEngine

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
            itemID: ItemID(rawValue: "manual.ime.\(scenario).iphone-16e.26.x.\(method).full-name"),
            outcome: .pass,
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

extension Checklist {
  /// The Markdown checklist, as its writer renders it.
  var markdown: String { ChecklistMarkdownWriter.markdown(self) }
  /// The HTML checklist, as its writer renders it.
  var html: String { ChecklistHTMLWriter.page(self) }
}

extension Checklists {
  /// The checklists of `plan` with its manual items as a use case's catalog has them, without the items
  /// a re-plan dropped (the use cases build that catalog once, in `Workflow.observableCatalog`).
  static func render(
    plan: Plan, file: MatrixFile, ledger: ChecklistLedger = ChecklistLedger(), folder: String? = nil
  ) -> [Checklist] {
    render(plan: plan, file: file, catalog: ObservableCatalog(plan: plan), ledger: ledger, folder: folder)
  }
}
