import Diagnostics
import Foundation
import MatrixFormat
import Observations
import QAModel
import ScenarioEngine

@testable import Reporting

/// Shared inputs: the default matrix, its plan, the core run, and a fixed set of ingested manual outcomes.
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
  static func defaultStatuses() -> [ItemOutcome] {
    func observation(
      _ id: ItemID, _ result: Outcome, _ device: String, _ os: String, note: String? = nil,
      evidence: [String] = []
    ) -> RecordedObservation {
      Ingested.recorded(
        id, result, time: "2026-11-28T09:30:00Z", device: device, os: os, build: "4.12.0 (812)", note: note,
        evidence: evidence)
    }
    var statuses: [ItemOutcome] = []
    for scenario in ["m1", "m2", "m3"] {
      for method in ["zh-pinyin", "ja-romaji", "ja-kana", "ko-2set"] {
        let id = ItemID(rawValue: "manual.ime.\(scenario).iphone-16e.26.x.\(method).full-name")
        statuses.append(Ingested.outcome(.pass, observation(id, .pass, "iphone-16e", "26.1")))
      }
    }
    statuses.append(
      Ingested.outcome(
        .pass,
        observation("manual.ime.m1.iphone-17-pro.27.x.zh-pinyin.full-name", .pass, "iphone-17-pro", "27.0")))
    let m2: ItemID = "manual.ime.m2.iphone-17-pro.27.x.zh-pinyin.full-name"
    statuses.append(
      Ingested.outcome(
        .fail,
        observation(
          m2, .fail, "iphone-17-pro", "27.0",
          note: "After choosing 张伟 the button | stays *disabled* until another key; <b>no</b> message",
          evidence: ["https://tracker.example/QA-812", "recordings/m2 pinyin.mov", "javascript:alert(1)"]),
        conflicts: [
          Ingested.recorded(
            m2, .pass, tester: "jun", time: "2026-11-28T10:02:00Z", device: "iphone-17-pro", os: "27.0",
            line: 9)
        ]))
    var stale = Ingested.recorded(
      "manual.haptic.h1.iphone-16e.26.x", .pass, time: "2026-11-28T09:30:00Z", device: "iphone-16e",
      os: "26.0",
      build: "4.11.0 (790)", staleReasons: [.build(recorded: "4.11.0 (790)", current: "4.12.0 (812)")])
    stale.observation.hapticFingerprint = "sha256:0123456789ab"
    stale.observation.hapticParameters = ["intensity": "0.8"]
    statuses.append(Ingested.outcome(.stale, stale))
    statuses.append(
      Ingested.outcome(
        .blocked,
        observation(
          "manual.haptic.h2.iphone-16e.26.x", .blocked, "iphone-16e", "26.1",
          note: "no failure switch in this build")))
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

/// What ingest concludes for a manual item from one observation in `observations/records.yaml`: the
/// reporting tests' stand-in for an ingest of real files (IngestMappingTests runs the real one).
enum Ingested {
  /// One observation of item `id`, at line `line` of the records file.
  static func recorded(
    _ id: ItemID, _ result: Outcome, tester: String = "mei", time: String, device: String, os: String,
    build: String? = nil, note: String? = nil, evidence: [String] = [], line: Int = 1,
    staleReasons: [StaleReason] = []
  ) -> RecordedObservation {
    guard let time = try? Timestamp.parse(time) else { preconditionFailure("'\(time)' is no test time") }
    let observation = Observation(
      itemID: id, result: result, tester: tester, time: time, device: DeviceID(rawValue: device), os: os,
      textVersion: 1, build: build, note: note, evidence: evidence)
    return RecordedObservation(
      observation: observation, path: "observations/records.yaml",
      location: TextPosition(line: line, column: 1),
      position: line - 1, staleReasons: staleReasons)
  }

  /// Item `id` decided by `deciding` (for a stale item, the observation that no longer counts), with
  /// the observations that disagree.
  static func outcome(
    _ status: Outcome, _ deciding: RecordedObservation, conflicts: [RecordedObservation] = []
  ) -> ItemOutcome {
    let observation = deciding.observation
    let item = ObservableItem(
      id: observation.itemID, textVersion: 1, device: observation.device, os: observation.os,
      title: observation.itemID.rawValue)
    return ItemOutcome(
      item: item, status: status, deciding: deciding, conflicts: conflicts,
      observations: [deciding] + conflicts)
  }

  /// Item `id` with no observation: what ingest concludes for an item nobody recorded.
  static func untested(_ id: ItemID) -> ItemOutcome {
    ItemOutcome(
      item: ObservableItem(id: id, textVersion: 1, device: "", os: "", title: id.rawValue), status: .untested,
      deciding: nil, conflicts: [], observations: [])
  }
}
