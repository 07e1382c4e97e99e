/// A range in UTF-16 code units, as `UITextInput` and `NSRange` count them.
public struct PackRange: Codable, Hashable, Sendable, CustomStringConvertible {
  /// The first code unit.
  public var location: Int
  /// The number of code units.
  public var length: Int

  /// Creates a range.
  public init(location: Int, length: Int) {
    self.location = location
    self.length = length
  }

  /// An empty range at `offset`.
  public static func caret(at offset: Int) -> PackRange { PackRange(location: offset, length: 0) }

  /// `{location, length}`.
  public var description: String { "{\(location), \(length)}" }
}
