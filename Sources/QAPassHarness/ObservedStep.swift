/// One replayed step as the subject showed it.
public struct ObservedStep: Codable, Hashable, Sendable {
  /// The step's label.
  public var label: String
  /// The actions, described.
  public var actions: [String]
  /// Composition: the field's text.
  public var text: String?
  /// Composition: the reference field's marked range (from the pack).
  public var marked: PackRange?
  /// Composition: the reference field's selection (from the pack).
  public var selection: PackRange?
  /// Composition: whether a message was visible.
  public var messageShown: Bool?
  /// Composition: the message's text, when the subject tells it.
  public var message: String?
  /// Composition: whether submit was enabled.
  public var submitEnabled: Bool?
  /// Composition: what the step's submission did, if it made one.
  public var submission: String?
  /// Composition: the texts the app sent during the step (through the ``SubmissionRecorder``), when
  /// it sent any.
  public var sent: [String]?
  /// Composition: when the step's checks were read, in milliseconds of the replay's clock.
  public var time: Int?
  /// Save flow: what the screen showed.
  public var saveResult: VisibleSaveResult?
  /// Save flow: the player's calls so far.
  public var player: String?

  /// Creates an observed step.
  public init(
    label: String, actions: [String], text: String? = nil, marked: PackRange? = nil,
    selection: PackRange? = nil,
    messageShown: Bool? = nil, message: String? = nil, submitEnabled: Bool? = nil, submission: String? = nil,
    sent: [String]? = nil, time: Int? = nil, saveResult: VisibleSaveResult? = nil, player: String? = nil
  ) {
    self.label = label
    self.actions = actions
    self.text = text
    self.marked = marked
    self.selection = selection
    self.messageShown = messageShown
    self.message = message
    self.submitEnabled = submitEnabled
    self.submission = submission
    self.sent = sent
    self.time = time
    self.saveResult = saveResult
    self.player = player
  }
}
