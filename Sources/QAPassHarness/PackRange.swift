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

  /// The largest offset or length a pack's range may give: 2^26 UTF-16 code units, more than any text
  /// a pack (at most 64 MiB) can hold, so a range from a file never overflows an `Int` when added.
  public static let maxOffset = 1 << 26

  enum CodingKeys: String, CodingKey { case location, length }

  /// Reads a range, refusing an offset or length beyond ±``maxOffset`` (`Int.max` in a hand-edited
  /// pack) at its place, before any text field sees it.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    location = try Self.offset(container, .location)
    length = try Self.offset(container, .length)
  }

  static func offset(_ container: KeyedDecodingContainer<CodingKeys>, _ key: CodingKeys) throws -> Int {
    let value = try container.decode(Int.self, forKey: key)
    guard (-maxOffset...maxOffset).contains(value) else {
      throw DecodingError.dataCorruptedError(
        forKey: key, in: container,
        debugDescription: PackLimits.outOfRange(value, -maxOffset...maxOffset, "UTF-16 code units"))
    }
    return value
  }

  /// An empty range at `offset`.
  public static func caret(at offset: Int) -> PackRange { PackRange(location: offset, length: 0) }

  /// `{location, length}`.
  public var description: String { "{\(location), \(length)}" }
}
