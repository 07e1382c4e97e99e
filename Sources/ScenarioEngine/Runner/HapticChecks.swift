import AcceptanceCore

/// The automated haptic checks' negative controls (the scripts are ``HapticScripts``).
enum HapticChecks {
  /// The defect of the naive flow run for each scenario (documented on
  /// ``AutomatedRun/negativeControl(for:)``).
  static let naiveFlows: [String: NaiveSaveFlow.Defect] = [
    "haptic.contract": .genericPattern,
    "haptic.success": .playsOnTap,
    "haptic.failure": .playsAfterFailure,
    "haptic.rapid-taps": .unguardedTaps,
    "haptic.unsupported-hardware": .playsAfterFailure,
    "haptic.playback-failure": .hapticErrorFailsSave,
    "haptic.engine-reset": .neverReprepares,
    "haptic.background-return": .neverReprepares,
    "haptic.background-completion": .playsAfterFailure,
    "haptic.injected-pattern": .genericPattern,
    "haptic.engine-stopped": .neverReprepares,
  ]
}
