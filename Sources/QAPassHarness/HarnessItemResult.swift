/// What replaying one pack item gave.
public struct HarnessItemResult: Codable, Hashable, Sendable {
  /// The outcome.
  public enum Status: String, Codable, Hashable, Sendable {
    /// Every expectation held.
    case pass
    /// A step's expectation did not hold.
    case fail
    /// The item could not run (not exported, or the subject has no such field or flow).
    case error
  }

  /// The item's id, as in the pack and the plan.
  public var id: String
  /// The check.
  public var check: String
  /// The scenario's text version.
  public var scenarioVersion: Int
  /// The outcome.
  public var status: Status
  /// The implementation that ran.
  public var implementation: String
  /// Where the item applies.
  public var configuration: [String: String]
  /// The first failing step, or why the item could not run.
  public var failure: StepFailure?
  /// On a failure: every step up to the failing one, as seen.
  public var trace: [ObservedStep]

  /// Creates a result.
  public init(
    id: String, check: String, scenarioVersion: Int, status: Status, implementation: String,
    configuration: [String: String], failure: StepFailure? = nil, trace: [ObservedStep] = []
  ) {
    self.id = id
    self.check = check
    self.scenarioVersion = scenarioVersion
    self.status = status
    self.implementation = implementation
    self.configuration = configuration
    self.failure = failure
    self.trace = trace
  }

  /// `step 7 'commit (focus-out)': expected message hidden; seen message shown (oracle: …)`, or
  /// the reason an item could not run; empty on a pass.
  public var problem: String { failure?.description ?? "" }
}

/// The first step whose expectation did not hold.
public struct StepFailure: Codable, Hashable, Sendable, CustomStringConvertible {
  /// The step, from 1; 0 when the item could not run at all.
  public var step: Int
  /// The step's label.
  public var label: String
  /// What was expected, such as `message hidden, submit disabled`.
  public var expected: String
  /// What was seen.
  public var seen: String
  /// Why the expectation holds, when the pack says.
  public var reason: String?

  /// Creates a failure.
  public init(step: Int, label: String, expected: String, seen: String, reason: String? = nil) {
    self.step = step
    self.label = label
    self.expected = expected
    self.seen = seen
    self.reason = reason
  }

  /// One line.
  public var description: String {
    if step == 0 { return seen }
    var text = "step \(step) '\(label)': expected \(expected); seen \(seen)"
    if let reason { text += " (\(reason))" }
    return text
  }
}

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
  /// Save flow: what the screen showed.
  public var saveResult: VisibleSaveResult?
  /// Save flow: the player's calls so far.
  public var player: String?

  /// Creates an observed step.
  public init(
    label: String, actions: [String], text: String? = nil, marked: PackRange? = nil,
    selection: PackRange? = nil,
    messageShown: Bool? = nil, message: String? = nil, submitEnabled: Bool? = nil, submission: String? = nil,
    saveResult: VisibleSaveResult? = nil, player: String? = nil
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
    self.saveResult = saveResult
    self.player = player
  }
}
