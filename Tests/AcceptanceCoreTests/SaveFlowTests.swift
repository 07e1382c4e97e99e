import AcceptanceCoreTesting
import Testing

@testable import AcceptanceCore

struct SaveFlowTests {
  let saver = ControlledSaver()
  let player = RecordingHapticPlayer()
  let confirmation = HapticPattern.savedConfirmation()

  func makeFlow(supportsHaptics: Bool = true, confirmation: HapticPattern = .savedConfirmation()) -> SaveFlow
  {
    SaveFlow(
      saver: saver, player: player, capability: FixedHapticCapability(supportsHaptics: supportsHaptics),
      confirmation: confirmation)
  }

  @Test func `plays once after a successful save, not at tap time`() {
    let flow = makeFlow()
    var states: [SaveState] = []
    flow.onStateChange = { states.append($0) }
    #expect(flow.tap())
    #expect(flow.state == .saving)
    #expect(player.playRequestCount == 0, "nothing plays at tap time")
    #expect(saver.complete(.success))
    #expect(flow.state == .saved)
    #expect(player.calls == [.prepare(succeeded: true), .play(confirmation, .played)])
    #expect(player.deliveredPatterns == [confirmation])
    #expect(states == [.saving, .saved])
    #expect(flow.diagnostics == [])
  }

  @Test func `never plays after a failure, and a retry can succeed`() {
    let flow = makeFlow()
    flow.tap()
    saver.complete(.failure("Network unavailable"))
    #expect(flow.state == .failed("Network unavailable"))
    #expect(player.playRequestCount == 0)
    #expect(flow.tap())
    saver.complete(.success)
    #expect(flow.state == .saved)
    #expect(player.deliveredPatterns.count == 1)
  }

  @Test func `taps while saving start nothing and play nothing`() {
    let flow = makeFlow()
    #expect(flow.tap())
    #expect(!flow.tap())
    #expect(!flow.tap())
    #expect(saver.startedCount == 1)
    #expect(player.playRequestCount == 0)
    saver.complete(.success)
    #expect(saver.pendingCount == 0)
    #expect(player.playRequestCount == 1)
    #expect(flow.tap(), "a new save may start once the previous one finished")
    #expect(saver.startedCount == 2)
  }

  @Test func `unsupported hardware plays nothing and still shows saved`() {
    let flow = makeFlow(supportsHaptics: false)
    flow.tap()
    saver.complete(.success)
    #expect(flow.state == .saved)
    #expect(player.calls == [])
    #expect(flow.diagnostics == [])
  }

  @Test func `a prepare failure is a diagnostic, never a failed save`() {
    player.failsPrepare = true
    let flow = makeFlow()
    flow.tap()
    saver.complete(.success)
    #expect(flow.state == .saved)
    #expect(player.playRequestCount == 0, "an unprepared player is not asked to play")
    #expect(flow.diagnostics.count == 2, "prepare tried at tap time and again before playing")
    #expect(flow.diagnostics.allSatisfy { if case .prepareFailed = $0 { true } else { false } })
    player.failsPrepare = false
    flow.tap()
    saver.complete(.success)
    #expect(player.deliveredPatterns.count == 1, "recovers on the next save")
  }

  @Test func `a play failure is a diagnostic, never a failed save`() {
    player.failsPlay = true
    let flow = makeFlow()
    flow.tap()
    saver.complete(.success)
    #expect(flow.state == .saved)
    #expect(flow.diagnostics == [.playFailed("playFailed")])
  }

  @Test func `the player is prepared again after an engine reset`() {
    let flow = makeFlow()
    flow.tap()
    saver.complete(.success)
    player.invalidatePreparation()
    flow.engineDidReset()
    flow.tap()
    saver.complete(.success)
    #expect(
      player.calls == [
        .prepare(succeeded: true), .play(confirmation, .played),
        .prepare(succeeded: true), .play(confirmation, .played),
      ])
  }

  @Test func `a reset during the save is handled before the play`() {
    let flow = makeFlow()
    flow.tap()
    player.invalidatePreparation()
    flow.engineDidReset()
    saver.complete(.success)
    #expect(
      player.calls == [.prepare(succeeded: true), .prepare(succeeded: true), .play(confirmation, .played)])
  }

  @Test func `a stop during the save, or between saves, is handled before the play`() {
    let flow = makeFlow()
    flow.tap()
    player.invalidatePreparation()
    flow.engineDidStop()
    saver.complete(.success)
    flow.tap()
    saver.complete(.success)
    player.invalidatePreparation()
    flow.engineDidStop()
    flow.tap()
    saver.complete(.success)
    #expect(player.deliveredPatterns.count == 3)
    #expect(player.calls.filter { $0 == .prepare(succeeded: true) }.count == 3)
  }

  @Test func `the player is prepared again after a return from background`() {
    let flow = makeFlow()
    flow.tap()
    saver.complete(.success)
    flow.didEnterBackground()
    player.invalidatePreparation()
    flow.willEnterForeground()
    flow.tap()
    saver.complete(.success)
    #expect(player.deliveredPatterns.count == 2)
    #expect(player.calls.filter { $0 == .prepare(succeeded: true) }.count == 2)
  }

  @Test func `a save that ends in the background plays nothing`() {
    let flow = makeFlow()
    flow.tap()
    flow.didEnterBackground()
    player.invalidatePreparation()
    saver.complete(.success)
    #expect(flow.state == .saved)
    #expect(player.playRequestCount == 0)
    #expect(flow.diagnostics == [.playSkippedInBackground])
  }

  @Test func `a synchronous saver works and a second completion is ignored`() {
    let immediate = ImmediateSaver(result: .success)
    var stored: ((SaveResult) -> Void)?
    final class KeepingSaver: Saver {
      var onSave: (@escaping (SaveResult) -> Void) -> Void = { _ in }
      func save(completion: @escaping (SaveResult) -> Void) { onSave(completion) }
    }
    let flow = SaveFlow(
      saver: immediate, player: player, capability: FixedHapticCapability(supportsHaptics: true))
    flow.tap()
    #expect(flow.state == .saved)
    #expect(player.deliveredPatterns.count == 1)

    let keeping = KeepingSaver()
    keeping.onSave = { completion in stored = completion }
    let other = RecordingHapticPlayer()
    let flow2 = SaveFlow(
      saver: keeping, player: other, capability: FixedHapticCapability(supportsHaptics: true))
    flow2.tap()
    stored?(.success)
    stored?(.failure("late"))
    #expect(flow2.state == .saved)
    #expect(other.playRequestCount == 1)
    #expect(flow2.diagnostics == [.unexpectedCompletion])
  }

  @Test func `an invalid confirmation pattern is reported and not played`() {
    let bad = HapticPattern.savedConfirmation(intensity: 2)
    let flow = makeFlow(confirmation: bad)
    flow.tap()
    saver.complete(.success)
    #expect(flow.state == .saved)
    #expect(player.playRequestCount == 0)
    #expect(
      flow.diagnostics == [
        .invalidPattern([.parameterOutOfRange(eventIndex: 0, parameter: .intensity, value: 2)])
      ])
  }

  @Test func `the no-op player accepts everything`() throws {
    let flow = SaveFlow(
      saver: ImmediateSaver(result: .success), player: NoOpHapticPlayer(),
      capability: FixedHapticCapability(supportsHaptics: true))
    flow.tap()
    #expect(flow.state == .saved)
    #expect(flow.diagnostics == [])
  }

  @Test func `the recording player loses plays when not re-prepared`() throws {
    let recorder = RecordingHapticPlayer()
    try recorder.play(confirmation)
    try recorder.prepare()
    try recorder.play(confirmation)
    recorder.invalidatePreparation()
    try recorder.play(confirmation)
    #expect(
      recorder.calls == [
        .play(confirmation, .lostUnprepared), .prepare(succeeded: true), .play(confirmation, .played),
        .play(confirmation, .lostUnprepared),
      ])
    #expect(recorder.deliveredPatterns.count == 1)
    recorder.failsPlay = true
    #expect(throws: RecordingHapticPlayer.Failure.playFailed) { try recorder.play(confirmation) }
  }
}
