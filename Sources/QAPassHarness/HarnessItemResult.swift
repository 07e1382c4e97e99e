import QAModel

/// What replaying one pack item gave.
public struct HarnessItemResult: Codable, Hashable, Sendable {
  /// The item's id, as in the pack and the plan.
  public var id: String
  /// The check.
  public var check: String
  /// What the item is about, from its replay (``PackItem/channel``); `nil` for an item the pack could
  /// not export (it has no replay) and in results written before the harness recorded it.
  public var channel: PackItem.Channel?
  /// The scenario's text version.
  public var scenarioVersion: Int
  /// The outcome, one of ``Outcome/replay``: `pass` (every expectation held), `fail` (a step's
  /// expectation did not hold) or `error` (the item could not run: not exported, or the subject has no
  /// such field or flow).
  public var status: Outcome
  /// The implementation that ran.
  public var implementation: String
  /// Where the item applies.
  public var configuration: [String: String]
  /// The first failing step, or why the item could not run.
  public var failure: StepFailure?
  /// Every failing step, in order: the first alone for a script that stops there, each of them for
  /// one that goes on (``CompositionScript/continuesAfterFailure``, `p2`: every text the app judges
  /// otherwise); empty on a pass.
  public var failures: [StepFailure]
  /// On a failure: every step up to the last failing one, as seen.
  public var trace: [ObservedStep]
  /// For an item that judges several texts each afresh (`p2`): each text's own result, in the order
  /// entered; empty for every other item.
  public var texts: [TextResult] = []

  /// Creates a result; `failures` defaults to `failure` alone.
  public init(
    id: String, check: String, scenarioVersion: Int, status: Outcome, implementation: String,
    configuration: [String: String], failure: StepFailure? = nil, failures: [StepFailure]? = nil,
    trace: [ObservedStep] = [], channel: PackItem.Channel? = nil
  ) {
    self.id = id
    self.check = check
    self.channel = channel
    self.scenarioVersion = scenarioVersion
    self.status = status
    self.implementation = implementation
    self.configuration = configuration
    self.failure = failure ?? failures?.first
    self.failures = failures ?? failure.map { [$0] } ?? []
    self.trace = trace
  }

  enum CodingKeys: String, CodingKey {
    case id, check, channel, scenarioVersion, status, implementation, configuration, failure, failures, trace
    case texts
  }

  /// Decodes a result; results written before `failures` existed take their `failure` alone.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    id = try container.decode(String.self, forKey: .id)
    check = try container.decode(String.self, forKey: .check)
    channel = try container.decodeIfPresent(PackItem.Channel.self, forKey: .channel)
    scenarioVersion = try container.decode(Int.self, forKey: .scenarioVersion)
    status = try container.decode(Outcome.self, forKey: .status)
    implementation = try container.decode(String.self, forKey: .implementation)
    configuration = try container.decode([String: String].self, forKey: .configuration)
    failure = try container.decodeIfPresent(StepFailure.self, forKey: .failure)
    failures =
      try container.decodeIfPresent([StepFailure].self, forKey: .failures) ?? failure.map { [$0] } ?? []
    trace = try container.decode([ObservedStep].self, forKey: .trace)
    texts = try container.decodeIfPresent([TextResult].self, forKey: .texts) ?? []
  }

  /// Encodes every member (`failures` only when it says more than `failure`).
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(id, forKey: .id)
    try container.encode(check, forKey: .check)
    try container.encodeIfPresent(channel, forKey: .channel)
    try container.encode(scenarioVersion, forKey: .scenarioVersion)
    try container.encode(status, forKey: .status)
    try container.encode(implementation, forKey: .implementation)
    try container.encode(configuration, forKey: .configuration)
    try container.encodeIfPresent(failure, forKey: .failure)
    if failures.count > 1 { try container.encode(failures, forKey: .failures) }
    try container.encode(trace, forKey: .trace)
    if !texts.isEmpty { try container.encode(texts, forKey: .texts) }
  }

  /// `step 7 'commit (focus-out)': expected message hidden; seen message shown (oracle: …)`, or
  /// the reason an item could not run; empty on a pass. Several failing steps (`p2`) are all named,
  /// joined by `; ` (``problems`` lists them one by one).
  public var problem: String { problems.joined(separator: "; ") }

  /// One line per failing step (or the reason the item could not run); empty on a pass.
  public var problems: [String] {
    failures.isEmpty ? (failure.map { [$0.description] } ?? []) : failures.map(\.description)
  }

  /// The JUnit `classname` of this result of `subject` wherever qapass writes it
  /// (``HarnessRun/junitXML()`` and the app's cases in the `junit.xml` of `qapass pass`):
  /// `app.<subject>.<channel>.<check>`, such as `app.SignUpForm.composition.c1` or
  /// `app.SignUpForm.haptics.haptic.rapid-taps` (see ``HarnessRun/junitClassname(subject:channel:check:)``).
  /// Without a channel, the check's id decides (``PackItem/Channel/init(check:)``).
  public func junitClassname(subject: String) -> String {
    HarnessRun.junitClassname(
      subject: subject, channel: channel ?? PackItem.Channel(check: check), check: check)
  }
}
