import AcceptanceCore
import CoreAdapters
import QAModel
import QAPassHarness

/// The save-flow scripts of the automated haptic checks, with the expected play requests, felt
/// confirmations and visible result after each step, from the haptic contract alone.
enum HapticScripts {
  /// The confirmation `haptic.injected-pattern` gives the flow: two events, unlike
  /// `savedConfirmation()`'s one transient at full intensity, so a flow that plays the library
  /// default instead of what it was given is caught.
  static let injectedPattern: [PackHapticEvent] = [
    PackHapticEvent(type: "transient", time: 0, intensity: 0.6, sharpness: 0.3),
    PackHapticEvent(type: "continuous", time: 0.05, intensity: 0.4, sharpness: 0.2, duration: 0.25),
  ]

  static func script(_ scenario: CheckID, contract: HapticPattern) throws(PackExport.Failure)
    -> SaveFlowScript
  {
    let errors = contract.validate()
    guard errors.isEmpty else {
      throw PackExport.Failure(
        description: "the declared confirmation is invalid: "
          + errors.map(\.description).joined(separator: "; "))
    }
    let confirmation = contract.packEvents
    typealias E = SaveFlowExpectation
    let saved = E(
      result: .saved, playRequests: 1, felt: 1, reason: "one confirmation after a successful save")
    switch scenario {
    case .hapticContract:
      return SaveFlowScript(
        confirmation: confirmation,
        steps: [
          SaveFlowStep(.tap),
          SaveFlowStep(
            .completeSuccess,
            expect: E(
              result: .saved, playRequests: 1, felt: 1, reason: "the played pattern is the declared contract")
          ),
        ])
    case .hapticSuccess:
      return SaveFlowScript(
        confirmation: confirmation,
        steps: [
          SaveFlowStep(
            .tap,
            expect: E(result: .saving, playRequests: 0, reason: "nothing plays before the save completes")),
          SaveFlowStep(.completeSuccess, expect: saved),
        ])
    case .hapticFailure:
      return SaveFlowScript(
        confirmation: confirmation,
        steps: [
          SaveFlowStep(.tap, expect: E(playRequests: 0)),
          SaveFlowStep(
            .completeFailure,
            expect: E(result: .failed, playRequests: 0, reason: "never a success haptic after a failure")),
        ])
    case .hapticRapidTaps:
      let one = E(savesStarted: 1, reason: "taps while a save runs start nothing")
      return SaveFlowScript(
        confirmation: confirmation,
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
        confirmation: confirmation, supportsHaptics: false, prepareFails: true, playFails: true,
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
        confirmation: confirmation, playFails: true,
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
        confirmation: confirmation,
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
        confirmation: confirmation,
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
    case .hapticInjectedPattern:
      let pattern =
        PackHapticEvent.samePattern(injectedPattern, confirmation)
        ? injectedPattern.map {
          var e = $0; e.intensity -= 0.05; return e
        } : injectedPattern
      return SaveFlowScript(
        confirmation: pattern,
        steps: [
          SaveFlowStep(.tap),
          SaveFlowStep(
            .completeSuccess,
            expect: E(
              result: .saved, playRequests: 1, felt: 1, reason: "the flow plays the pattern it was given")),
        ])
    default:
      throw PackExport.Failure(description: "no script for haptic check '\(scenario)'")
    }
  }
}
