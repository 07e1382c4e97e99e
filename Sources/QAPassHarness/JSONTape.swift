import Foundation

/// One JSON value of a byte buffer as a flat list of entries (a tape), for decoding without a tree of
/// objects: the fast path of reading packs and results.
///
/// Parsing is strict RFC 8259 (no trailing commas, no comments, no leading zeros, valid UTF-8, no raw
/// control characters in strings) and refuses anything it does not need to take: duplicate keys,
/// `\u` escapes of surrogates, nesting deeper than 512. A refusal is never an error message: the
/// caller reads the file again with Foundation's `JSONDecoder`, whose errors users see.
///
/// ```swift
/// let bytes = Array(#"{"id":"c1-0001","steps":[1,2]}"#.utf8)
/// var tape = JSONTape()
/// let end = bytes.withUnsafeBufferPointer { tape.parse($0, from: 0) }   // 30; nil: not taken
/// tape.entries.count   // 7: the object, two keys, two values (one the array), the array's two numbers
/// ```
struct JSONTape {
  /// What an entry holds.
  enum Kind: UInt8 {
    case null, falseValue, trueValue, number, string, escapedString, array, object
  }

  /// One value: a scalar's bytes (a string's without its quotes), or a container's children.
  struct Entry {
    var kind: Kind
    /// Strings: whether every byte between the quotes is ASCII. Two unescaped ASCII strings are
    /// equal exactly when their bytes are.
    var ascii = false
    /// The first byte of the value (of a string's contents).
    var start: Int
    /// Scalars: the byte after the value (after a string's contents). Containers: the index of the
    /// entry after the container's last descendant.
    var end: Int
    /// Containers: how many elements (an object's members count once each; its entries alternate
    /// key and value).
    var count: Int
    /// Containers: the byte after the closing bracket.
    var close: Int = 0
  }

  /// The entries of the value parsed last, the value itself first.
  private(set) var entries: [Entry] = []
  /// The deepest nesting taken, as Foundation's encoder and decoder allow.
  static let maximumDepth = 512

  /// Parses the value that starts at `offset` (after any whitespace) into ``entries``, replacing what
  /// was there.
  ///
  /// - Returns: The offset after the value (whitespace after it not skipped), or `nil` when the
  ///   bytes are not a value this parser takes.
  mutating func parse(_ bytes: UnsafeBufferPointer<UInt8>, from offset: Int) -> Int? {
    entries.removeAll(keepingCapacity: true)
    var parser = Parser(bytes: bytes, index: Self.skipSpace(bytes, from: offset))
    guard parser.value(into: &entries, depth: 0) else { return nil }
    return parser.index
  }

  /// The offset of the first byte at or after `offset` that is not JSON whitespace.
  static func skipSpace(_ bytes: UnsafeBufferPointer<UInt8>, from offset: Int) -> Int {
    var index = offset
    while index < bytes.count {
      switch bytes[index] {
      case 0x20, 0x09, 0x0A, 0x0D: index += 1
      default: return index
      }
    }
    return index
  }

  /// The recursive-descent parser over one buffer.
  private struct Parser {
    let bytes: UnsafeBufferPointer<UInt8>
    var index: Int

    mutating func skipSpace() { index = JSONTape.skipSpace(bytes, from: index) }

    func peek() -> UInt8? { index < bytes.count ? bytes[index] : nil }

    mutating func value(into entries: inout [Entry], depth: Int) -> Bool {
      guard depth < JSONTape.maximumDepth, let byte = peek() else { return false }
      switch byte {
      case UInt8(ascii: "{"): return container(.object, into: &entries, depth: depth)
      case UInt8(ascii: "["): return container(.array, into: &entries, depth: depth)
      case UInt8(ascii: "\""): return string(into: &entries)
      case UInt8(ascii: "t"): return literal("true", .trueValue, into: &entries)
      case UInt8(ascii: "f"): return literal("false", .falseValue, into: &entries)
      case UInt8(ascii: "n"): return literal("null", .null, into: &entries)
      default: return number(into: &entries)
      }
    }

    mutating func literal(_ word: StaticString, _ kind: Kind, into entries: inout [Entry]) -> Bool {
      let count = word.utf8CodeUnitCount
      guard bytes.count - index >= count else { return false }
      for offset in 0..<count where bytes[index + offset] != word.utf8Start[offset] { return false }
      entries.append(Entry(kind: kind, start: index, end: index + count, count: 0))
      index += count
      return true
    }

    mutating func number(into entries: inout [Entry]) -> Bool {
      let start = index
      if peek() == UInt8(ascii: "-") { index += 1 }
      guard let first = peek(), isDigit(first) else { return false }
      index += 1
      if first == UInt8(ascii: "0") {
        if let next = peek(), isDigit(next) { return false }
      } else {
        digits()
      }
      if peek() == UInt8(ascii: ".") {
        index += 1
        guard let next = peek(), isDigit(next) else { return false }
        digits()
      }
      if peek() == UInt8(ascii: "e") || peek() == UInt8(ascii: "E") {
        index += 1
        if peek() == UInt8(ascii: "+") || peek() == UInt8(ascii: "-") { index += 1 }
        guard let next = peek(), isDigit(next) else { return false }
        digits()
      }
      entries.append(Entry(kind: .number, start: start, end: index, count: 0))
      return true
    }

    func isDigit(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }

    mutating func digits() {
      while let byte = peek(), isDigit(byte) { index += 1 }
    }

    /// A string: its contents checked (escapes, no raw controls, valid UTF-8) but not decoded.
    mutating func string(into entries: inout [Entry]) -> Bool {
      index += 1
      let start = index
      var escaped = false
      var ascii = true
      while index < bytes.count {
        let byte = bytes[index]
        switch byte {
        case UInt8(ascii: "\""):
          entries.append(
            Entry(kind: escaped ? .escapedString : .string, ascii: ascii, start: start, end: index, count: 0))
          index += 1
          return true
        case UInt8(ascii: "\\"):
          escaped = true
          guard index + 1 < bytes.count else { return false }
          switch bytes[index + 1] {
          case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"), UInt8(ascii: "b"),
            UInt8(ascii: "f"),
            UInt8(ascii: "n"), UInt8(ascii: "r"), UInt8(ascii: "t"):
            index += 2
          case UInt8(ascii: "u"):
            guard let scalar = JSONTape.hexScalar(bytes, at: index + 2) else { return false }
            // Surrogate pairs are left to Foundation.
            guard !(0xD800...0xDFFF).contains(scalar) else { return false }
            index += 6
          default: return false
          }
        case 0x00..<0x20: return false
        case 0x80...:
          guard let length = JSONTape.validScalarLength(bytes, at: index) else { return false }
          ascii = false
          index += length
        default: index += 1
        }
      }
      return false
    }

    /// An array or object (`kind`): its elements or members, each once; `count` and `close` filled in.
    mutating func container(_ kind: Kind, into entries: inout [Entry], depth: Int) -> Bool {
      let close = kind == .object ? UInt8(ascii: "}") : UInt8(ascii: "]")
      let slot = entries.count
      entries.append(Entry(kind: kind, start: index, end: 0, count: 0))
      index += 1
      skipSpace()
      var count = 0
      if peek() == close {
        index += 1
      } else {
        while true {
          if kind == .object {
            guard member(into: &entries, object: slot, earlierMembers: count, depth: depth) else {
              return false
            }
          } else {
            guard value(into: &entries, depth: depth + 1) else { return false }
          }
          count += 1
          skipSpace()
          guard let byte = peek() else { return false }
          index += 1
          if byte == close { break }
          guard byte == UInt8(ascii: ",") else { return false }
          skipSpace()
        }
      }
      entries[slot].end = entries.count
      entries[slot].count = count
      entries[slot].close = index
      return true
    }

    /// One member of the object at entry `object`: its key (not one of the `earlierMembers` keys), a
    /// colon and its value.
    mutating func member(into entries: inout [Entry], object: Int, earlierMembers: Int, depth: Int) -> Bool {
      guard peek() == UInt8(ascii: "\""), string(into: &entries) else { return false }
      let key = entries.count - 1
      // A key given twice is Foundation's to judge.
      var earlier = object + 1
      for _ in 0..<earlierMembers {
        if JSONTape.sameString(entries[earlier], entries[key], in: bytes) { return false }
        let value = earlier + 1
        earlier =
          entries[value].kind == .array || entries[value].kind == .object ? entries[value].end : value + 1
      }
      skipSpace()
      guard peek() == UInt8(ascii: ":") else { return false }
      index += 1
      skipSpace()
      return value(into: &entries, depth: depth + 1)
    }
  }

  /// The value of the four hex digits at `offset`, or `nil`.
  static func hexScalar(_ bytes: UnsafeBufferPointer<UInt8>, at offset: Int) -> UInt32? {
    guard bytes.count - offset >= 4 else { return nil }
    var value: UInt32 = 0
    for byte in bytes[offset..<offset + 4] {
      let digit: UInt8
      switch byte {
      case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
      case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
      case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
      default: return nil
      }
      value = value << 4 | UInt32(digit)
    }
    return value
  }

  /// The length of the well-formed UTF-8 sequence of a non-ASCII scalar at `offset` (Unicode 15,
  /// table 3-7), or `nil`.
  static func validScalarLength(_ bytes: UnsafeBufferPointer<UInt8>, at offset: Int) -> Int? {
    let lead = bytes[offset]
    let length: Int
    var low: UInt8 = 0x80
    var high: UInt8 = 0xBF
    switch lead {
    case 0xC2...0xDF: length = 2
    case 0xE0: (length, low) = (3, 0xA0)
    case 0xE1...0xEC, 0xEE...0xEF: length = 3
    case 0xED: (length, high) = (3, 0x9F)
    case 0xF0: (length, low) = (4, 0x90)
    case 0xF1...0xF3: length = 4
    case 0xF4: (length, high) = (4, 0x8F)
    default: return nil
    }
    guard bytes.count - offset >= length else { return nil }
    let second = bytes[offset + 1]
    guard second >= low && second <= high else { return nil }
    for next in 2..<length where bytes[offset + next] & 0xC0 != 0x80 { return nil }
    return length
  }

  /// Whether two string entries hold the same text, as Swift compares strings (canonical
  /// equivalence): the same bytes do; other bytes only when one is escaped or not ASCII.
  static func sameString(_ a: Entry, _ b: Entry, in bytes: UnsafeBufferPointer<UInt8>) -> Bool {
    if a.kind == .string && b.kind == .string {
      if sameBytes(bytes[a.start..<a.end], bytes[b.start..<b.end]) { return true }
      if a.ascii && b.ascii { return false }
    }
    return string(a, in: bytes) == string(b, in: bytes)
  }

  /// Whether two runs of bytes are the same.
  static func sameBytes(_ a: Slice<UnsafeBufferPointer<UInt8>>, _ b: Slice<UnsafeBufferPointer<UInt8>>)
    -> Bool
  {
    guard a.count == b.count else { return false }
    guard a.count > 0, let left = a.base.baseAddress, let right = b.base.baseAddress else { return true }
    return memcmp(left + a.startIndex, right + b.startIndex, a.count) == 0
  }

  /// The text of a string entry, escapes decoded.
  static func string(_ entry: Entry, in bytes: UnsafeBufferPointer<UInt8>) -> String {
    let raw = UnsafeBufferPointer(rebasing: bytes[entry.start..<entry.end])
    guard entry.kind == .escapedString else { return String(decoding: raw, as: UTF8.self) }
    var out: [UInt8] = []
    out.reserveCapacity(raw.count)
    var index = 0
    while index < raw.count {
      let byte = raw[index]
      guard byte == UInt8(ascii: "\\") else {
        out.append(byte)
        index += 1
        continue
      }
      let escape = raw[index + 1]
      index += 2
      switch escape {
      case UInt8(ascii: "b"): out.append(0x08)
      case UInt8(ascii: "f"): out.append(0x0C)
      case UInt8(ascii: "n"): out.append(0x0A)
      case UInt8(ascii: "r"): out.append(0x0D)
      case UInt8(ascii: "t"): out.append(0x09)
      case UInt8(ascii: "u"):
        // Checked when parsed: four hex digits of a scalar outside the surrogates.
        let value = hexScalar(raw, at: index) ?? 0xFFFD
        out += UTF8.encode(Unicode.Scalar(value) ?? "\u{FFFD}")!
        index += 4
      default: out.append(escape)  // `"`, `\` and `/` stand for themselves
      }
    }
    return String(decoding: out, as: UTF8.self)
  }

  /// Whether a string entry's text is the text whose UTF-8 is `utf8` (all ASCII when `ascii`), when
  /// the bytes tell; `nil` when only a comparison of the strings does (canonical equivalence).
  static func string(
    _ entry: Entry, in bytes: UnsafeBufferPointer<UInt8>, equals utf8: UnsafeBufferPointer<UInt8>, ascii: Bool
  ) -> Bool? {
    guard entry.kind == .string else { return nil }
    if sameBytes(bytes[entry.start..<entry.end], utf8[...]) { return true }
    return entry.ascii && ascii ? false : nil
  }
}
