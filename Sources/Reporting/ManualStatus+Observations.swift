import Observations
import QAModel
import ScenarioEngine

extension ManualStatus {
  /// One status per item outcome of an ingest, in the ingest's (plan) order.
  ///
  /// ```swift
  /// let path = "matrices/default.yaml"
  /// let bytes = Array(try Data(contentsOf: URL(fileURLWithPath: path)))
  /// let document = try MatrixDocument.load(path: path, bytes: bytes).document
  /// guard case .qapass(let file) = document else { return }
  /// let plan = try Plan.make(file: file)
  /// let sheets = try FileManager.default.contentsOfDirectory(atPath: "checklists").filter {
  ///   $0.hasSuffix(".observations.yaml")
  /// }
  /// let files = try sheets.map { name in
  ///   let path = "checklists/" + name
  ///   return ObservationFile(path: path, bytes: Array(try Data(contentsOf: URL(fileURLWithPath: path))))
  /// }
  /// let result = Ingest.run(files: files, catalog: ObservableCatalog(plan: plan))
  /// let report = AcceptanceReport.make(
  ///   plan: plan, run: AutomatedRun.run(plan, subject: .core), manual: ManualStatus.statuses(from: result),
  ///   generatedAt: "2026-11-29T20:00:00Z")
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

extension ObservableCatalog {
  /// The manual items of `plan` as observation sheets and ingest need them, with the plan's build
  /// and fingerprint.
  ///
  /// Sessions are `<device>.<os>` (as checklist file names, without `.md`). Haptic items carry the
  /// contract's fingerprint and its parameters by name: `type`, `time`, `duration` (continuous
  /// events), `intensity` and `sharpness`, prefixed `event1.`, `event2.`, … when the pattern has
  /// several events.
  package init(plan: Plan) {
    let items = plan.items.filter { $0.kind == .manual }.map { item in
      let device = item.configuration.device ?? ""
      let os = item.configuration.os ?? ""
      return ObservableItem(
        id: item.id, textVersion: item.scenarioVersion, device: device, os: os,
        inputMethod: item.configuration.inputMethod, field: item.configuration.field,
        idWithoutSession: item.idWithoutSession, title: item.title,
        hapticFingerprint: item.haptic?.fingerprint,
        hapticParameters: item.haptic?.namedParameters ?? [:], keyboard: item.configuration.keyboard,
        formerIDs: item.formerIDs(plan.renames),
        formerDevices: (plan.renames.devices[device.rawValue] ?? []).map(DeviceID.init(rawValue:)))
    }
    self.init(items: items, build: plan.build, planFingerprint: plan.fingerprint)
  }
}
