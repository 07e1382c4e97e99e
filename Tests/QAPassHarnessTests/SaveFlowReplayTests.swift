import Foundation
import QAPassHarness
import Testing

/// A save button written here from scratch (no AcceptanceCore), with its own confirmation: what an
/// app's save flow looks like to the harness.
final class ScratchSaveButton: SaveFlowSubject {
  let environment: SaveFlowEnvironment
  /// What the app's shared confirmation function returns.
  let ownPattern: [PackHapticEvent]
  /// What the button actually plays (the own pattern unless a test says otherwise).
  let played: [PackHapticEvent]
  var saving = false
  var shown = VisibleSaveResult.idle
  var needsPrepare = true

  init(_ environment: SaveFlowEnvironment, own: [PackHapticEvent], played: [PackHapticEvent]? = nil) {
    self.environment = environment
    ownPattern = own
    self.played = played ?? own
  }

  var confirmationPattern: [PackHapticEvent] { ownPattern }
  func tap() {
    guard !saving else { return }
    saving = true
    shown = .saving
    environment.saver.save { [self] outcome in
      saving = false
      guard outcome == .success else {
        shown = .failed
        return
      }
      shown = .saved
      if needsPrepare {
        try? environment.player.prepare()
        needsPrepare = false
      }
      try? environment.player.play(played)
    }
  }
  func engineDidReset() { needsPrepare = true }
  func engineDidStop() { needsPrepare = true }
  func didEnterBackground() { needsPrepare = true }
  func willEnterForeground() { needsPrepare = true }
  var visibleResult: VisibleSaveResult { shown }
  var diagnosticCount: Int? { nil }
}

struct ScratchApp: HarnessSubject {
  var own: [PackHapticEvent]
  var played: [PackHapticEvent]?
  var name: String { "Scratch" }
  var version: String { "1" }
  func compositionSubject(for item: PackItem, environment: CompositionEnvironment) -> (
    any CompositionSubject
  )? {
    nil
  }
  func saveFlowSubject(for item: PackItem, environment: SaveFlowEnvironment) -> (any SaveFlowSubject)? {
    ScratchSaveButton(environment, own: own, played: played)
  }
}

/// Issue 21: the harness asks the app for its own pattern; `haptic.contract` holds it against the
/// matrix's contract, and every felt confirmation must be that pattern.
struct SaveFlowReplayTests {
  static let contract: [PackHapticEvent] = [.transient(intensity: 1.0, sharpness: 0.5)]
  /// The articles' values, against the matrix's 1.0/0.5.
  static let articles: [PackHapticEvent] = [.transient(intensity: 0.65, sharpness: 0.35)]

  static func item(_ check: String, steps: [SaveFlowStep]) -> PackItem {
    PackItem(
      id: "auto.\(check)", check: check, scenarioVersion: 1, title: "t", configuration: [:],
      replay: .saveFlow(SaveFlowScript(contract: contract, steps: steps)))
  }

  static let contractItem = item(
    "haptic.contract",
    steps: [
      SaveFlowStep(.tap),
      SaveFlowStep(
        .completeSuccess,
        expect: SaveFlowExpectation(result: .saved, playRequests: 1, felt: 1, confirmationIsContract: true)),
    ])
  static let successItem = item(
    "haptic.success",
    steps: [SaveFlowStep(.tap), SaveFlowStep(.completeSuccess, expect: SaveFlowExpectation(felt: 1))])

  @Test func `an app whose own pattern is the contract passes`() {
    #expect(PackRunner.run(Self.contractItem, subject: ScratchApp(own: Self.contract)).status == .pass)
  }

  @Test func `an app whose own pattern is not the contract fails, naming both patterns`() {
    let result = PackRunner.run(Self.contractItem, subject: ScratchApp(own: Self.articles))
    #expect(result.status == .fail)
    #expect(
      result.problem
        == "step 2 'complete-success': expected the app's confirmation to be the matrix's contract "
        + "(transient t=0.000 i=1.000 s=0.500); seen the app's pattern transient t=0.000 i=0.650 s=0.350 "
        + "(event 1: intensity 0.650, expected 1.000; event 1: sharpness 0.350, expected 0.500)")
    // The other items judge the app by its own pattern: the same app passes them.
    #expect(PackRunner.run(Self.successItem, subject: ScratchApp(own: Self.articles)).status == .pass)
  }

  @Test func `a flow that plays another pattern than the app's own is never felt`() {
    let result = PackRunner.run(
      Self.successItem, subject: ScratchApp(own: Self.contract, played: Self.articles))
    #expect(result.status == .fail)
    #expect(
      result.problem.hasPrefix(
        "step 2 'complete-success': expected 1 confirmation(s) felt so far (the app's pattern transient "
          + "t=0.000 i=1.000 s=0.500, played on a prepared player); seen 0 felt; player calls: prepare(ok), "
          + "play(transient t=0.000 i=0.650 s=0.350, felt)"))
    // And the contract item, whose own pattern matches, fails on what was played.
    #expect(
      PackRunner.run(Self.contractItem, subject: ScratchApp(own: Self.contract, played: Self.articles)).status
        == .fail)
  }

  struct Case: Sendable, CustomStringConvertible {
    var name: String
    var pattern: [PackHapticEvent]
    var contract: [PackHapticEvent]
    var differences: [String]
    var description: String { name }
  }

  static let buzz = PackHapticEvent.continuous(time: 0.05, intensity: 0.4, sharpness: 0.2, duration: 0.25)

  @Test(arguments: [
    Case(name: "equal", pattern: contract, contract: contract, differences: []),
    Case(
      name: "equal to the thousandth", pattern: [.transient(intensity: 0.9996, sharpness: 0.50049)],
      contract: contract, differences: []),
    Case(
      name: "a thousandth apart", pattern: [.transient(intensity: 0.999, sharpness: 0.5)], contract: contract,
      differences: ["event 1: intensity 0.999, expected 1.000"]),
    Case(
      name: "order does not matter", pattern: [buzz, .transient(intensity: 1, sharpness: 0.5)],
      contract: [.transient(intensity: 1, sharpness: 0.5), buzz], differences: []),
    Case(
      name: "an event missing", pattern: contract, contract: contract + [buzz],
      differences: ["1 event(s), expected 2"]),
    Case(
      name: "another type", pattern: [.continuous(intensity: 1, sharpness: 0.5, duration: 0.1)],
      contract: contract,
      differences: ["event 1: continuous, expected transient", "event 1: duration 0.100, expected 0.000"]),
    Case(
      name: "another time", pattern: [.transient(time: 0.02, intensity: 1, sharpness: 0.5)],
      contract: contract,
      differences: ["event 1: time 0.020, expected 0.000"]),
    Case(
      name: "another duration",
      pattern: [PackHapticEvent.continuous(time: 0.05, intensity: 0.4, sharpness: 0.2, duration: 0.3)],
      contract: [buzz], differences: ["event 1: duration 0.300, expected 0.250"]),
    Case(
      name: "a transient's duration is not part of it",
      pattern: [PackHapticEvent(type: "transient", time: 0, intensity: 1, sharpness: 0.5, duration: 0.2)],
      contract: contract, differences: []),
  ])
  func `patterns are compared by count, type, time, duration, intensity and sharpness`(_ test: Case) {
    #expect(PackHapticEvent.differences(test.pattern, from: test.contract) == test.differences)
    #expect(PackHapticEvent.samePattern(test.pattern, test.contract) == test.differences.isEmpty)
  }

  /// Issue 21: a pack written before time, `select` and what the app sent (format 2), or before the
  /// app's own pattern was checked (format 1), is refused by its format, saying to export it again;
  /// issue 25: so is one that writes every step's ranges (format 3); issue 33: and one that records the
  /// matrix's path as typed (format 4).
  @Test(arguments: [
    "qapass-scenarios/1", "qapass-scenarios/2", "qapass-scenarios/3", "qapass-scenarios/4",
    "qapass-scenarios/5",
  ])
  func `a pack of an earlier format is refused, saying to export it again`(format: String) throws {
    let pack = ScenarioPack(
      generator: "test", matrixName: "m", build: nil, planFingerprint: "sha256:0",
      items: [Self.contractItem])
    #expect(ScenarioPack.currentFormat == "qapass-scenarios/6")
    let old = pack.fileContents().replacingOccurrences(
      of: "\"format\":\"qapass-scenarios/6\"", with: "\"format\":\"\(format)\"")
    #expect(old != pack.fileContents())
    let error = try #require(throws: PackError.self) { try ScenarioPack.load(Data(old.utf8)) }
    #expect(
      error.description
        == "scenario pack format '\(format)' is not supported; expected 'qapass-scenarios/6': the pack was "
        + "exported by an older qapass; export it again with this one ('qapass export-scenarios MATRIX -o PACK') "
        + "and commit it")
    #expect(try ScenarioPack.load(Data(pack.fileContents().utf8)) == pack)
  }

  @Test func `a pack of a later format is refused too`() throws {
    let error = try #require(throws: PackError.self) {
      try ScenarioPack.load(Data(#"{"format":"qapass-scenarios/7"}"#.utf8))
    }
    #expect(
      error.description
        == "scenario pack format 'qapass-scenarios/7' is not supported; expected 'qapass-scenarios/6': "
        + "export the pack again with this qapass ('qapass export-scenarios MATRIX -o PACK')")
  }
}
