import AcceptanceCore

extension NaiveSaveFlow {
  /// One flaw of a naive save flow, each built to fail one haptic scenario.
  ///
  /// | defect | fails | the flaw |
  /// | --- | --- | --- |
  /// | ``genericPattern`` | `haptic.contract` | plays a stock pattern, not the contract |
  /// | ``playsOnTap`` | `haptic.success` | plays at tap time, before the save succeeds |
  /// | ``playsAfterFailure`` | `haptic.failure` | plays whatever the outcome |
  /// | ``unguardedTaps`` | `haptic.rapid-taps` | no in-flight guard: one save and play per tap |
  /// | ``hapticErrorFailsSave`` | `haptic.playback-failure` | a haptic error fails the save |
  /// | ``neverReprepares`` | `haptic.engine-reset`, `haptic.background-return` | prepares once only |
  ///
  /// Every defect also fails `haptic.unsupported-hardware` (no naive flow asks the hardware), and
  /// playing at tap time also plays before saves that fail, so ``playsOnTap`` fails
  /// `haptic.failure` too.
  public enum Defect: String, Hashable, Sendable, CaseIterable {
    /// Plays the confirmation at tap time, before the save has succeeded: the user feels a success
    /// for a save that may still fail.
    case playsOnTap
    /// Plays the confirmation when the save ends, whatever the outcome: the user feels a success
    /// while the screen says the save failed.
    case playsAfterFailure
    /// Prepares the player once and never again: after an engine reset or a return from
    /// background, Core Haptics silently loses the next confirmation (`RecordingHapticPlayer`
    /// in AcceptanceCoreTesting records it as lost, unprepared).
    case neverReprepares
    /// Plays ``NaiveSaveFlow/genericPattern`` instead of the declared contract, as apps do
    /// that reach for a stock notification haptic.
    case genericPattern
    /// Has no in-flight guard: three quick taps save three times and buzz three times.
    case unguardedTaps
    /// Wraps the save's completion and the haptic in one `do`/`catch`, so a playback error turns a
    /// successful save into a visible failure (``NaiveSaveFlow/hapticFailureMessage``) and leaves
    /// no diagnostic.
    case hapticErrorFailsSave

    /// The implementation name reported for a flow with this defect (the `implementation` of an
    /// item result).
    ///
    /// These are the names the six negative controls have always been reported under, so reports,
    /// JUnit properties and the tools that read them stay unchanged.
    public var implementationName: String {
      switch self {
      case .playsOnTap: "PlaysOnTapSaveFlow"
      case .playsAfterFailure: "PlaysAfterFailureSaveFlow"
      case .neverReprepares: "NeverReprepareSaveFlow"
      case .genericPattern: "GenericSuccessSaveFlow"
      case .unguardedTaps: "UnguardedSaveFlow"
      case .hapticErrorFailsSave: "HapticErrorFailsSaveFlow"
      }
    }
  }
}
