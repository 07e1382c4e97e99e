import Foundation

/// The test cases of a JUnit XML file, as Xcode result converters (xcbeautify, fastlane's trainer,
/// xcpretty) write them: `testsuites > testsuite > testcase`, with `failure`, `error` and `skipped`
/// children and optional `properties`.
///
/// A test case passes unless it has a `failure` or `error` child (fail) or a `skipped` one (skipped). An
/// `expected-failure="true"` attribute on the test case (the mark xcbeautify was asked to write for
/// `XCTExpectFailure`) makes it an expected failure: a known issue, recorded as fail
/// (``TestCaseResult/isExpectedFailure``). fastlane's trainer and xcresultparser write an expected
/// failure as a plain passing test case, which no reader can tell from a pass: ingest the `.xcresult`
/// instead when tests use `XCTExpectFailure`.
///
/// qapass's own JUnit reports are recognised (a root `<testsuites name="qapass…">` or a suite property
/// `qapass.generator`) so they are never ingested as the app's results.
///
/// ```swift
/// let xml = """
///   <testsuites>
///     <testsuite name="SignUpUITests" tests="2">
///       <testcase classname="NameFieldTests" name="testManualImeM1ZhPinyinFullName" time="4.1"/>
///       <testcase classname="NameFieldTests" name="testManualImeM3ZhPinyinFullName" time="3.2">
///         <failure message="the form was submitted while 'zhangwei' was marked"/>
///       </testcase>
///     </testsuite>
///   </testsuites>
///   """
/// let document = try JUnitReader.read(Data(xml.utf8))
/// document.cases.map(\.outcome)   // [.pass, .fail]
/// ```
package struct JUnitDocument: Hashable, Sendable {
  /// The test cases, in file order.
  package var cases: [TestCaseResult]
  /// Where the file says qapass wrote it (1-based line, and what says so), if it does.
  package var qapassMark: (line: Int, evidence: String)?

  package static func == (lhs: JUnitDocument, rhs: JUnitDocument) -> Bool {
    lhs.cases == rhs.cases && lhs.qapassMark?.line == rhs.qapassMark?.line
      && lhs.qapassMark?.evidence == rhs.qapassMark?.evidence
  }

  package func hash(into hasher: inout Hasher) {
    hasher.combine(cases)
    hasher.combine(qapassMark?.line)
  }
}

/// Reads JUnit XML (see ``JUnitDocument``).
package enum JUnitReader {
  /// Why the text is not JUnit XML, with its place.
  package struct ParseError: Error {
    package var line: Int
    package var column: Int
    package var message: String
    /// Whether the file is refused for a limit of qapass's (its size, a name's length), not for being
    /// something other than JUnit XML.
    package var isLimit = false
  }

  /// The property a qapass JUnit suite carries to say qapass wrote it.
  package static let generatorProperty = "qapass.generator"

  /// The test case attribute that marks an expected failure that happened (`expected-failure="true"`).
  package static let expectedFailureAttribute = "expected-failure"

  /// The largest JUnit file read, in bytes (256 MiB): xcodebuild's with long `<system-out>` are tens of
  /// megabytes. Larger ones are refused before parsing; libxml2's own limits are lifted.
  package static let maxInputBytes = 256 << 20

  /// Reads a JUnit XML file.
  ///
  /// - Throws: ``ParseError`` for text that is not well-formed XML or has no JUnit root.
  package static func read(_ data: Data) throws(ParseError) -> JUnitDocument {
    try read(bytes: [UInt8](data))
  }

  /// Reads a JUnit XML file of at most `limit` bytes, whatever its bytes are.
  ///
  /// A document type declaration is refused where it starts (JUnit has none): no entity is declared,
  /// loaded or expanded (``XMLStreamParser``).
  ///
  /// - Throws: ``ParseError`` for text that is not well-formed XML, has no JUnit root or is over `limit`.
  /// - Complexity: O(*n*) in the file's size; memory for the test cases, not the file's text.
  package static func read(bytes: [UInt8], limit: Int = maxInputBytes) throws(ParseError) -> JUnitDocument {
    guard bytes.count <= limit else {
      throw ParseError(
        line: 1, column: 1, message: Message.overLimit(bytes.count, limit: limit), isLimit: true)
    }
    let delegate = Delegate()
    let parser = XMLStreamParser(bytes: bytes)
    parser.delegate = delegate
    let parsed = parser.parse()
    if let problem = delegate.problem { throw problem }
    if !parsed {
      let problem = parser.problem ?? .init(line: 1, column: 1, message: "not well-formed", code: 0)
      let message =
        switch problem.code {
        case _ where !parser.sawElement && problem.code == XMLStreamParser.emptyDocumentCode:
          "no XML element found"
        case 0: problem.message  // qapass's own refusal
        default: "malformed XML: \(problem.message)"
        }
      throw ParseError(line: problem.line, column: problem.column, message: message)
    }
    if let open = delegate.open.last {
      throw ParseError(line: max(1, parser.lineNumber), column: 1, message: "<\(open)> is never closed")
    }
    if !delegate.sawRoot {
      throw ParseError(
        line: 1, column: 1, message: "no <testsuites> or <testsuite> element; is this JUnit XML?")
    }
    return JUnitDocument(cases: delegate.cases, qapassMark: delegate.qapassMark)
  }

  /// The reader's messages.
  package enum Message {
    /// A file over the size limit.
    package static func overLimit(_ size: Int, limit: Int) -> String {
      "the file is \(size) bytes, over the limit of \(limit >> 20) MiB (JUnitReader.maxInputBytes)"
    }
  }

  private final class Delegate: XMLStreamParserDelegate {
    var cases: [TestCaseResult] = []
    var sawRoot = false
    var qapassMark: (line: Int, evidence: String)?
    /// Elements opened and not yet closed (libxml2 recovers from mismatched end tags; qapass does not).
    var open: [String] = []
    var problem: ParseError?
    private var suites: [(name: String, timestamp: String?)] = []
    private var current: TestCaseResult?
    private var inProperties = false

    func parser(
      _ parser: XMLStreamParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?,
      attributes: [String: String] = [:]
    ) {
      open.append(name)
      switch name {
      case "testsuites":
        sawRoot = true
        if open.count == 1, let name = attributes["name"], name == "qapass" || name.hasPrefix("qapass:") {
          qapassMark = qapassMark ?? (parser.lineNumber, "<testsuites name=\"\(name)\">")
        }
      case "testsuite":
        sawRoot = true
        if refuseLongName(parser, ("suite", attributes["name"])) { return }
        suites.append((attributes["name"] ?? "", attributes["timestamp"] ?? suites.last?.timestamp))
      case "testcase":
        if refuseLongName(parser, ("class", attributes["classname"]), ("name", attributes["name"])) { return }
        let expected = attributes[JUnitReader.expectedFailureAttribute]?.lowercased() == "true"
        current = TestCaseResult(
          suite: suites.last?.name ?? "", classname: attributes["classname"] ?? "",
          name: attributes["name"] ?? "", outcome: expected ? .fail : .pass,
          timestamp: suites.last?.timestamp,
          line: parser.lineNumber, isExpectedFailure: expected,
          duration: attributes["time"].flatMap(Double.init))
      case "failure", "error":
        current?.outcome = .fail
        current?.message = TestCaseResult.firstLine(attributes["message"] ?? attributes["type"])
      case "skipped":
        if current?.outcome != .fail {
          current?.outcome = .skipped
          current?.message = TestCaseResult.firstLine(attributes["message"])
        }
      case "properties":
        inProperties = true
      case "property":
        if inProperties, let key = attributes["name"], let value = attributes["value"] {
          if key == JUnitReader.generatorProperty {
            qapassMark = qapassMark ?? (parser.lineNumber, "<property name=\"\(key)\" value=\"\(value)\">")
          }
          current?.properties[key] = value
        }
      default:
        break
      }
    }

    /// Stops the parse at the element (placed at its `<`) when one of its names is over
    /// ``TestCaseResult/maxNameBytes``: a name is matched against the plan's items, so its length is
    /// bounded where it is read.
    private func refuseLongName(_ parser: XMLStreamParser, _ names: (part: String, text: String?)...) -> Bool
    {
      guard
        let (part, text) = names.first(where: { ($0.text?.utf8.count ?? 0) > TestCaseResult.maxNameBytes }),
        let text
      else { return false }
      let start = parser.elementStart ?? (max(1, parser.lineNumber), 1)
      problem = ParseError(
        line: start.line, column: start.column,
        message: TestCaseResult.Message.nameTooLong(part, bytes: text.utf8.count), isLimit: true)
      parser.abortParsing()
      return true
    }

    func parser(
      _ parser: XMLStreamParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?
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
  }
}
