/// How wide a line of SVG text is, estimated with DejaVu Sans: the widest of the sans-serif faces a
/// browser falls back to for `Helvetica, Arial, sans-serif` (Linux has no Helvetica or Arial; macOS and
/// Windows draw every ASCII character narrower), so text laid out with it never overruns its box.
///
/// The advances are DejaVu Sans 2.37's, as headless Chromium measures them (per mille of the font
/// size, characters U+0020 to U+007E); any other character counts as a full em (CJK ideographs and
/// syllables are one em wide, the status symbols less).
///
/// ```swift
/// SVGTextMetrics.width(of: "sim-iphone-16e", size: 12, bold: true)  // 105
/// ```
enum SVGTextMetrics {
  /// The width of `text` in pixels at `size`, rounded up.
  ///
  /// - Complexity: O(n) in the number of characters.
  static func width(of text: String, size: Int, bold: Bool = false) -> Int {
    let advances = bold ? Self.bold : Self.regular
    var permille = 0
    for scalar in text.unicodeScalars {
      let value = Int(scalar.value)
      permille += (0x20...0x7E).contains(value) ? advances[value - 0x20] : 1000
    }
    return (permille * size + 999) / 1000
  }

  /// `text` cut to at most `width` pixels, with `…` at the end when it was cut.
  static func fitted(_ text: String, width: Int, size: Int, bold: Bool = false) -> String {
    guard Self.width(of: text, size: size, bold: bold) > width else { return text }
    var kept = ""
    for character in text {
      guard Self.width(of: kept + String(character) + "…", size: size, bold: bold) <= width else { break }
      kept.append(character)
    }
    return kept + "…"
  }

  /// `text` broken at spaces into lines of at most `width` pixels (a word longer than that is a line
  /// of its own, cut to fit).
  static func wrapped(_ text: String, width: Int, size: Int, bold: Bool = false) -> [String] {
    var lines: [String] = []
    var line = ""
    for word in text.split(separator: " ") {
      let candidate = line.isEmpty ? String(word) : line + " " + word
      if Self.width(of: candidate, size: size, bold: bold) <= width || line.isEmpty {
        line = candidate
      } else {
        lines.append(line)
        line = String(word)
      }
    }
    if !line.isEmpty { lines.append(line) }
    return lines.map { fitted($0, width: width, size: size, bold: bold) }
  }

  /// DejaVu Sans, per mille of the font size, U+0020 to U+007E.
  static let regular: [Int] = [
    318, 401, 460, 838, 636, 950, 780, 275, 390, 390, 500, 838, 318, 361, 318, 337,
    636, 636, 636, 636, 636, 636, 636, 636, 636, 636, 337, 337, 838, 838, 838, 531,
    1000, 684, 686, 698, 770, 632, 575, 775, 752, 295, 295, 656, 557, 863, 748, 787,
    603, 787, 695, 635, 611, 732, 684, 989, 685, 611, 685, 390, 337, 390, 838, 500,
    500, 613, 635, 550, 635, 615, 352, 635, 634, 278, 278, 579, 278, 974, 634, 612,
    635, 635, 411, 521, 392, 634, 592, 818, 592, 592, 525, 636, 337, 636, 838,
  ]

  /// DejaVu Sans Bold, per mille of the font size, U+0020 to U+007E.
  static let bold: [Int] = [
    348, 456, 521, 838, 696, 1002, 872, 306, 457, 457, 523, 838, 380, 415, 380, 365,
    696, 696, 696, 696, 696, 696, 696, 696, 696, 696, 400, 400, 838, 838, 838, 580,
    1000, 774, 762, 734, 830, 683, 683, 821, 837, 372, 372, 775, 637, 995, 837, 850,
    733, 850, 770, 720, 682, 812, 774, 1103, 771, 724, 725, 457, 365, 457, 838, 500,
    500, 675, 716, 593, 716, 678, 435, 716, 712, 343, 343, 665, 343, 1042, 712, 687,
    716, 716, 493, 595, 478, 712, 652, 924, 645, 652, 582, 712, 365, 712, 838,
  ]
}
