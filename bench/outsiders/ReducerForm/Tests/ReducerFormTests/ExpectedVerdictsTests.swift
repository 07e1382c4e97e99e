import Foundation
import ReducerForm
import Testing

/// One line of bench/outsiders/matrices/expected-verdicts.yaml: a rule, a text, a verdict.
struct ExpectedVerdict: CustomStringConvertible, Sendable {
  var rule: String
  var text: String
  var verdict: String
  var description: String { "\(rule) \(text.debugDescription)" }

  /// The file's entries: `  <rule>:` headers, then `    "<text>": <verdict>` lines.
  static let all: [ExpectedVerdict] = {
    let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent(
      "../../../matrices/expected-verdicts.yaml")
    let source = try! String(contentsOf: url, encoding: .utf8)
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

struct ExpectedVerdictsTests {
  @Test func `the file holds every rule`() {
    let rules = Set(ExpectedVerdict.all.map(\.rule))
    #expect(rules.isSuperset(of: ["required", "han-name", "japanese-name", "korean-name", "email"]))
    #expect(ExpectedVerdict.all.count > 100)
  }

  @Test(arguments: ExpectedVerdict.all)
  func `the form's rules give the team's verdicts`(entry: ExpectedVerdict) throws {
    let rule: Rule =
      switch entry.rule {
      case "required": .required
      case "han-name": .hanName
      case "japanese-name": .japaneseName
      case "korean-name": .koreanName
      case "email": .email
      default: .matches(String(try #require(entry.rule.split(separator: ":", maxSplits: 1).last)))
      }
    let verdict: String =
      switch FieldSpec([(rule, "message")]).validate(entry.text) {
      case .valid: "valid"
      case .invalid: "invalid"
      case .unfinished: "incomplete"
      }
    #expect(verdict == entry.verdict)
  }
}
