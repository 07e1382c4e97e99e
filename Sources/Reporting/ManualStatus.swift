import QAModel
import ScenarioEngine

/// The state of one manual plan item as the report needs it: its outcome and the observation that
/// decided it.
///
/// Filled from the observations ingest (see ``ManualStatus/init(itemID:outcome:observation:staleReason:conflicts:)``);
/// items the report gets no status for count as ``Outcome/untested``.
///
/// ```swift
/// let status = ManualStatus(
///   itemID: "manual.ime.m2.iphone-16e.26.x.zh-pinyin.full-name", outcome: .fail,
///   observation: ManualObservation(tester: "mei", time: "2026-11-29T18:04:05Z", device: "iphone-16e",
///     os: "26.1", note: "Button stays disabled after choosing 张伟"))
/// ```
package struct ManualStatus: Hashable, Sendable {
  /// The plan item id.
  package var itemID: ItemID
  /// What the latest valid observation says about the item: one of ``Outcome/manual``.
  package var outcome: Outcome
  /// The deciding observation (for a stale item, the last one recorded), if any.
  package var observation: ManualObservation?
  /// Why the item is stale, when it is.
  package var staleReason: String?
  /// Observations that disagree with the deciding one, described for a reader.
  package var conflicts: [String]
  /// Earlier observations with another result that the deciding one retested, described for a reader.
  package var superseded: [String]
  /// Whether a retest fixed the item: the deciding pass supersedes a fail.
  package var fixedOnRetest: Bool

  /// Creates a status.
  package init(
    itemID: ItemID, outcome: Outcome, observation: ManualObservation? = nil, staleReason: String? = nil,
    conflicts: [String] = [], superseded: [String] = [], fixedOnRetest: Bool = false
  ) {
    self.itemID = itemID
    self.outcome = outcome
    self.observation = observation
    self.staleReason = staleReason
    self.conflicts = conflicts
    self.superseded = superseded
    self.fixedOnRetest = fixedOnRetest
  }
}

/// Who observed a manual item, when, where, against what, and what they noted.
///
/// Notes and evidence are user data: they go into reports, escaped per format, and nowhere else.
package struct ManualObservation: Hashable, Sendable {
  /// Who recorded it.
  package var tester: String
  /// When, as ISO 8601 UTC text (`2026-11-29T18:04:05Z`).
  package var time: String
  /// The device id.
  package var device: String
  /// The OS version observed, as recorded (`26.1`).
  package var os: String
  /// The app build tested.
  package var build: String?
  /// The tester's note.
  package var note: String?
  /// Links to screenshots, recordings or tickets.
  package var evidence: [String]
  /// For haptic items, the pattern fingerprint felt.
  package var hapticFingerprint: String?
  /// For haptic items, the parameters felt, sorted by key.
  package var hapticParameters: [PlanItem.Pair]

  /// Creates an observation; `hapticParameters` are sorted by key.
  package init(
    tester: String, time: String, device: String, os: String, build: String? = nil, note: String? = nil,
    evidence: [String] = [], hapticFingerprint: String? = nil, hapticParameters: [PlanItem.Pair] = []
  ) {
    self.tester = tester
    self.time = time
    self.device = device
    self.os = os
    self.build = build
    self.note = note
    self.evidence = evidence
    self.hapticFingerprint = hapticFingerprint
    self.hapticParameters = hapticParameters.sorted { ($0.key, $0.value) < ($1.key, $1.value) }
  }
}
