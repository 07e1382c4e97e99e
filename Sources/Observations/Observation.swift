import QAModel

/// One result a tester recorded for one plan item, with who, when, where and against what.
///
/// Notes are user data: qapass writes them to observation files and reports, never to logs or stderr.
///
/// ```swift
/// let observation = Observation(
///   itemID: "manual.ime.m2.iphone-16e.26.x.zh-pinyin", result: .pass, tester: "mei",
///   time: try Timestamp.parse("2026-11-29T18:04:05Z"), device: "iphone-16e", os: "26.x",
///   textVersion: 2, build: "4.12.0 (812)")
/// ```
package struct Observation: Hashable, Sendable {
  /// Where a carried result comes from (`qapass carry`): the build it was tested on, who carried it,
  /// when and why.
  package struct Carry: Hashable, Sendable {
    /// The build the result was tested on.
    package var fromBuild: String
    /// Who carried it.
    package var by: String
    /// When it was carried.
    package var time: Timestamp
    /// Why the build does not affect the item.
    package var reason: String

    /// Creates one.
    package init(fromBuild: String, by: String, time: Timestamp, reason: String) {
      self.fromBuild = fromBuild
      self.by = by
      self.time = time
      self.reason = reason
    }
  }

  /// The plan item id.
  package var itemID: ItemID
  /// What was recorded.
  package var result: Outcome
  /// Who recorded it; empty only for `untested` sheet entries.
  package var tester: String
  /// When it was observed (UTC); `nil` only for `untested` sheet entries.
  package var time: Timestamp?
  /// The device id it was observed on.
  package var device: DeviceID
  /// The OS version it was observed on.
  package var os: String
  /// For keyboard items, the iOS keyboard identifier tested (`ko_KR@sw=Korean;hw=Automatic`), when
  /// recorded; another than the item's makes the observation stale.
  package var keyboard: String?
  /// The scenario text version the tester followed.
  package var textVersion: Int
  /// The app build tested, if given.
  package var build: String?
  /// Free text from the tester, if any.
  package var note: String?
  /// Links to screenshots, recordings or tickets, in the order given.
  package var evidence: [String]
  /// Files `record --attach` stored beside the records (`evidence/<sha256>.png`, relative to the folder
  /// of the file the observation is in), in the order given.
  package var attachments: [String] = []
  /// For a result `qapass carry` carried to the build under test: from which build, by whom, when and
  /// why; `nil` for a result tested on its build.
  package var carried: Carry? = nil
  /// For haptic items, the pattern fingerprint in force when it was felt.
  package var hapticFingerprint: String?
  /// For haptic items, the parameters felt, by name.
  package var hapticParameters: [String: String]

  /// Creates an observation.
  package init(
    itemID: ItemID,
    result: Outcome,
    tester: String,
    time: Timestamp?,
    device: DeviceID,
    os: String,
    textVersion: Int,
    build: String? = nil,
    note: String? = nil,
    evidence: [String] = [],
    hapticFingerprint: String? = nil,
    hapticParameters: [String: String] = [:],
    keyboard: String? = nil
  ) {
    self.itemID = itemID
    self.result = result
    self.tester = tester
    self.time = time
    self.device = device
    self.os = os
    self.textVersion = textVersion
    self.build = build
    self.note = note
    self.evidence = evidence
    self.hapticFingerprint = hapticFingerprint
    self.hapticParameters = hapticParameters
    self.keyboard = keyboard
  }

  /// An observation for `item` with its device, OS, keyboard, text version and haptic pattern filled
  /// in.
  ///
  /// - Parameters:
  ///   - item: The plan item observed.
  ///   - result: What was recorded.
  ///   - tester: Who recorded it.
  ///   - time: When (UTC).
  ///   - build: The app build tested, if known.
  ///   - note: Free text.
  ///   - evidence: Links.
  package init(
    item: ObservableItem,
    result: Outcome,
    tester: String,
    time: Timestamp,
    build: String? = nil,
    note: String? = nil,
    evidence: [String] = []
  ) {
    self.init(
      itemID: item.id, result: result, tester: tester, time: time, device: item.device, os: item.os,
      textVersion: item.textVersion, build: build, note: note, evidence: evidence,
      hapticFingerprint: item.hapticFingerprint, hapticParameters: item.hapticParameters,
      keyboard: item.keyboard)
  }
}
