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
  /// On a failure: every step up to the failing one, as seen.
  public var trace: [ObservedStep]

  /// Creates a result.
  public init(
    id: String, check: String, scenarioVersion: Int, status: Outcome, implementation: String,
    configuration: [String: String], failure: StepFailure? = nil, trace: [ObservedStep] = [],
    channel: PackItem.Channel? = nil
  ) {
    self.id = id
    self.check = check
    self.channel = channel
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
