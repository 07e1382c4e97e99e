extension String {
  /// The number of terminal columns the string occupies: East Asian wide and fullwidth characters
  /// count 2, combining marks and format characters 0, everything else 1.
  ///
  /// A small subset of Unicode's East Asian Width (UAX #11) that covers CJK ideographs, kana, hangul,
  /// fullwidth forms and common emoji, which is what input-method traces contain.
  ///
  /// - Complexity: O(*n*) in the number of Unicode scalars.
  package var displayWidth: Int {
    unicodeScalars.reduce(0) { $0 + $1.displayWidth }
  }

  /// The string padded with spaces on the right to `width` display columns.
  package func padded(toDisplayWidth width: Int) -> String {
    self + String(repeating: " ", count: Swift.max(0, width - displayWidth))
  }
}

extension Unicode.Scalar {
  /// Terminal columns for one scalar (0, 1 or 2).
  package var displayWidth: Int {
    let v = value
    switch properties.generalCategory {
    case .nonspacingMark, .enclosingMark, .format, .control: return 0
    default: break
    }
    if (0x1160...0x11FF).contains(v) { return 0 }  // hangul medial vowels and final consonants
    for range in Self.wideRanges where range.contains(v) { return 2 }
    return 1
  }

  /// Wide (W) and fullwidth (F) ranges, in order.
  private static let wideRanges: [ClosedRange<UInt32>] = [
    0x1100...0x115F,  // hangul choseong
    0x2E80...0x303E,  // CJK radicals, punctuation
    0x3041...0x33FF,  // kana, bopomofo, hangul compatibility jamo, CJK compatibility
    0x3400...0x4DBF,  // CJK extension A
    0x4E00...0x9FFF,  // CJK unified ideographs
    0xA000...0xA4CF,  // Yi
    0xA960...0xA97F,  // hangul jamo extended-A
    0xAC00...0xD7A3,  // hangul syllables
    0xF900...0xFAFF,  // CJK compatibility ideographs
    0xFE10...0xFE19,  // vertical forms
    0xFE30...0xFE6F,  // CJK compatibility forms, small forms
    0xFF00...0xFF60,  // fullwidth forms
    0xFFE0...0xFFE6,  // fullwidth signs
    0x1F300...0x1F64F,  // pictographs, emoticons
    0x1F900...0x1F9FF,  // supplemental pictographs
    0x20000...0x2FFFD,  // CJK extensions B–F, compatibility supplement
    0x30000...0x3FFFD,  // CJK extensions G–H
  ]
}
