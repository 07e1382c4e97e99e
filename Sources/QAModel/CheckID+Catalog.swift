extension CheckID {
  // Automated composition checks.

  /// C1: no false error before a candidate is chosen.
  package static let c1: CheckID = "c1"
  /// C2: a prompt, consistent update after confirmation.
  package static let c2: CheckID = "c2"
  /// C3: submission paths that bypass the button still enforce the check.
  package static let c3: CheckID = "c3"
  /// P1: paths without marked text still validate on submission.
  package static let p1: CheckID = "p1"
  /// P2: the field's rules agree with the oracle on every text it knows.
  package static let p2: CheckID = "p2"
  /// R1: a new composition after an invalid commit clears the old message.
  package static let r1: CheckID = "r1"
  /// R2: a commit announced by no event, then a submission: a Return that reaches the app, the Save
  /// button or code.
  package static let r2: CheckID = "r2"
  /// R3: a commit announced only by editing-did-end.
  package static let r3: CheckID = "r3"
  /// R4: an invalid commit announced only by a selection change.
  package static let r4: CheckID = "r4"
  /// R5: editing after an astral character (UTF-16 ranges).
  package static let r5: CheckID = "r5"
  /// R6: an in-place rewrite (the Korean keyboard's last syllable) judged while typing goes on.
  package static let r6: CheckID = "r6"
  /// T1: a submission right after the last edit reads that edit's verdict.
  package static let t1: CheckID = "t1"

  // Automated haptic checks, `haptic.<name>`. `haptic.injected-pattern` (the flow plays the pattern
  // the harness gives it) is retired: the harness now asks the app for its own pattern, and every
  // save-flow item checks that the flow plays it; the id is never reused.

  /// The saved confirmation's events are the contract's.
  package static let hapticContract: CheckID = "haptic.contract"
  /// One confirmation after a successful save.
  package static let hapticSuccess: CheckID = "haptic.success"
  /// No confirmation after a failed save.
  package static let hapticFailure: CheckID = "haptic.failure"
  /// No extra confirmation on repeated taps.
  package static let hapticRapidTaps: CheckID = "haptic.rapid-taps"
  /// Hardware without haptics changes nothing visible.
  package static let hapticUnsupportedHardware: CheckID = "haptic.unsupported-hardware"
  /// A playback failure changes nothing visible.
  package static let hapticPlaybackFailure: CheckID = "haptic.playback-failure"
  /// After an engine reset the player is prepared again.
  package static let hapticEngineReset: CheckID = "haptic.engine-reset"
  /// After backgrounding the player is prepared again.
  package static let hapticBackgroundReturn: CheckID = "haptic.background-return"
  /// A save completing in the background plays nothing.
  package static let hapticBackgroundCompletion: CheckID = "haptic.background-completion"
  /// After the engine stops the next save still plays.
  package static let hapticEngineStopped: CheckID = "haptic.engine-stopped"
  /// A save that failed can be retried, and the retry's success plays once.
  package static let hapticRetryAfterFailure: CheckID = "haptic.retry-after-failure"
  /// An engine reset while a save runs does not lose its confirmation.
  package static let hapticResetDuringSave: CheckID = "haptic.reset-during-save"
  /// An engine stop while a save runs does not lose its confirmation.
  package static let hapticStopDuringSave: CheckID = "haptic.stop-during-save"
  /// An engine that fails to start on haptic hardware changes nothing visible and adds no feedback.
  package static let hapticEngineStartFailure: CheckID = "haptic.engine-start-failure"

  // Manual scenarios.

  /// M1: C1 on a device.
  package static let m1: CheckID = "m1"
  /// M2: C2 on a device.
  package static let m2: CheckID = "m2"
  /// M3: C3 on a device.
  package static let m3: CheckID = "m3"
  /// H1: success haptic and "saved" arrive together.
  package static let h1: CheckID = "h1"
  /// H2: no success haptic on a failed save.
  package static let h2: CheckID = "h2"
  /// H3: rapid taps stay distinguishable with no extras.
  package static let h3: CheckID = "h3"
  /// H4: the first action after returning from background plays.
  package static let h4: CheckID = "h4"
  /// H5: the next save after an audio interruption plays.
  package static let h5: CheckID = "h5"
  /// V1: the result is clearly visible with no haptic.
  package static let v1: CheckID = "v1"
}
