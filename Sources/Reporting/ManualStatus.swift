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
public struct ManualStatus: Hashable, Sendable {
  /// The plan item id.
  public var itemID: ItemID
  /// What the latest valid observation says about the item: one of ``Outcome/manual``.
  public var outcome: Outcome
  /// The deciding observation (for a stale item, the last one recorded), if any.
  public var observation: ManualObservation?
  /// Why the item is stale, when it is.
  public var staleReason: String?
  /// Observations that disagree with the deciding one, described for a reader.
  public var conflicts: [String]
  /// Earlier observations with another result that the deciding one retested, described for a reader.
  public var superseded: [String]
  /// Whether a retest fixed the item: the deciding pass supersedes a fail.
  public var fixedOnRetest: Bool

  /// Creates a status.
  public init(
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
public struct ManualObservation: Hashable, Sendable {
  /// Who recorded it.
  public var tester: String
  /// When, as ISO 8601 UTC text (`2026-11-29T18:04:05Z`).
  public var time: String
  /// The device id.
  public var device: String
  /// The OS version observed, as recorded (`26.1`).
  public var os: String
  /// The app build tested.
  public var build: String?
  /// The tester's note.
  public var note: String?
  /// Links to screenshots, recordings or tickets.
  public var evidence: [String]
  /// For haptic items, the pattern fingerprint felt.
  public var hapticFingerprint: String?
  /// For haptic items, the parameters felt, sorted by key.
  public var hapticParameters: [PlanItem.Pair]

  /// Creates an observation; `hapticParameters` are sorted by key.
  public init(
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
