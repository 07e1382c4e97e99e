/// The observable state a step must leave; `nil` members are not checked.
public struct FieldExpectation: Codable, Hashable, Sendable {
  /// The field's whole text, marked text included.
  public var text: String?
  /// Whether a validation message is visible.
  public var messageShown: Bool?
  /// Whether the submit button is enabled.
  public var submitEnabled: Bool?
  /// What the step's last submission (a submit action or a Return) must have done.
  public var submission: ExpectedSubmission?
  /// Why these expectations hold, for failure messages: `oracle: han-name says invalid`.
  public var reason: String?

  /// Creates an expectation.
  public init(
    text: String? = nil, messageShown: Bool? = nil, submitEnabled: Bool? = nil,
    submission: ExpectedSubmission? = nil, reason: String? = nil
  ) {
    self.text = text
    self.messageShown = messageShown
    self.submitEnabled = submitEnabled
    self.submission = submission
    self.reason = reason
  }

  /// Whether nothing is checked.
  public var isEmpty: Bool {
    text == nil && messageShown == nil && submitEnabled == nil && submission == nil
  }
}
