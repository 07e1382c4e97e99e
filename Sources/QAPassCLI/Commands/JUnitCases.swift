import Foundation

#if canImport(FoundationXML)
  import FoundationXML
#endif

/// The test cases of a JUnit XML file, as Xcode result converters (xcbeautify, fastlane's trainer,
/// xcpretty) write them: `testsuites > testsuite > testcase`, with `failure`, `error` and `skipped`
/// children and optional `properties`.
struct JUnitCase: Hashable {
  enum Outcome: String, Hashable {
    case passed
    case failed
    case skipped
  }

  var suite: String
  var classname: String
  var name: String
  var outcome: Outcome
  /// The failure or skip message, first line.
  var message: String?
  var properties: [String: String]
  /// The enclosing suite's `timestamp`, if any.
  var timestamp: String?
  /// 1-based line of the `<testcase>` element.
  var line: Int
}

enum JUnitReader {
  struct ParseError: Error {
    var line: Int
    var column: Int
    var message: String
  }

  static func read(_ data: Data) throws(ParseError) -> [JUnitCase] {
    let delegate = Delegate()
    let parser = XMLParser(data: data)
    parser.shouldResolveExternalEntities = false
    parser.delegate = delegate
    let parsed = parser.parse()
    if let problem = delegate.problem { throw problem }
    if !parsed {
      let code = (parser.parserError as NSError?)?.code ?? 0
      let message =
        code == 4 || code == XMLParser.ErrorCode.emptyDocumentError.rawValue
        ? "no XML element found" : "malformed XML (parser error \(code))"
      throw ParseError(line: max(1, parser.lineNumber), column: max(1, parser.columnNumber), message: message)
    }
    if let open = delegate.open.last {
      throw ParseError(line: max(1, parser.lineNumber), column: 1, message: "<\(open)> is never closed")
    }
    if !delegate.sawRoot {
      throw ParseError(
        line: 1, column: 1, message: "no <testsuites> or <testsuite> element; is this JUnit XML?")
    }
    return delegate.cases
  }

  private final class Delegate: NSObject, XMLParserDelegate {
    var cases: [JUnitCase] = []
    var sawRoot = false
    /// Elements opened and not yet closed (libxml2 recovers from mismatched end tags; qapass does not).
    var open: [String] = []
    var problem: ParseError?
    private var suites: [(name: String, timestamp: String?)] = []
    private var current: JUnitCase?
    private var inProperties = false

    func parser(
      _ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?,
      attributes: [String: String] = [:]
    ) {
      open.append(name)
      switch name {
      case "testsuites":
        sawRoot = true
      case "testsuite":
        sawRoot = true
        suites.append((attributes["name"] ?? "", attributes["timestamp"] ?? suites.last?.timestamp))
      case "testcase":
        current = JUnitCase(
          suite: suites.last?.name ?? "", classname: attributes["classname"] ?? "",
          name: attributes["name"] ?? "",
          outcome: .passed, message: nil, properties: [:], timestamp: suites.last?.timestamp,
          line: parser.lineNumber)
      case "failure", "error":
        current?.outcome = .failed
        current?.message = firstLine(attributes["message"] ?? attributes["type"])
      case "skipped":
        if current?.outcome != .failed {
          current?.outcome = .skipped
          current?.message = firstLine(attributes["message"])
        }
      case "properties":
        inProperties = true
      case "property":
        if inProperties, let key = attributes["name"], let value = attributes["value"] {
          current?.properties[key] = value
        }
      default:
        break
      }
    }

    func parser(
      _ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?
    ) {
      guard open.last == name else {
        problem = ParseError(
          line: max(1, parser.lineNumber), column: max(1, parser.columnNumber),
          message: "</\(name)> closes <\(open.last ?? "nothing")>; the XML is not well-formed")
        parser.abortParsing()
        return
      }
      open.removeLast()
      switch name {
      case "testcase":
        if let current { cases.append(current) }
        current = nil
      case "testsuite":
        _ = suites.popLast()
      case "properties":
        inProperties = false
      default:
        break
      }
    }

    private func firstLine(_ text: String?) -> String? {
      guard let text, let line = text.split(whereSeparator: \.isNewline).first else { return nil }
      return String(line.prefix(500))
    }
  }
}
