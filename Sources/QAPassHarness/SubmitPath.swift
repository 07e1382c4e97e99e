/// A submission path other than Return.
public enum SubmitPath: String, Codable, Hashable, Sendable, CaseIterable {
  /// The submit button was tapped, even one whose cached enabled state is stale.
  case button
  /// Code submitted the form (a shortcut, state restoration).
  case programmatic
}
