/// An iOS version as a matrix names it: `27.x` (any 27 release), `26.4`, `18.7.2` or `26`.
///
/// A trailing `x` (or a missing part) is a wildcard: `26.x` stands for every 26 release, so a device whose
/// minimum is `26.0` supports it, and so does one whose minimum is `26.4`.
public struct OSVersion: Hashable, Sendable, CustomStringConvertible {
  /// The numeric parts before any wildcard: `[26]` for `26.x`, `[26, 4]` for `26.4`.
  public var parts: [Int]
  public var text: String

  /// Parses `major[.minor[.patch]]` where the last part may be `x`; `nil` when the text is not a version.
  public init?(_ text: String) {
    let pieces = text.split(separator: ".", omittingEmptySubsequences: false)
    guard (1...3).contains(pieces.count) else { return nil }
    var parts: [Int] = []
    for (i, piece) in pieces.enumerated() {
      if piece == "x" || piece == "X" || piece == "*" {
        guard i == pieces.count - 1, i > 0 else { return nil }
        break
      }
      guard let number = Int(piece), number >= 0, piece.allSatisfy(\.isASCII) else { return nil }
      parts.append(number)
    }
    self.parts = parts
    self.text = text
  }

  public var description: String { text }

  /// The lowest concrete version this stands for (`26.x` -> 26.0.0).
  var lowest: [Int] { parts + [Int](repeating: 0, count: 3 - parts.count) }
  /// The highest concrete version this stands for (`26.x` -> 26.max.max).
  var highest: [Int] { parts + [Int](repeating: Int.max, count: 3 - parts.count) }

  /// Whether some release this version stands for lies within `min...max` (either bound optional).
  public func overlaps(min: OSVersion?, max: OSVersion?) -> Bool {
    if let min, highest.lexicographicallyPrecedes(min.lowest) { return false }
    if let max, max.highest.lexicographicallyPrecedes(lowest) { return false }
    return true
  }
}
