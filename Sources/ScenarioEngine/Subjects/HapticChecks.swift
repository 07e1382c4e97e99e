import AcceptanceCore
import QAModel

/// The automated haptic checks' negative controls (the scripts are ``HapticScripts``).
enum HapticChecks {
  /// The defect of the naive flow run for each scenario (documented on
  /// ``AutomatedRun/negativeControl(for:)``).
  static let naiveFlows: [CheckID: NaiveSaveFlow.Defect] = [
    .hapticContract: .offContractPattern,
    .hapticSuccess: .playsOnTap,
    .hapticFailure: .playsAfterFailure,
    .hapticRapidTaps: .unguardedTaps,
    .hapticUnsupportedHardware: .playsAfterFailure,
    .hapticPlaybackFailure: .hapticErrorFailsSave,
    .hapticEngineReset: .neverReprepares,
    .hapticBackgroundReturn: .neverReprepares,
    .hapticBackgroundCompletion: .playsAfterFailure,
    .hapticEngineStopped: .ignoresEngineStop,
    .hapticRetryAfterFailure: .inFlightAfterFailure,
    .hapticResetDuringSave: .preparesAtTapOnly,
    .hapticStopDuringSave: .preparesAtTapOnly,
    .hapticEngineStartFailure: .hapticErrorFailsSave,
  ]
}
