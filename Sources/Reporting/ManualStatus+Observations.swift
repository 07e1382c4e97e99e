import Observations
import QAModel
import ScenarioEngine

extension ManualStatus {
  /// One status per item outcome of an ingest, in the ingest's (plan) order.
  ///
  /// ```swift
  /// let result = Ingest.run(files: files, catalog: ObservableCatalog(plan: plan))
  /// let report = AcceptanceReport.make(
  ///   plan: plan, run: run, manual: ManualStatus.statuses(from: result), generatedAt: now)
  /// ```
  package static func statuses(from result: IngestResult) -> [ManualStatus] {
    result.items.map(ManualStatus.init)
  }

  /// The status of one ingested item: its status, the deciding observation, why it is stale, the
  /// current observations that disagree, and those a retest superseded.
  package init(_ outcome: ItemOutcome) {
    let status = outcome.status
    let staleReasons = outcome.deciding?.staleReasons ?? []
    self.init(
      itemID: outcome.item.id, outcome: status,
      observation: outcome.deciding.map(ManualObservation.init),
      staleReason: status == .stale && !staleReasons.isEmpty
        ? staleReasons.map(\.description).joined(separator: "; ") : nil,
      conflicts: outcome.conflicts.map(Self.described), superseded: outcome.superseded.map(Self.described),
      fixedOnRetest: outcome.isFixedOnRetest)
  }

  /// `mei recorded fail at 2026-11-29T10:00:00Z (observations/records.yaml:12)`.
  static func described(_ recorded: RecordedObservation) -> String {
    let observation = recorded.observation
    return
      "\(observation.tester) recorded \(observation.result.rawValue) at \(observation.time?.text ?? "no time") "
      + "(\(recorded.path):\(recorded.location.line))"
  }
}

extension ManualObservation {
  /// The report's view of a recorded observation.
  package init(_ recorded: RecordedObservation) {
    let observation = recorded.observation
    self.init(
      tester: observation.tester, time: observation.time?.text ?? "", device: observation.device.rawValue,
      os: observation.os,
      build: observation.build, note: observation.note, evidence: observation.evidence,
      hapticFingerprint: observation.hapticFingerprint,
      hapticParameters: observation.hapticParameters.map { PlanItem.Pair(key: $0.key, value: $0.value) })
  }
}
