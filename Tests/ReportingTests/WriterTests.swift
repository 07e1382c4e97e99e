import Foundation
import Testing

@testable import Reporting

#if canImport(FoundationXML)
  import FoundationXML
#endif

struct WriterTests {
  @Test func `every identifier round-trips through the registry`() throws {
    #expect(ReportWriters.identifiers == ["markdown", "junit", "json"])
    for writer in ReportWriters.all {
      let found = try ReportWriters.writer(identifier: writer.identifier)
      #expect(ObjectIdentifier(found) == ObjectIdentifier(writer))
      #expect(found.identifier == writer.identifier)
      #expect(!found.description.isEmpty)
    }
  }

  @Test func `an unknown identifier lists the valid ones or suggests the close one`() {
    #expect(throws: UnknownReportWriter.self) { try ReportWriters.writer(identifier: "html") }
    do {
      _ = try ReportWriters.writer(identifier: "html")
    } catch {
      #expect(error.message == "unknown report format 'html'; expected 'json', 'junit' or 'markdown'")
    }
    do {
      _ = try ReportWriters.writer(identifier: "jsno")
    } catch {
      #expect(error.message == "unknown report format 'jsno'; did you mean 'json'?")
    }
  }

  @Test func `the markdown writer writes the report and both pictures it links`() throws {
    let report = try Fixture.defaultReport()
    let files = MarkdownReportWriter().write(report)
    #expect(files.map(\.path) == ["report.md", "coverage-composition.svg", "coverage-haptics.svg"])
    let markdown = try #require(files.first?.contents)
    #expect(markdown.contains("](coverage-composition.svg)"))
    #expect(markdown.contains("](coverage-haptics.svg)"))
  }

  // MARK: JUnit

  final class XMLCollector: NSObject, XMLParserDelegate {
    var elements: [(name: String, attributes: [String: String])] = []
    func parser(
      _ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?, qualifiedName: String?,
      attributes: [String: String] = [:]
    ) {
      elements.append((elementName, attributes))
    }
  }

  @Test func `JUnit XML is well formed and its counts agree`() throws {
    let report = try Fixture.defaultReport()
    let xml = JUnitReportWriter.xml(report)
    let parser = XMLParser(data: Data(xml.utf8))
    let collector = XMLCollector()
    parser.delegate = collector
    #expect(parser.parse(), "\(String(describing: parser.parserError))")

    let root = try #require(collector.elements.first)
    #expect(root.name == "testsuites")
    let cases = collector.elements.filter { $0.name == "testcase" }
    #expect(cases.count == report.items.count)
    #expect(Set(cases.compactMap { $0.attributes["name"] }).count == report.items.count)
    let counts = OutcomeCounts(report.items)
    #expect(root.attributes["tests"] == String(report.items.count))
    #expect(root.attributes["failures"] == String(counts.fail))
    #expect(root.attributes["errors"] == String(counts.error))
    #expect(
      root.attributes["skipped"] == String(counts.untested + counts.blocked + counts.skipped + counts.stale))
    #expect(collector.elements.count { $0.name == "failure" } == counts.fail)
    #expect(collector.elements.count { $0.name == "skipped" } == Int(root.attributes["skipped"] ?? ""))

    let suites = collector.elements.filter { $0.name == "testsuite" }
    #expect(
      suites.map { $0.attributes["name"] ?? "" } == [
        "automated.composition", "automated.haptics", "manual.composition", "manual.haptics",
      ])
    #expect(suites.reduce(0) { $0 + (Int($1.attributes["tests"] ?? "") ?? 0) } == report.items.count)
    for suite in suites {
      for attribute in ["tests", "failures", "errors", "skipped", "time"] {
        #expect(suite.attributes[attribute] != nil, "testsuite lacks \(attribute)")
      }
    }
    let failure = try #require(collector.elements.first { $0.name == "failure" })
    #expect(failure.attributes["message"]?.contains("<b>no</b>") == true)
  }

  @Test func `JUnit XML survives hostile notes`() throws {
    let plan = try SmallCase.plan()
    var manual = SmallCase.statuses(plan, .fail)
    manual[0].observation?.note = "]]> </failure> \u{0}\u{1B}[31m \"'& <![CDATA[x]]>"
    manual[1].outcome = .stale
    manual[1].staleReason = "build \"1.0\" <old>\u{08}"
    let report = SmallCase.report(plan, run: SmallCase.run(plan), manual: manual)
    let xml = JUnitReportWriter.xml(report)
    let parser = XMLParser(data: Data(xml.utf8))
    let collector = XMLCollector()
    parser.delegate = collector
    #expect(parser.parse(), "\(String(describing: parser.parserError))")
    #expect(collector.elements.count { $0.name == "testcase" } == report.items.count)
  }

  // MARK: JSON

  @Test func `JSON parses and keeps the documented top-level key order`() throws {
    let report = try Fixture.defaultReport()
    let text = JSONReportWriter.json(report).rendered(trailingNewline: true)
    let object = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    #expect(object["verdict"] as? String == "REJECTED")
    #expect((object["items"] as? [Any])?.count == report.items.count)
    let keys = text.split(separator: "\n").filter { $0.hasPrefix("  \"") }.map {
      String($0.dropFirst(3).prefix { $0 != "\"" })
    }
    #expect(
      keys == [
        "format", "plan", "generated_at", "subject", "subjects", "verdict", "reasons", "counts", "checks",
        "grids",
        "divergences", "pair_coverage", "removed_cells", "items", "notes",
      ])
  }

  // MARK: GitHub rendering

  static let cmark = "/usr/bin/cmark-gfm"

  /// The HTML `cmark-gfm` makes of `markdown` with GitHub's extensions.
  static func render(_ markdown: String) throws -> String {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: cmark)
    process.arguments = ["-e", "table", "-e", "tasklist", "-e", "autolink", "-e", "strikethrough"]
    let input = Pipe()
    let output = Pipe()
    process.standardInput = input
    process.standardOutput = output
    try process.run()
    let writer = Thread {
      input.fileHandleForWriting.write(Data(markdown.utf8))
      try? input.fileHandleForWriting.close()
    }
    writer.start()
    let data = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return String(decoding: data, as: UTF8.self)
  }

  /// Paragraphs that start with `|`: table rows GitHub would not recognise as a table.
  static func strayTableRows(_ html: String) -> [Substring] {
    html.split(separator: "\n").filter { $0.hasPrefix("<p>|") || $0.contains("\n|") }
  }

  @Test(
    .enabled(
      if: FileManager.default.isExecutableFile(atPath: cmark),
      "cmark-gfm is not installed (Debian package cmark-gfm); GitHub rendering not checked"))
  func `the report renders on GitHub with tables, headings, pictures and no stray rows`() throws {
    let html = try Self.render(MarkdownReportWriter.markdown(try Fixture.defaultReport()))
    #expect(html.contains("<h1>Acceptance report: Sign-up form"))
    #expect(html.contains("<h2>Verdict: REJECTED</h2>"))
    #expect(html.contains("<img src=\"coverage-composition.svg\" alt=\"Composition: OS × input method\" />"))
    #expect(html.contains("<img src=\"coverage-haptics.svg\""))
    // Header, checks ×2, grids ×2, divergences, stale, automated, pair coverage.
    #expect(html.components(separatedBy: "<table>").count - 1 == 9)
    #expect(Self.strayTableRows(html).isEmpty, "\(Self.strayTableRows(html))")
    // The tester's note renders as text, not as HTML or emphasis; only web and relative links are links.
    #expect(html.contains("&lt;b&gt;no&lt;/b&gt;"))
    #expect(!html.contains("<em>disabled</em>"))
    #expect(html.contains("<a href=\"https://tracker.example/QA-812\">"))
    #expect(!html.contains("href=\"javascript:"))
  }

  @Test(
    .enabled(
      if: FileManager.default.isExecutableFile(atPath: cmark),
      "cmark-gfm is not installed (Debian package cmark-gfm); GitHub rendering not checked"))
  func `automated failures render with their keystroke traces as tables`() throws {
    let html = try Self.render(MarkdownReportWriter.markdown(try GoldenTests.naiveReport()))
    #expect(html.contains("<a href=\"#automated-results\">"))
    #expect(html.contains("<h2>Automated results</h2>"))
    #expect(html.contains("<th>key / action</th>"))
    #expect(Self.strayTableRows(html).isEmpty, "\(Self.strayTableRows(html))")
  }

  @Test(
    .enabled(
      if: FileManager.default.isExecutableFile(atPath: cmark),
      "cmark-gfm is not installed (Debian package cmark-gfm); GitHub rendering not checked"))
  func `a checklist renders on GitHub with task lists, steps and a summary table`() throws {
    let checklists = Checklists.render(
      plan: try Fixture.defaultPlan.get(), file: try Fixture.defaultFile.get())
    for checklist in checklists.prefix(3) {
      let html = try Self.render(checklist.markdown)
      #expect(html.contains("<h1>Checklist: "))
      #expect(html.components(separatedBy: "<table>").count - 1 == 1)
      #expect(html.contains("<li><input type=\"checkbox\" disabled=\"\" /> "))
      #expect(html.contains("<ol>"))
      #expect(Self.strayTableRows(html).isEmpty)
      #expect(!html.contains("[ ]"), "a task-list item did not render as a checkbox")
    }
  }
}
