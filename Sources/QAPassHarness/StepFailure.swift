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
