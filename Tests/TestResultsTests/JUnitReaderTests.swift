import Foundation
import Testing

@testable import TestResults

/// The JUnit reader on hostile and large files (issue 32: findings 3 and 7).
struct JUnitReaderTests {
  /// A suite of `cases` test cases.
  static func suite(cases: Int) -> [UInt8] {
    var text =
      #"<?xml version="1.0" encoding="UTF-8"?>"# + "\n<testsuites><testsuite name=\"SignUpUITests\">\n"
    text.reserveCapacity(50 * cases + 100)
    for index in 0..<cases {
      text += #"<testcase classname="NameFieldTests" name="test\#(index)"/>"# + "\n"
    }
    return Array((text + "</testsuite></testsuites>\n").utf8)
  }

  static func error(_ bytes: [UInt8], limit: Int = JUnitReader.maxInputBytes) -> JUnitReader.ParseError? {
    #expect(throws: JUnitReader.ParseError.self) { try JUnitReader.read(bytes: bytes, limit: limit) }
  }

  // Issue 32, finding 3: an entity whose name is invalid UTF-8 trapped inside Foundation's XMLParser
  // (`_NSXMLParserGetEntity`, exit 132), in text and in an attribute value.
  @Test(arguments: [
    #"<testsuites><testsuite name="s"><testcase classname="c" name="t">&"#,
    #"<testsuites><testsuite name="s"><testcase classname="c" name="t" message="&"#,
  ])
  func `an entity named in invalid UTF-8 is a located error, not a crash`(head: String) throws {
    let bytes = Array(head.utf8) + [0xFF] + Array(#";"/></testsuite></testsuites>"#.utf8)
    let error = try #require(Self.error(bytes))
    #expect(error.line == 1)
    #expect(error.message.hasPrefix("malformed XML: "), "\(error.message)")
  }

  // Issue 32, finding 7: a well-formed file over 10 MB was refused as "malformed XML (parser error 1)",
  // libxml2's default limits as Foundation's XMLParser left them.
  @Test func `a test case with 10.1 MB of output is read`() throws {
    let output = String(repeating: "Typing 中文 in the name field.\n", count: 310_000)
    let bytes =
      Array(
        #"<testsuites><testsuite name="s"><testcase classname="c" name="t"><system-out>\#(output)</system-out>"#
          .utf8) + Array("</testcase><testcase classname=\"c\" name=\"u\"/></testsuite></testsuites>".utf8)
    #expect(bytes.count > 10_100_000)
    let document = try JUnitReader.read(bytes: bytes)
    #expect(document.cases.map(\.name) == ["t", "u"])
  }

  @Test func `250,000 test cases in 12 MB are read`() throws {
    let bytes = Self.suite(cases: 250_000)
    #expect(bytes.count > 12_000_000)
    let document = try JUnitReader.read(bytes: bytes)
    #expect(document.cases.count == 250_000)
    #expect(document.cases.last?.name == "test249999")
    #expect(document.cases.last?.line == 250_002)
  }

  @Test func `a file over the limit is refused before it is parsed`() throws {
    let bytes = Self.suite(cases: 3)
    let error = try #require(Self.error(bytes, limit: bytes.count - 1))
    #expect(error.line == 1 && error.column == 1)
    #expect(
      error.message
        == "the file is \(bytes.count) bytes, over the limit of 0 MiB (JUnitReader.maxInputBytes)")
    #expect(try JUnitReader.read(bytes: bytes, limit: bytes.count).cases.count == 3)
    #expect(JUnitReader.maxInputBytes == 256 << 20)
  }

  @Test(arguments: [
    // XXE: an external entity naming a local file, and an external DTD.
    #"<?xml version="1.0"?><!DOCTYPE t [<!ENTITY x SYSTEM "file:///etc/passwd">]><testsuite name="&x;"/>"#,
    #"<!DOCTYPE testsuite SYSTEM "http://127.0.0.1:9/junit.dtd"><testsuite name="s"/>"#,
    // Billion laughs: 10^9 "lol" if expanded (libxml2's amplification check is off under XML_PARSE_HUGE).
    """
    <!DOCTYPE t [<!ENTITY a "lollollollollollollollollollol">
    <!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;"><!ENTITY c "&b;&b;&b;&b;&b;&b;&b;&b;&b;&b;">
    <!ENTITY d "&c;&c;&c;&c;&c;&c;&c;&c;&c;&c;"><!ENTITY e "&d;&d;&d;&d;&d;&d;&d;&d;&d;&d;">
    <!ENTITY f "&e;&e;&e;&e;&e;&e;&e;&e;&e;&e;"><!ENTITY g "&f;&f;&f;&f;&f;&f;&f;&f;&f;&f;">
    <!ENTITY h "&g;&g;&g;&g;&g;&g;&g;&g;&g;&g;"><!ENTITY i "&h;&h;&h;&h;&h;&h;&h;&h;&h;&h;">]>
    <testsuite name="s"><testcase classname="&i;" name="t">&i;</testcase></testsuite>
    """,
  ])
  func `a document type declaration is refused where it starts`(text: String) throws {
    let error = try #require(Self.error(Array(text.utf8)))
    #expect(error.line == 1)
    #expect(error.message == XMLStreamParser.doctypeRefused)
  }

  // fuzz-junit (LeakSanitizer): after a first fatal error (a byte that is not UTF-8 in the DOCTYPE's name)
  // libxml2 reads on with the callbacks off, so the DOCTYPE is never refused; with entity substitution
  // on it stored the entities in a document of its own, leaked. `make sanitize` runs this under LSan.
  @Test func `a billion laughs after a first error is not expanded`() throws {
    let levels = (1...9).map {
      #"<!ENTITY l\#($0) ""# + String(repeating: "&l\($0 - 1);", count: 10) + #"">"#
    }
    let bytes =
      Array("<!DOCTYPE t".utf8) + [0xA0] + Array(#" [<!ENTITY l0 "lol">\#(levels.joined())]>"#.utf8)
      + Array(#"<testsuite name="&l9;"><testcase classname="&l9;" name="t">&l9;</testcase></testsuite>"#.utf8)
    let error = try #require(Self.error(bytes))
    #expect(error.line == 1)
    #expect(error.message.hasPrefix("malformed XML: Input is not proper UTF-8"), "\(error.message)")
  }

  @Test func `predefined entities and character references are decoded; an undeclared entity is an error`()
    throws
  {
    let text = """
      <testsuite name="a &amp; b"><testcase classname="C&#38;D&amp;#38;" name="t&lt;&#x4E2D;&gt;"><![CDATA[<x>]]></testcase>
      </testsuite>
      """
    let document = try JUnitReader.read(bytes: Array(text.utf8))
    #expect(document.cases.map(\.suite) == ["a & b"])
    #expect(document.cases.map(\.classname) == ["C&D&#38;"])
    #expect(document.cases.map(\.name) == ["t<中>"])
    let undeclared = try #require(Self.error(Array(#"<testsuite name="s">&nbsp;</testsuite>"#.utf8)))
    #expect(undeclared.message.contains("nbsp"), "\(undeclared.message)")
  }

  @Test func `an empty file, a mismatched tag and a file with no JUnit root each say so at their place`()
    throws
  {
    #expect(Self.error([])?.message == "no XML element found")
    let mismatch = try #require(Self.error(Array("<testsuites><testcase name='x'>\n</testsuites>\n".utf8)))
    #expect(mismatch.line == 2)
    #expect(mismatch.message.hasPrefix("malformed XML: "))
    #expect(
      Self.error(Array("<html/>".utf8))?.message
        == "no <testsuites> or <testsuite> element; is this JUnit XML?")
  }

  // libxml2 2.9 checks attributes for duplicates in quadratic time: 200,000 of them in 2.3 MB took 26 s.
  @Test func `an element with more than 100 attributes is refused before parsing, at its place`() throws {
    func testcase(attributes: Int) -> [UInt8] {
      let extra = (0..<attributes - 2).map { #"a\#($0)="x""# }.joined(separator: " ")
      return Array(
        """
        <testsuites><testsuite name="s">
        <!-- a="1" b="2" --><![CDATA[ c="3" ]]><?pi d="4"?>
        <testcase classname="c" name="t" \(extra) message="e=mc2, a='b'"/></testsuite></testsuites>
        """.utf8)
    }
    // 100 attributes, and `=` in a comment, CDATA, a processing instruction and a quoted value: read.
    #expect(try JUnitReader.read(bytes: testcase(attributes: 99)).cases.count == 1)
    let error = try #require(Self.error(testcase(attributes: 100)))
    #expect(error.line == 3 && error.column == 1)
    #expect(error.message == XMLStreamParser.tooManyAttributes)
    let many = try #require(Self.error(testcase(attributes: 200_000)))
    #expect(many.message == XMLStreamParser.tooManyAttributes)
  }
}
