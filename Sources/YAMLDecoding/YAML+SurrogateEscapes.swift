extension YAML {
  /// An escape of a UTF-16 surrogate (`\ud83d`) in a double-quoted scalar: half of a pair, which is no
  /// character, so YAML (and libyaml) refuse it and with it the whole file.
  ///
  /// qapass's HTML checklist once saved a note holding a lone surrogate so (`JSON.stringify` writes one
  /// as `\ud83d`). ``parse(_:readingSurrogateEscapes:limits:)`` reads such a file all the same, so that
  /// the entry holding the escape can be refused alone, at its place.
  package struct SurrogateEscape: Hashable, Sendable {
    /// The escape as written (`\ud83d`, `\UD83D` or `\U0000d83d`).
    package var escape: String
    /// Where its backslash is (1-based).
    package var at: Mark
  }

  /// The most surrogate escapes one file may hold and still be read; past it the file is refused as
  /// libyaml refuses it.
  package static let maxSurrogateEscapes = 1_000

  /// Parses a YAML stream as ``parse(_:limits:)`` does, except that each escape of a UTF-16 surrogate in
  /// a double-quoted scalar reads as U+FFFD and is listed in `escapes`, for the caller to refuse what
  /// holds it.
  ///
  /// A text without one parses once, exactly as ``parse(_:limits:)``. Otherwise every `\u`/`\U` escape of
  /// a surrogate is replaced by the escape of U+FFFD of the same length (so every other place stays as
  /// it was) and the text parsed again; a replacement that turns out not to be inside a double-quoted
  /// scalar (a comment, a plain or single-quoted scalar, where `\ud83d` is literal text) is undone, and
  /// the text parsed a third time. Only replacements libyaml would have refused are listed.
  ///
  /// ```swift
  /// var escapes: [YAML.SurrogateEscape] = []
  /// let root = try YAML.parse(Array(#"note: "a\ud83db""#.utf8), readingSurrogateEscapes: &escapes)
  /// root?["note"]?.scalar?.text  // "a\u{FFFD}b"
  /// escapes  // [SurrogateEscape(escape: "\\ud83d", at: 1:8)]
  /// ```
  ///
  /// - Throws: ``YAMLError`` as ``parse(_:limits:)``: for the first problem that is not a surrogate
  ///   escape, or the first surrogate escape of a text with more than ``maxSurrogateEscapes``.
  /// - Complexity: O(*n*) in the input size: at most three parses.
  package static func parse(
    _ bytes: [UInt8], readingSurrogateEscapes escapes: inout [SurrogateEscape], limits: YAMLLimits = .default
  ) throws(YAMLError) -> Node? {
    let first: YAMLError
    do {
      return try parse(bytes, limits: limits)
    } catch {
      first = error
    }
    let skip = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
    let candidates = surrogateEscapes(in: bytes, from: skip)
    guard !candidates.isEmpty, candidates.count <= maxSurrogateEscapes else { throw first }
    let marks = bytes.withUnsafeBufferPointer { buffer in
      SourceBytes(bytes: UnsafeBufferPointer(rebasing: buffer[skip...]))
        .marks(ofByteOffsets: candidates.map { $0 - skip })
    }
    // libyaml stops at the hex digits of the first escape it refuses.
    guard
      marks.contains(where: { TextPosition(line: $0.line, column: $0.column + 2) == first.location })
    else { throw first }
    var replaced = bytes
    for offset in candidates { replaceWithReplacementCharacter(&replaced, at: offset) }
    var root = try parse(replaced, limits: limits)
    var quoted: [(start: Mark, end: Mark)] = []
    if let root { collectDoubleQuoted(root, into: &quoted) }
    quoted.sort { $0.start < $1.start }
    let inQuoted = marks.map { mark in isInside(mark, quoted) }
    if inQuoted.contains(false) {
      for (offset, inside) in zip(candidates, inQuoted) where !inside {
        for index in offset..<(offset + escapeLength(bytes, at: offset)) { replaced[index] = bytes[index] }
      }
      root = try parse(replaced, limits: limits)
    }
    for ((offset, mark), inside) in zip(zip(candidates, marks), inQuoted) where inside {
      let text = String(decoding: bytes[offset..<(offset + escapeLength(bytes, at: offset))], as: UTF8.self)
      escapes.append(SurrogateEscape(escape: text, at: mark))
    }
    return root
  }

  /// The byte offsets of the backslashes of `\uD800`–`\uDFFF` (and `\U0000D800`–`\U0000DFFF`) escapes:
  /// a backslash that is not itself escaped (an odd run of backslashes ends at it).
  static func surrogateEscapes(in bytes: [UInt8], from start: Int) -> [Int] {
    var found: [Int] = []
    var run = 0
    var index = start
    while index < bytes.count {
      let byte = bytes[index]
      if byte == UInt8(ascii: "\\") {
        run += 1
        if run % 2 == 1, escapeLength(bytes, at: index) > 0 { found.append(index) }
      } else {
        run = 0
      }
      index += 1
    }
    return found
  }

  /// The length of the surrogate escape at `offset` (6 for `\uXXXX`, 10 for `\UXXXXXXXX`), or 0.
  static func escapeLength(_ bytes: [UInt8], at offset: Int) -> Int {
    guard offset + 1 < bytes.count else { return 0 }
    let digits: Int
    switch bytes[offset + 1] {
    case UInt8(ascii: "u"): digits = 4
    case UInt8(ascii: "U"): digits = 8
    default: return 0
    }
    guard offset + 2 + digits <= bytes.count else { return 0 }
    var value: UInt32 = 0
    for byte in bytes[(offset + 2)..<(offset + 2 + digits)] {
      guard let digit = hexValue(byte) else { return 0 }
      value = value << 4 | digit
    }
    return (0xD800...0xDFFF).contains(value) ? 2 + digits : 0
  }

  private static func hexValue(_ byte: UInt8) -> UInt32? {
    switch byte {
    case UInt8(ascii: "0")...UInt8(ascii: "9"): UInt32(byte - UInt8(ascii: "0"))
    case UInt8(ascii: "a")...UInt8(ascii: "f"): UInt32(byte - UInt8(ascii: "a") + 10)
    case UInt8(ascii: "A")...UInt8(ascii: "F"): UInt32(byte - UInt8(ascii: "A") + 10)
    default: nil
    }
  }

  /// Writes the digits of U+FFFD over the escape's digits, keeping its length.
  private static func replaceWithReplacementCharacter(_ bytes: inout [UInt8], at offset: Int) {
    let digits = Array((escapeLength(bytes, at: offset) == 10 ? "0000FFFD" : "FFFD").utf8)
    for (index, digit) in digits.enumerated() { bytes[offset + 2 + index] = digit }
  }

  private static func collectDoubleQuoted(_ node: Node, into ranges: inout [(start: Mark, end: Mark)]) {
    switch node.content {
    case .scalar(let scalar):
      if scalar.style == .doubleQuoted { ranges.append((node.start, node.end)) }
    case .sequence(let items):
      for item in items { collectDoubleQuoted(item, into: &ranges) }
    case .mapping(let pairs):
      for pair in pairs {
        collectDoubleQuoted(pair.key, into: &ranges)
        collectDoubleQuoted(pair.value, into: &ranges)
      }
    }
  }

  /// Whether `mark` is inside one of `ranges` (sorted by start, not overlapping).
  private static func isInside(_ mark: Mark, _ ranges: [(start: Mark, end: Mark)]) -> Bool {
    var low = 0
    var high = ranges.count
    while low < high {
      let middle = (low + high) / 2
      if ranges[middle].start <= mark { low = middle + 1 } else { high = middle }
    }
    return low > 0 && mark < ranges[low - 1].end
  }
}
