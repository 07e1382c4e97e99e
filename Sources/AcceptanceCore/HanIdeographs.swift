/// The Han ideographs Unicode 17.0 assigns, as explicit code point ranges.
///
/// Explicit ranges instead of Swift Regex scripts: the stdlib's Regex script table lags its
/// property table (with Swift 6.3.1, `\p{Script=Han}` misses the Unicode 17.0 additions that
/// `isUnifiedIdeograph` knows), and on Apple platforms both come with the OS. A table in the
/// app gives the same answer on every OS version.
///
/// The set is every `Unified_Ideograph` code point (the URO, Extensions A to J, and the twelve
/// unified ideographs inside the compatibility block) plus every CJK compatibility ideograph.
/// Han-script characters that are not ideographs (radicals, 々, 〇, 〻, Hangzhou numerals,
/// ideographic iteration and Tangut-block marks) are deliberately left out.
enum HanIdeographs {
  /// The Unicode version the table follows.
  static let unicodeVersion = "17.0"

  /// The `Unified_Ideograph` code points, sorted, non-overlapping.
  static let unifiedRanges: [ClosedRange<UInt32>] = [
    0x3400...0x4DBF,  // Extension A
    0x4E00...0x9FFF,  // URO
    0xFA0E...0xFA0F, 0xFA11...0xFA11, 0xFA13...0xFA14, 0xFA1F...0xFA1F,  // unified, in the
    0xFA21...0xFA21, 0xFA23...0xFA24, 0xFA27...0xFA29,  // compatibility block
    0x20000...0x2A6DF,  // Extension B
    0x2A700...0x2B73F,  // Extension C (2B73A–2B73F added in 17.0)
    0x2B740...0x2B81D,  // Extension D (2B81E is 18.0, not yet included)
    0x2B820...0x2CEAD,  // Extension E (2CEA2–2CEAD added in 17.0)
    0x2CEB0...0x2EBE0,  // Extension F
    0x2EBF0...0x2EE5D,  // Extension I (15.1)
    0x30000...0x3134A,  // Extension G
    0x31350...0x323AF,  // Extension H
    0x323B0...0x33479,  // Extension J (17.0)
  ]

  /// The CJK compatibility ideographs that are not unified ideographs' twins in
  /// ``unifiedRanges``: F900–FA6D, FA70–FAD9 and the supplement 2F800–2FA1D.
  static let compatibilityRanges: [ClosedRange<UInt32>] = [
    0xF900...0xFA6D, 0xFA70...0xFAD9, 0x2F800...0x2FA1D,
  ]

  /// Every accepted range, sorted and merged.
  static let allRanges: [ClosedRange<UInt32>] = merge(unifiedRanges + compatibilityRanges)

  /// Whether `scalar` is a Han ideograph (unified or compatibility).
  ///
  /// - Complexity: O(log n) in the number of ranges.
  static func contains(_ scalar: Unicode.Scalar) -> Bool {
    search(allRanges, scalar.value)
  }

  /// Whether `scalar` is a `Unified_Ideograph`.
  ///
  /// - Complexity: O(log n) in the number of ranges.
  static func isUnified(_ scalar: Unicode.Scalar) -> Bool {
    search(unifiedRanges, scalar.value)
  }

  /// Whether `scalar` is a variation selector that may follow an ideograph (FE00–FE0F for the
  /// standardized variants of compatibility ideographs, E0100–E01EF for ideographic variation
  /// sequences such as 葛󠄀 in Japanese names).
  static func isVariationSelector(_ scalar: Unicode.Scalar) -> Bool {
    (0xFE00...0xFE0F).contains(scalar.value) || (0xE0100...0xE01EF).contains(scalar.value)
  }

  private static func search(_ ranges: [ClosedRange<UInt32>], _ value: UInt32) -> Bool {
    var low = 0
    var high = ranges.count
    while low < high {
      let mid = (low + high) / 2
      if ranges[mid].upperBound < value {
        low = mid + 1
      } else {
        high = mid
      }
    }
    return low < ranges.count && ranges[low].contains(value)
  }

  private static func merge(_ ranges: [ClosedRange<UInt32>]) -> [ClosedRange<UInt32>] {
    var merged: [ClosedRange<UInt32>] = []
    for range in ranges.sorted(by: { $0.lowerBound < $1.lowerBound }) {
      if let last = merged.last, range.lowerBound <= last.upperBound + 1 {
        merged[merged.count - 1] = last.lowerBound...max(last.upperBound, range.upperBound)
      } else {
        merged.append(range)
      }
    }
    return merged
  }
}
