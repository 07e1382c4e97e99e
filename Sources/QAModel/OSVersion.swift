/// An iOS version as a matrix names it or a tester records it: `27.x` (any 27 release), `26.4`,
/// `18.7.2` or `26`.
///
/// A trailing `x` (or a missing part) is a wildcard: `26.x` stands for every 26 release, so a device whose
/// minimum is `26.0` supports it, and so does one whose minimum is `26.4`; an observation made on `26.1`
/// counts for an item planned on `26.x` (``admits(_:)``).
///
/// ```swift
/// let planned = OSVersion("26.x")!
/// planned.admits(OSVersion("26.1")!)   // true
/// planned.admits(OSVersion("27.0")!)   // false
/// OSVersion("26.x.1")                  // nil: a wildcard ends a version
/// ```
package struct OSVersion: Hashable, Comparable, Sendable, CustomStringConvertible {
  /// The numeric parts before any wildcard: `[26]` for `26.x`, `[26, 4]` for `26.4`.
  package var parts: [Int]
  /// The text as written (`26.x`), kept so a version prints as the matrix or the tester wrote it.
  package var text: String
  /// Whether the last part is written as a wildcard (`x`, `X` or `*`).
  package var hasWildcard: Bool

  /// Parses `major[.minor[.patch]]` where the last part may be `x`; `nil` when the text is not a version.
  package init?(_ text: String) {
    let pieces = text.split(separator: ".", omittingEmptySubsequences: false)
    guard (1...3).contains(pieces.count) else { return nil }
    var parts: [Int] = []
    var hasWildcard = false
    for (i, piece) in pieces.enumerated() {
      if piece == "x" || piece == "X" || piece == "*" {
        guard i == pieces.count - 1, i > 0 else { return nil }
        hasWildcard = true
        break
      }
      // ASCII digits only (`Int` would take a sign: `+4`, `-0`), at most 18 of them after leading zeros,
      // so every part fits an `Int`; ``releasePattern(for:)`` writes the same bound.
      guard !piece.isEmpty, piece.utf8.allSatisfy({ (0x30...0x39).contains($0) }),
        piece.drop(while: { $0 == "0" }).count <= Self.maxDigits, let number = Int(piece)
      else { return nil }
      parts.append(number)
    }
    self.parts = parts
    self.text = text
    self.hasWildcard = hasWildcard
  }

  /// The most digits a part may have after its leading zeros.
  static let maxDigits = 18

  /// The text as written.
  package var description: String { text }

  /// The lowest concrete version this stands for (`26.x` -> 26.0.0).
  var lowest: [Int] { parts + [Int](repeating: 0, count: 3 - parts.count) }
  /// The highest concrete version this stands for (`26.x` -> 26.max.max).
  var highest: [Int] { parts + [Int](repeating: Int.max, count: 3 - parts.count) }

  /// Whether some release this version stands for lies within `min...max` (either bound optional).
  package func overlaps(min: OSVersion?, max: OSVersion?) -> Bool {
    if let min, highest.lexicographicallyPrecedes(min.lowest) { return false }
    if let max, max.highest.lexicographicallyPrecedes(lowest) { return false }
    return true
  }

  /// Whether `observed`, a version a tester or a test run recorded, counts for this planned version: the
  /// same text, or a concrete release of it (`26.4.1` for `26.x`, `27.1` for `27`, `26.1.2` for `26.1`),
  /// so testers can record the exact version.
  ///
  /// - Complexity: O(1).
  package func admits(_ observed: OSVersion) -> Bool {
    if observed.text == text { return true }
    return !observed.hasWildcard && observed.parts.count > parts.count && observed.parts.starts(with: parts)
  }

  /// Whether the recorded text `observed` counts for the planned text `planned` (see ``admits(_:)``);
  /// texts that are not versions count only when they are equal.
  package static func observed(_ observed: String, isWithin planned: String) -> Bool {
    if observed == planned { return true }
    guard let planned = OSVersion(planned), let observed = OSVersion(observed) else { return false }
    return planned.admits(observed)
  }

  /// Orders versions by the lowest release they stand for, then the highest (`26.x` after `26.0`,
  /// before `26.1`), then the text.
  package static func < (lhs: OSVersion, rhs: OSVersion) -> Bool {
    if lhs.lowest != rhs.lowest { return lhs.lowest.lexicographicallyPrecedes(rhs.lowest) }
    if lhs.highest != rhs.highest { return lhs.highest.lexicographicallyPrecedes(rhs.highest) }
    return lhs.text < rhs.text
  }
}
