/// What a save flow shows.
public enum VisibleSaveResult: String, Codable, Hashable, Sendable, CaseIterable {
  /// Nothing yet.
  case idle
  /// A save is running.
  case saving
  /// "Saved".
  case saved
  /// The save's error.
  case failed
}
