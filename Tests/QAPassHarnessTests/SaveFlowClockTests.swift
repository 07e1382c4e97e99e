import Foundation
import QAPassHarness
import Testing

/// A save button written here from scratch whose confirmation plays `playDelay` milliseconds after the
/// save succeeds, on the replay's clock (0: on the next turn of the run loop, as
/// `DispatchQueue.main.async` would), and which, when starting the engine fails, plays `playsAfterFailedStart`
/// times anyway.
final class ClockedSaveButton: SaveFlowSubject {
  let environment: SaveFlowEnvironment
  let playDelay: Int
  let playsAfterFailedStart: Int
  var shown = VisibleSaveResult.idle
  var saving = false

  init(_ environment: SaveFlowEnvironment, playDelay: Int, playsAfterFailedStart: Int) {
    self.environment = environment
    self.playDelay = playDelay
    self.playsAfterFailedStart = playsAfterFailedStart
  }

  var confirmationPattern: [PackHapticEvent] { SaveFlowReplayTests.contract }
  func tap() {
    guard !saving else { return }
    saving = true
    shown = .saving
    environment.saver.save { [self] outcome in
      saving = false
      shown = outcome == .success ? .saved : .failed
      guard outcome == .success else { return }
      environment.clock.schedule(afterMilliseconds: playDelay) { [self] in
        let player = environment.player
        if (try? player.prepare()) == nil {
          for _ in 0..<playsAfterFailedStart { try? player.play(confirmationPattern) }
          return
        }
        try? player.play(confirmationPattern)
      }
    }
  }
  func engineDidReset() {}
  func engineDidStop() {}
  func didEnterBackground() {}
  func willEnterForeground() {}
  var visibleResult: VisibleSaveResult { shown }
  var diagnosticCount: Int? { nil }
}

struct ClockedApp: HarnessSubject {
  var playDelay = 0
  var playsAfterFailedStart = 1
  var name: String { "Clocked" }
  var version: String { "1" }
  func compositionSubject(for item: PackItem, environment: CompositionEnvironment) -> (
    any CompositionSubject
  )? {
    nil
  }
  func saveFlowSubject(for item: PackItem, environment: SaveFlowEnvironment) -> (any SaveFlowSubject)? {
    ClockedSaveButton(environment, playDelay: playDelay, playsAfterFailedStart: playsAfterFailedStart)
  }
}

/// Issue 34: the save flow runs on the replay's virtual clock, as composition does.
struct SaveFlowClockTests {
  static let felt = SaveFlowExpectation(result: .saved, playRequests: 1, felt: 1)

  @Test func `work the flow schedules for now has run when a step's checks are read`() {
    let item = SaveFlowReplayTests.item(
      "haptic.success", steps: [SaveFlowStep(.tap), SaveFlowStep(.completeSuccess, expect: Self.felt)])
    #expect(PackRunner.run(item, subject: ClockedApp()).status == .pass)
  }

  @Test func `a later play is seen once a step's delay has passed, not before`() {
    let early = SaveFlowReplayTests.item(
      "haptic.success",
      steps: [
        SaveFlowStep(.tap), SaveFlowStep(.completeSuccess, expect: Self.felt),
      ])
    #expect(
      PackRunner.run(early, subject: ClockedApp(playDelay: 200)).problem
        == "step 2 'complete-success': expected 1 play request(s) so far, 1 confirmation(s) felt so far (the "
        + "app's pattern transient t=0.000 i=1.000 s=0.500, played on a prepared player); seen 0, 0 felt; "
        + "player calls: none")
    let waited = SaveFlowReplayTests.item(
      "haptic.success",
      steps: [
        SaveFlowStep(.tap), SaveFlowStep(.completeSuccess, expect: SaveFlowExpectation(playRequests: 0)),
        SaveFlowStep(.enterForeground, delayMilliseconds: 200, expect: Self.felt),
      ])
    #expect(PackRunner.run(waited, subject: ClockedApp(playDelay: 200)).status == .pass)
  }

  @Test(arguments: [(0, true), (1, true), (2, false)])
  func `plays after an engine that failed to start are bounded`(plays: Int, passes: Bool) {
    let item = PackItem(
      id: "auto.haptic.engine-start-failure", check: "haptic.engine-start-failure", scenarioVersion: 1,
      title: "t", configuration: [:],
      replay: .saveFlow(
        SaveFlowScript(
          contract: SaveFlowReplayTests.contract, prepareFails: true,
          steps: [
            SaveFlowStep(.tap),
            SaveFlowStep(
              .completeSuccess, expect: SaveFlowExpectation(result: .saved, playRequestsAtMost: 1)),
          ])))
    let result = PackRunner.run(item, subject: ClockedApp(playsAfterFailedStart: plays))
    #expect((result.status == .pass) == passes, "\(result.problem)")
    if !passes {
      #expect(
        result.problem
          == "step 2 'complete-success': expected at most 1 play request(s) so far; seen 2; player calls: "
          + "prepare(failed), play(transient t=0.000 i=1.000 s=0.500, lost), play(transient t=0.000 i=1.000 "
          + "s=0.500, lost)")
    }
  }

  @Test func `a save-flow step's delay is bounded when a pack is read`() throws {
    let json = #"{"action":"tap","delayMilliseconds":3600001,"expect":{}}"#
    #expect(throws: DecodingError.self) { try JSONDecoder().decode(SaveFlowStep.self, from: Data(json.utf8)) }
    let fine = #"{"action":"tap","delayMilliseconds":5,"expect":{}}"#
    #expect(try JSONDecoder().decode(SaveFlowStep.self, from: Data(fine.utf8)).delayMilliseconds == 5)
  }
}
