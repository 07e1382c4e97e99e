import Foundation

/// One entry of bench/outsiders/matrices/expected-verdicts.yaml: a rule, a text, the team's verdict.
public struct ExpectedVerdict: CustomStringConvertible, Sendable {
  /// The rule, as a matrix names it (`han-name`, `regex:^[ぁ-ゖー]+$`).
  public var rule: String
  /// The text.
  public var text: String
  /// `valid`, `invalid` or `incomplete`.
  public var verdict: String

  /// `han-name "王伟"`, so each Swift Testing case is named after its entry.
  public var description: String { "\(rule) \(text.debugDescription)" }

  /// A regex rule's pattern (`regex:PATTERN`), or `nil` for a named rule.
  public var pattern: String? {
    rule.hasPrefix("regex:") ? String(rule.dropFirst("regex:".count)) : nil
  }

  /// The file's entries: `  <rule>:` headers, then `    "<text>": <verdict>` lines (comments skipped).
  public static let all: [ExpectedVerdict] = {
    let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent(
      "../../../matrices/expected-verdicts.yaml")
    guard let source = try? String(contentsOf: url, encoding: .utf8) else {
      fatalError("cannot read the team's verdicts at \(url.path)")
    }
    var rule = ""
    var entries: [ExpectedVerdict] = []
    for line in source.split(separator: "\n", omittingEmptySubsequences: true) {
      if line.hasPrefix("  "), !line.hasPrefix("    "), line.hasSuffix(":") {
        rule = unquote(String(line.dropFirst(2).dropLast()))
      } else if line.hasPrefix("    \""), let colon = line.range(of: "\": ", options: .backwards) {
        let key = String(line[line.index(line.startIndex, offsetBy: 4)...colon.lowerBound])
        entries.append(
          ExpectedVerdict(rule: rule, text: unquote(key), verdict: String(line[colon.upperBound...])))
      }
    }
    return entries
  }()

  /// A YAML double-quoted scalar's value (`\\`, `\"`, `\t`, `\uXXXX`, `\UXXXXXXXX`); plain text as is.
  static func unquote(_ quoted: String) -> String {
    guard quoted.hasPrefix("\""), quoted.hasSuffix("\""), quoted.count >= 2 else { return quoted }
    var out = ""
    var rest = Substring(quoted.dropFirst().dropLast())
    while let first = rest.first {
      rest = rest.dropFirst()
      guard first == "\\", let escape = rest.first else {
        out.append(first)
        continue
      }
      rest = rest.dropFirst()
      switch escape {
      case "u", "U":
        let digits = escape == "u" ? 4 : 8
        out.unicodeScalars.append(Unicode.Scalar(UInt32(rest.prefix(digits), radix: 16)!)!)
        rest = rest.dropFirst(digits)
      case "t": out.append("\t")
      default: out.append(escape)
      }
    }
    return out
  }
}
