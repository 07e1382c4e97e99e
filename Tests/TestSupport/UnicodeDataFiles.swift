import Foundation
import Testing

/// Reads the Unicode Character Database files Debian's `unicode-data` package installs (Unicode
/// 15.0), as the test oracle for the name rules and the computed verdict oracle. Missing files fail
/// the test with the package to install; `scripts/ensure-deps` installs it.
public enum UnicodeDataFiles {
  /// Where Debian installs the files.
  public static let directory = "/usr/share/unicode"

  /// One `UnicodeData.txt` entry; `First>`/`Last>` pairs are expanded into a range.
  public struct Entry: Sendable {
    /// The code points (one, or a `First>`/`Last>` range).
    public var scalars: ClosedRange<UInt32>
    /// The name field (`<CJK Ideograph Extension A, First>` for a range).
    public var name: String
    /// The two-letter general category.
    public var generalCategory: String
    /// The decomposition field (`<vertical> 3088 308A`), empty when there is none.
    public var decomposition: String = ""
  }

  /// The text of `name`, or a failed `#require` naming the package.
  public static func read(_ name: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> String
  {
    let path = directory + "/" + name
    let contents = try? String(contentsOfFile: path, encoding: .utf8)
    return try #require(
      contents,
      "cannot read \(path): install the Debian package 'unicode-data' (apt-get install unicode-data)",
      sourceLocation: sourceLocation)
  }

  /// The ranges a `PropList.txt`/`Scripts.txt`-style file assigns to `value`.
  public static func ranges(in text: String, value: String) -> [ClosedRange<UInt32>] {
    var result: [ClosedRange<UInt32>] = []
    for line in text.split(separator: "\n") {
      let content = line.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false)[0]
      let fields = content.split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces) }
      guard fields.count == 2, fields[1] == value else { continue }
      let bounds = fields[0].split(separator: ".", omittingEmptySubsequences: true)
      guard let low = UInt32(bounds[0], radix: 16), let high = UInt32(bounds.last!, radix: 16) else {
        continue
      }
      result.append(low...high)
    }
    return result
  }

  /// Every entry of `UnicodeData.txt`.
  public static func unicodeData(sourceLocation: SourceLocation = #_sourceLocation) throws -> [Entry] {
    var entries: [Entry] = []
    var rangeStart: UInt32?
    for line in try read("UnicodeData.txt", sourceLocation: sourceLocation).split(separator: "\n") {
      let fields = line.split(separator: ";", omittingEmptySubsequences: false)
      guard fields.count > 2, let value = UInt32(fields[0], radix: 16) else { continue }
      let name = String(fields[1])
      if name.hasSuffix(", First>") {
        rangeStart = value
        continue
      }
      let start = name.hasSuffix(", Last>") ? (rangeStart ?? value) : value
      entries.append(
        Entry(
          scalars: start...value, name: name, generalCategory: String(fields[2]),
          decomposition: fields.count > 5 ? String(fields[5]) : ""))
      rangeStart = nil
    }
    return entries
  }

  /// The named blocks of `Blocks.txt`.
  public static func blocks(sourceLocation: SourceLocation = #_sourceLocation) throws -> [String: ClosedRange<
    UInt32
  >] {
    var blocks: [String: ClosedRange<UInt32>] = [:]
    for line in try read("Blocks.txt", sourceLocation: sourceLocation).split(separator: "\n")
    where !line.hasPrefix("#") {
      let fields = line.split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces) }
      guard fields.count == 2 else { continue }
      let bounds = fields[0].split(separator: ".", omittingEmptySubsequences: true)
      guard let low = UInt32(bounds[0], radix: 16), let high = UInt32(bounds.last!, radix: 16) else {
        continue
      }
      blocks[fields[1]] = low...high
    }
    return blocks
  }

  /// Every code point in `ranges`, as a set.
  public static func codePoints(_ ranges: [ClosedRange<UInt32>]) -> Set<UInt32> {
    var set: Set<UInt32> = []
    for range in ranges { set.formUnion(range) }
    return set
  }
}
