/// An automated item a pack could not hold, and why.
public struct UnexportedItem: Codable, Hashable, Sendable {
  /// The plan item's id.
  public var id: String
  /// The check.
  public var check: String
  /// Why it could not be exported.
  public var reason: String

  /// Creates an entry.
  public init(id: String, check: String, reason: String) {
    self.id = id
    self.check = check
    self.reason = reason
  }
}
