/// What a tester recorded for one item.
public enum ObservationResult: String, Hashable, Sendable, CaseIterable, CustomStringConvertible {
  /// The item behaved as its scenario says.
  case pass
  /// The item did not behave as its scenario says.
  case fail
  /// The item could not be carried out (a missing account, a crash before the step).
  case blocked
  /// The tester chose not to carry it out.
  case skipped
  /// Nothing recorded yet; a fresh sheet entry. Counts as no observation.
  case untested

  /// The spelling used in files.
  public var description: String { rawValue }

  /// Every spelling, for messages.
  static var spellings: [String] { allCases.map(\.rawValue) }
}
