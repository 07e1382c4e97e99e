/// Read-only helpers over the input bytes, used to place reader errors and to word syntax errors.
///
/// Only error paths use these; they scan from the start of the input and are O(*n*).
struct SourceBytes {
  let bytes: UnsafeBufferPointer<UInt8>

  /// The 1-based mark of the character containing byte `offset`.
  ///
  /// Decoding stops at the first malformed sequence before `offset`, so an error libyaml reports at a
  /// bad continuation byte points at the start of the broken character instead. Lines end at `\n`,
  /// `\r\n` or `\r`, and columns count Unicode scalars, as `SourceText` counts them.
  func mark(ofByteOffset offset: Int) -> Mark {
    let end = min(max(offset, 0), bytes.count)
    var line = 1
    var column = 1
    var previousWasCR = false
    var i = 0
    while i < end {
      let lead = bytes[i]
      let length = Self.sequenceLength(lead)
      guard length > 0, i + length <= end else { break }
      var continuation = 1
      while continuation < length, bytes[i + continuation] & 0xC0 == 0x80 { continuation += 1 }
      guard continuation == length else { break }
      if lead == 0x0A {
        if !previousWasCR { line += 1 }
        column = 1
      } else if lead == 0x0D {
        line += 1
        column = 1
      } else {
        column += 1
      }
      previousWasCR = lead == 0x0D
      i += length
    }
    return Mark(line: line, column: column)
  }

  /// The 1-based marks of `offsets` (ascending, each at the start of a character), in one pass, as
  /// ``mark(ofByteOffset:)`` places each.
  ///
  /// - Complexity: O(*n* + *k*) for *k* offsets up to byte *n*.
  func marks(ofByteOffsets offsets: [Int]) -> [Mark] {
    var marks: [Mark] = []
    marks.reserveCapacity(offsets.count)
    var line = 1
    var column = 1
    var previousWasCR = false
    var i = 0
    for offset in offsets {
      while i < min(offset, bytes.count) {
        let byte = bytes[i]
        if byte == 0x0A {
          if !previousWasCR { line += 1 }
          column = 1
        } else if byte == 0x0D {
          line += 1
          column = 1
        } else if byte & 0xC0 != 0x80 {
          column += 1
        }
        if byte & 0xC0 != 0x80 { previousWasCR = byte == 0x0D }
        i += 1
      }
      marks.append(Mark(line: line, column: column))
    }
    return marks
  }

  /// The 1-based mark just past the last character, found without decoding the whole input.
  ///
  /// Lines end at `\n`, `\r\n` or `\r`, as in ``mark(ofByteOffset:)``.
  var endMark: Mark {
    var breaks = 0
    var previous: UInt8 = 0
    for byte in bytes {
      if byte == 0x0D || (byte == 0x0A && previous != 0x0D) { breaks += 1 }
      previous = byte
    }
    var column = 1
    var i = bytes.count - 1
    while i >= 0, bytes[i] != 0x0A, bytes[i] != 0x0D {
      if bytes[i] & 0xC0 != 0x80 { column += 1 }
      i -= 1
    }
    return Mark(line: breaks + 1, column: column)
  }

  /// The number of bytes in the UTF-8 sequence that starts with `lead`, or 0 if `lead` cannot start one.
  static func sequenceLength(_ lead: UInt8) -> Int {
    switch lead {
    case 0x00...0x7F: 1
    case 0xC2...0xDF: 2
    case 0xE0...0xEF: 3
    case 0xF0...0xF4: 4
    default: 0
    }
  }

  /// The byte offset of the character with 0-based index `index` (libyaml's `mark.index`), or
  /// `bytes.count` when the input has no such character.
  func byteOffset(ofCharacterIndex index: Int) -> Int {
    var seen = 0
    for offset in 0..<bytes.count where bytes[offset] & 0xC0 != 0x80 {
      if seen == index { return offset }
      seen += 1
    }
    return bytes.count
  }

  /// The Unicode scalar starting at byte `offset`, or `nil` at the end or on a malformed sequence.
  func scalar(atByteOffset offset: Int) -> Unicode.Scalar? {
    guard offset >= 0, offset < bytes.count else { return nil }
    var iterator = bytes[offset...].makeIterator()
    var decoder = UTF8()
    if case .scalarValue(let scalar) = decoder.decode(&iterator) { return scalar }
    return nil
  }

  /// The scalars from byte `offset` up to (not including) the first one `stop` accepts, at most `limit`.
  func scalars(fromByteOffset offset: Int, limit: Int, stop: (Unicode.Scalar) -> Bool) -> String {
    guard offset >= 0, offset < bytes.count else { return "" }
    var iterator = bytes[offset...].makeIterator()
    var decoder = UTF8()
    var out = String.UnicodeScalarView()
    while out.count < limit, case .scalarValue(let scalar) = decoder.decode(&iterator), !stop(scalar) {
      out.append(scalar)
    }
    return String(out)
  }

  /// Whether only spaces and tabs precede byte `offset` on its line.
  func isFirstOnLine(byteOffset offset: Int) -> Bool {
    var i = min(offset, bytes.count) - 1
    while i >= 0 {
      switch bytes[i] {
      case 0x20, 0x09: i -= 1
      case 0x0A, 0x0D: return true
      default: return false
      }
    }
    return true
  }
}
