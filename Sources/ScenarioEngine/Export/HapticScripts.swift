import AcceptanceCore
import CoreAdapters
import QAModel
import QAPassHarness

/// The save-flow scripts of the automated haptic checks, with the expected play requests, felt
/// confirmations and visible result after each step, from the haptic contract and the haptics
/// facts of docs/DOMAIN.md section 4 alone (section 4.4 lists what each script assumes).
///
/// The flow plays the app's own confirmation; `haptic.contract` compares it with the contract,
/// and every other script counts a confirmation as felt only when the flow played exactly the
/// app's pattern on a prepared player (``RecordingPlayer``: a reset, a stop or the background
/// loses the preparation, as Core Haptics loses a running engine).
enum HapticScripts {
  static func script(_ scenario: CheckID, contract: HapticPattern) throws(PackExport.Failure)
    -> SaveFlowScript
  {
    let errors = contract.validate()
    guard errors.isEmpty else {
      throw PackExport.Failure(
        description: "the declared confirmation is invalid: "
          + errors.map(\.description).joined(separator: "; "))
    }
    let contract = contract.packEvents
    typealias E = SaveFlowExpectation
    let saved = E(
      result: .saved, playRequests: 1, felt: 1, reason: "one confirmation after a successful save")
    switch scenario {
    case .hapticContract:
      return SaveFlowScript(
        contract: contract,
        steps: [
          SaveFlowStep(.tap),
          SaveFlowStep(
            .completeSuccess,
            expect: E(
              result: .saved, playRequests: 1, felt: 1, confirmationIsContract: true,
              reason: "the app's own confirmation is the declared contract, and it is what plays")),
        ])
    case .hapticSuccess:
      return SaveFlowScript(
        contract: contract,
        steps: [
          SaveFlowStep(
            .tap,
            expect: E(result: .saving, playRequests: 0, reason: "nothing plays before the save completes")),
          SaveFlowStep(.completeSuccess, expect: saved),
        ])
    case .hapticFailure:
      return SaveFlowScript(
        contract: contract,
        steps: [
          SaveFlowStep(.tap, expect: E(playRequests: 0)),
          SaveFlowStep(
            .completeFailure,
            expect: E(result: .failed, playRequests: 0, reason: "never a success haptic after a failure")),
        ])
    case .hapticRapidTaps:
      let one = E(savesStarted: 1, reason: "taps while a save runs start nothing")
      return SaveFlowScript(
        contract: contract,
        steps: [
          SaveFlowStep(.tap, expect: E(playRequests: 0, savesStarted: 1)), SaveFlowStep(.tap, expect: one),
          SaveFlowStep(.tap, expect: one),
          SaveFlowStep(
            .completeSuccess,
            expect: E(
              result: .saved, playRequests: 1, felt: 1, savesStarted: 1, reason: "one save, one confirmation")
          ),
        ])
    case .hapticUnsupportedHardware:
      return SaveFlowScript(
        contract: contract, supportsHaptics: false, prepareFails: true, playFails: true,
        steps: [
          SaveFlowStep(.tap, expect: E(playerUsed: false)),
          SaveFlowStep(
            .completeSuccess,
            expect: E(
              result: .saved, playerUsed: false,
              reason: "without haptic hardware: never touch the player, still \"saved\"")
          ),
        ])
    case .hapticPlaybackFailure:
      return SaveFlowScript(
        contract: contract, playFails: true,
        steps: [
          SaveFlowStep(.tap),
          SaveFlowStep(
            .completeSuccess,
            expect: E(
              result: .saved, playRequests: 1, diagnostics: 1,
              reason: "a playback error never changes the visible result; it leaves one diagnostic")),
        ])
    case .hapticEngineReset, .hapticEngineStopped, .hapticBackgroundReturn:
      let between: [SaveFlowAction] =
        switch scenario {
        case .hapticEngineReset: [.engineReset]
        case .hapticEngineStopped: [.engineStopped]
        default: [.enterBackground, .enterForeground]
        }
      return SaveFlowScript(
        contract: contract,
        steps: [SaveFlowStep(.tap), SaveFlowStep(.completeSuccess, expect: saved)]
          + between.map { SaveFlowStep($0, expect: E(playRequests: 1)) } + [
            SaveFlowStep(.tap),
            SaveFlowStep(
              .completeSuccess,
              expect: E(
                result: .saved, playRequests: 2, felt: 2,
                reason: "the player is prepared again, so the second confirmation is felt")),
          ])
    case .hapticBackgroundCompletion:
      return SaveFlowScript(
        contract: contract,
        steps: [
          SaveFlowStep(.tap), SaveFlowStep(.enterBackground),
          SaveFlowStep(
            .completeSuccess,
            expect: E(
              result: .saved, playRequests: 0,
              reason: "a save completing in the background shows saved and plays nothing")),
          SaveFlowStep(
            .enterForeground, expect: E(playRequests: 0, reason: "no late confirmation on returning")),
          SaveFlowStep(.tap), SaveFlowStep(.completeSuccess, expect: saved),
        ])
    case .hapticRetryAfterFailure:
      return SaveFlowScript(
        contract: contract,
        steps: [
          SaveFlowStep(.tap, expect: E(savesStarted: 1)),
          SaveFlowStep(
            .completeFailure,
            expect: E(result: .failed, playRequests: 0, reason: "never a success haptic after a failure")),
          SaveFlowStep(
            .tap,
            expect: E(
              result: .saving, playRequests: 0, savesStarted: 2,
              reason: "after a failure nothing is in flight: a new tap starts a new save")),
          SaveFlowStep(
            .completeSuccess,
            expect: E(
              result: .saved, playRequests: 1, felt: 1, savesStarted: 2,
              reason: "the retry's success plays one confirmation")),
        ])
    case .hapticResetDuringSave, .hapticStopDuringSave:
      // Lost during the first save (nothing started yet) and during a later one (the engine was
      // started by the first confirmation): a flow that ignores the handler while saving, or trusts
      // a start made at tap time, loses one of the two.
      let loss: SaveFlowAction = scenario == .hapticResetDuringSave ? .engineReset : .engineStopped
      let during = E(result: .saving, reason: "the save is still running")
      return SaveFlowScript(
        contract: contract,
        steps: [
          SaveFlowStep(.tap, expect: E(result: .saving, playRequests: 0)), SaveFlowStep(loss, expect: during),
          SaveFlowStep(.completeSuccess, expect: saved),
          SaveFlowStep(.tap, expect: E(result: .saving, playRequests: 1)), SaveFlowStep(loss, expect: during),
          SaveFlowStep(
            .completeSuccess,
            expect: E(
              result: .saved, playRequests: 2, felt: 2,
              reason: "the player is prepared again after the engine was lost during the save, so the "
                + "confirmation is felt")),
        ])
    case .hapticEngineStartFailure:
      // The articles: the save still shows its result, nothing crashes, no extra feedback. A flow may
      // play into the engine that did not start (lost) or skip the play; never more than once a save.
      return SaveFlowScript(
        contract: contract, prepareFails: true,
        steps: [
          SaveFlowStep(.tap, expect: E(result: .saving, playRequests: 0, savesStarted: 1)),
          SaveFlowStep(
            .completeSuccess,
            expect: E(
              result: .saved, playRequestsAtMost: 1,
              reason: "the engine failed to start: the save still shows \"saved\", and no extra feedback")),
          SaveFlowStep(
            .tap,
            expect: E(
              result: .saving, savesStarted: 2,
              reason: "the button still works after the engine failed to start")
          ),
          SaveFlowStep(
            .completeSuccess,
            expect: E(
              result: .saved, playRequestsAtMost: 2,
              reason: "each save shows \"saved\", with at most one play request")),
        ])
    default:
      throw PackExport.Failure(description: "no script for haptic check '\(scenario)'")
    }
  }
}
