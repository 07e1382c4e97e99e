import AcceptanceCore

extension NaiveSaveFlow {
  /// One flaw of a naive save flow, each built to fail one haptic scenario.
  ///
  /// | defect | fails | the flaw |
  /// | --- | --- | --- |
  /// | ``offContractPattern`` | `haptic.contract` | its own confirmation is a stock pattern, not the contract |
  /// | ``genericPattern`` | every item that feels a confirmation | plays a stock pattern, not its own |
  /// | ``playsOnTap`` | `haptic.success` | plays at tap time, before the save succeeds |
  /// | ``playsAfterFailure`` | `haptic.failure` | plays whatever the outcome |
  /// | ``unguardedTaps`` | `haptic.rapid-taps` | no in-flight guard: one save and play per tap |
  /// | ``hapticErrorFailsSave`` | `haptic.playback-failure`, `haptic.engine-start-failure` | a haptic error (playing, or starting the engine) fails the save |
  /// | ``neverReprepares`` | `haptic.engine-reset`, `haptic.background-return` | prepares once only |
  /// | ``ignoresEngineStop`` | `haptic.engine-stopped`, `haptic.stop-during-save` | the stopped handler does nothing |
  /// | ``inFlightAfterFailure`` | `haptic.retry-after-failure` | a failed save leaves the in-flight flag set |
  /// | ``preparesAtTapOnly`` | `haptic.reset-during-save`, `haptic.stop-during-save` | trusts the tap's preparation |
  ///
  /// Every defect also fails `haptic.unsupported-hardware` and `haptic.background-completion` (no
  /// naive flow asks the hardware or knows about the background), and playing at tap time is seen
  /// by every item that expects silence at tap time or after a failure, so ``playsOnTap`` also
  /// fails `haptic.failure`, `haptic.rapid-taps`, `haptic.retry-after-failure` and the two
  /// during-save items. A flow that never prepares again loses the second save's confirmation in
  /// every item that loses the engine between or during saves.
  package enum Defect: String, Hashable, Sendable, CaseIterable {
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
    /// Plays ``NaiveSaveFlow/genericPattern`` instead of its own confirmation, as apps do that
    /// reach for a stock notification haptic in one place and keep `confirmationEvents()` in
    /// another: what plays is never what the app declares.
    case genericPattern
    /// Its own confirmation is ``NaiveSaveFlow/genericPattern`` (declared and played alike), not
    /// the matrix's contract: an app whose shared `confirmationEvents()` drifted from the spec.
    case offContractPattern
    /// Has no in-flight guard: three quick taps save three times and buzz three times.
    case unguardedTaps
    /// Wraps the save's completion and the haptic in one `do`/`catch`, so a playback error (or an
    /// engine that fails to start) turns a successful save into a visible failure (``NaiveSaveFlow/hapticFailureMessage``) and leaves
    /// no diagnostic.
    case hapticErrorFailsSave
    /// Prepares only when it knows the engine was lost, and its stopped handler does nothing: the
    /// handler a protocol default once wired to the reset handler, left empty. After a stop (an
    /// audio interruption) the next confirmation is lost.
    case ignoresEngineStop
    /// Sets its in-flight flag on a tap and clears it only when a save succeeds: after a failure
    /// the button stays dead, so the user cannot retry.
    case inFlightAfterFailure
    /// Prepares the player when a save starts, for latency, and plays when it ends trusting that
    /// preparation: an engine reset or stop while the save runs loses the confirmation (a reset or
    /// stop between saves is healed by the next tap).
    case preparesAtTapOnly

    /// The implementation name reported for a flow with this defect (the `implementation` of an
    /// item result).
    ///
    /// The six first controls keep the names they have always been reported under, so reports,
    /// JUnit properties and the tools that read them stay unchanged.
    package var implementationName: String {
      switch self {
      case .playsOnTap: "PlaysOnTapSaveFlow"
      case .playsAfterFailure: "PlaysAfterFailureSaveFlow"
      case .neverReprepares: "NeverReprepareSaveFlow"
      case .genericPattern: "GenericSuccessSaveFlow"
      case .offContractPattern: "OffContractPatternSaveFlow"
      case .unguardedTaps: "UnguardedSaveFlow"
      case .hapticErrorFailsSave: "HapticErrorFailsSaveFlow"
      case .ignoresEngineStop: "IgnoresEngineStopSaveFlow"
      case .inFlightAfterFailure: "InFlightAfterFailureSaveFlow"
      case .preparesAtTapOnly: "PreparesAtTapOnlySaveFlow"
      }
    }
  }
}
