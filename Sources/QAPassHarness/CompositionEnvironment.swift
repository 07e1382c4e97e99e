/// What a composition subject is built with: the field the item is about, the replay's clock and
/// the recorder of what the app sends. Fresh for every item.
///
/// The app schedules its delayed work on ``clock`` (through its own scheduler type) and sends
/// submitted text through ``recorder`` (through its own network-layer type); the runner advances
/// the clock and compares what was sent with each submission's expectation.
public struct CompositionEnvironment {
  /// The form field the item types into, as the matrix declares it.
  public let field: PackField
  /// The replay's time.
  public let clock: VirtualClock
  /// What the app sends.
  public let recorder: SubmissionRecorder

  /// Creates an environment.
  public init(
    field: PackField, clock: VirtualClock = VirtualClock(),
    recorder: SubmissionRecorder = SubmissionRecorder()
  ) {
    self.field = field
    self.clock = clock
    self.recorder = recorder
  }
}
