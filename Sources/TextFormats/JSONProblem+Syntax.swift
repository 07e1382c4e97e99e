/// Why a text the JSON reader refused is not JSON it reads, where the reader says only that it is not.
///
/// Foundation's `JSONDecoder` says "the given data was not valid JSON", with no place, for a text
/// nested deeper than it reads and for a number out of range, which are what hostile or damaged files
/// hold; this finds the first of them and its place.
///
/// ```swift
/// let text = Array(#"{"settleMilliseconds": 99999999999999999999}"#.utf8)
/// JSONProblem.syntaxProblem(in: text)?.message
/// // "the number 99999999999999999999 is out of range; whole numbers go from -9223372036854775808 to 9223372036854775807"
/// ```
extension JSONProblem {
  /// The deepest nesting Foundation's JSON readers take: arrays and objects 512 levels deep.
  package static let maxDepth = 512

  /// What a JSON text holds that JSON readers refuse, and its 1-based line and column (in characters).
  package struct SyntaxProblem: Hashable, Sendable {
    /// One phrase: `nesting deeper than 512 levels …`, `the number … is out of range …`.
    package var message: String
    /// The line, from 1.
    package var line: Int
    /// The column, from 1, in Unicode scalars.
    package var column: Int
  }

  /// The first nesting too deep or number out of range in `bytes`, or `nil` when there is none.
  ///
  /// - Complexity: O(*n*) in the length of the text.
  package static func syntaxProblem(in bytes: [UInt8]) -> SyntaxProblem? {
    var depth = 0
    var line = 1
    var lineStart = 0
    var index = 0
    // Lines and columns as diagnostics count them: a break is `\n`, `\r\n` or a lone `\r`, and a
    // column is the Unicode scalars of the line's text before it, as decoded (bad bytes as U+FFFD).
    func position(_ offset: Int) -> (Int, Int) {
      (line, String(decoding: bytes[lineStart..<offset], as: UTF8.self).unicodeScalars.count + 1)
    }
    func isBreak(_ byte: UInt8) -> Bool { byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\r") }
    while index < bytes.count {
      let byte = bytes[index]
      switch byte {
      case UInt8(ascii: "\n"), UInt8(ascii: "\r"):
        if byte == UInt8(ascii: "\r"), index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "\n") {
          index += 1
        }
        line += 1
        lineStart = index + 1
      case UInt8(ascii: "\""):
        // A string ends at its closing quote, or (unterminated: not JSON) before a line break, which
        // the loop then counts.
        index += 1
        while index < bytes.count, bytes[index] != UInt8(ascii: "\""), !isBreak(bytes[index]) {
          if bytes[index] == UInt8(ascii: "\\"), index + 1 < bytes.count, !isBreak(bytes[index + 1]) {
            index += 1
          }
          index += 1
        }
        if index < bytes.count, isBreak(bytes[index]) { continue }
      case UInt8(ascii: "["), UInt8(ascii: "{"):
        depth += 1
        if depth > maxDepth {
          let (l, c) = position(index)
          return SyntaxProblem(message: Message.tooDeep, line: l, column: c)
        }
      case UInt8(ascii: "]"), UInt8(ascii: "}"):
        depth -= 1
      case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
        var end = index + 1
        while end < bytes.count, Self.numberBytes.contains(bytes[end]) { end += 1 }
        let token = String(decoding: bytes[index..<end], as: UTF8.self)
        if let message = Self.outOfRange(token) {
          let (l, c) = position(index)
          return SyntaxProblem(message: message, line: l, column: c)
        }
        index = end - 1
      default:
        break
      }
      index += 1
    }
    return nil
  }

  private static let numberBytes: Set<UInt8> = Set("0123456789+-.eE".utf8)

  /// Why the number `token` is out of range, or `nil`.
  private static func outOfRange(_ token: String) -> String? {
    if token.contains(where: { ".eE".contains($0) }) {
      guard let value = Double(token), !value.isFinite else { return nil }
      return Message.doubleOutOfRange(token)
    }
    let digits = token.hasPrefix("-") ? token.dropFirst() : Substring(token)
    guard !digits.isEmpty, digits.utf8.allSatisfy({ (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) })
    else { return nil }
    return Int64(token) == nil ? Message.integerOutOfRange(token) : nil
  }

  enum Message {
    static let tooDeep =
      "nesting deeper than \(JSONProblem.maxDepth) levels of arrays and objects, the most JSON readers take"
    static func integerOutOfRange(_ token: String) -> String {
      "the number \(token) is out of range; whole numbers go from \(Int64.min) to \(Int64.max)"
    }
    static func doubleOutOfRange(_ token: String) -> String {
      "the number \(token) is out of range of a 64-bit floating-point number"
    }
  }

  /// ``describe(_:)``, with the precise reason ``syntaxProblem(in:)`` finds in `bytes` when the reader
  /// said only that the text is not JSON.
  package static func describe(_ error: any Error, in bytes: [UInt8]) -> String {
    let phrase = describe(error)
    guard phrase == notJSON, codingPath(error) == nil, let problem = syntaxProblem(in: bytes) else {
      return phrase
    }
    return problem.message
  }

  /// What ``describe(_:)`` says of a text that is not JSON at all.
  package static let notJSON = "the text is not valid JSON"
}
