import Foundation
import TestSupport
import Testing

@testable import Reporting

#if canImport(FoundationXML)
  import FoundationXML
#endif

struct WriterTests {
  @Test func `every identifier round-trips through the registry`() throws {
    #expect(
      ReportWriters.identifiers == ["markdown", "markdown-summary", "junit", "junit-extended", "json"])
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
      #expect(
        error.message
          == "unknown report format 'html'; expected 'json', 'junit', 'junit-extended', 'markdown' or 'markdown-summary'"
      )
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

  static func elements(_ xml: String) throws -> [(name: String, attributes: [String: String])] {
    let parser = XMLParser(data: Data(xml.utf8))
    let collector = XMLCollector()
    parser.delegate = collector
    #expect(parser.parse(), "\(String(describing: parser.parserError))")
    return collector.elements
  }

  @Test func `JUnit XML is well formed, counts agree and a verdict case fails unless accepted`() throws {
    let report = try Fixture.defaultReport()
    let elements = try Self.elements(JUnitReportWriter.xml(report))
    let root = try #require(elements.first)
    #expect(root.name == "testsuites")
    #expect(root.attributes["name"]?.hasPrefix("qapass") == true)
    #expect(root.attributes["skipped"] == nil, "junit-10.xsd has no skipped on testsuites")
    let cases = elements.filter { $0.name == "testcase" }
    #expect(cases.count == report.items.count + 1)
    #expect(
      Set(cases.map { "\($0.attributes["classname"] ?? "") \($0.attributes["name"] ?? "")" }).count
        == cases.count)
    #expect(cases.allSatisfy { $0.attributes["time"] != nil })
    let counts = OutcomeCounts(report.items)
    #expect(root.attributes["tests"] == String(report.items.count + 1))
    #expect(root.attributes["failures"] == String(counts[.fail] + 1))
    #expect(root.attributes["errors"] == String(counts[.error]))
    #expect(elements.count { $0.name == "failure" } == counts[.fail] + 1)
    let suites = elements.filter { $0.name == "testsuite" }
    #expect(suites.count == 1)
    for suite in suites {
      for attribute in ["tests", "failures", "errors", "skipped", "time", "timestamp"] {
        #expect(suite.attributes[attribute] != nil, "testsuite lacks \(attribute)")
      }
      #expect(
        suite.attributes["skipped"]
          == String(counts[.untested] + counts[.blocked] + counts[.skipped] + counts[.stale]))
    }
    #expect(elements.filter { $0.name == "properties" }.count == suites.count, "properties only on suites")
    #expect(
      elements.contains {
        $0.name == "property" && $0.attributes["name"] == "qapass.generator"
          && $0.attributes["value"] == "qapass"
      })
    let verdict = try #require(cases.first)
    #expect(verdict.attributes["classname"] == "qapass" && verdict.attributes["name"] == "verdict")
    // The configuration never goes into a test name.
    #expect(cases.dropFirst().map { $0.attributes["name"] ?? "" } == report.items.map(\.id.rawValue))
    let failure = try #require(elements.first { $0.name == "failure" && $0.attributes["type"] != "REJECTED" })
    #expect(failure.attributes["message"]?.contains("<b>no</b>") == true)
  }

  @Test func `a run's verdict case is named apart from the release verdict's`() throws {
    let plan = try SmallCase.plan()
    let run = AcceptanceReport.makeRun(plan: plan, run: SmallCase.run(plan), generatedAt: nil)
    let pass = SmallCase.report(plan, run: SmallCase.run(plan), manual: [])
    let runCases = try Self.elements(JUnitReportWriter.xml(run)).filter { $0.name == "testcase" }
    let passCases = try Self.elements(JUnitReportWriter.xml(pass)).filter { $0.name == "testcase" }
    #expect(runCases.first?.attributes["classname"] == "qapass.run")
    #expect(runCases.first?.attributes["name"] == "automated-verdict")
    #expect(passCases.first?.attributes["classname"] == "qapass")
    #expect(passCases.first?.attributes["name"] == "verdict")
    #expect(!runCases.contains { $0.attributes["classname"] == "qapass" })
  }

  @Test(arguments: [AcceptanceReport.Verdict.accepted, .incomplete, .rejected])
  func `the verdict case fails for REJECTED and INCOMPLETE`(_ verdict: AcceptanceReport.Verdict) throws {
    let plan = try SmallCase.plan()
    let manual = SmallCase.statuses(
      plan, .pass,
      overrides: verdict == .accepted
        ? [:] : [AcceptanceReportTests.h1: verdict == .rejected ? .fail : .untested])
    let report = SmallCase.report(plan, run: SmallCase.run(plan), manual: manual)
    #expect(report.verdict == verdict)
    let elements = try Self.elements(JUnitReportWriter.xml(report))
    let failures = elements.filter { $0.name == "failure" }
    #expect(failures.contains { $0.attributes["type"] == verdict.rawValue } == (verdict != .accepted))
    #expect(elements.first?.attributes["failures"] != "0" || verdict == .accepted)
  }

  @Test func `a run and a pass give an automated item the same JUnit identity`() throws {
    let plan = try SmallCase.plan()
    let run = SmallCase.run(plan)
    let pass = SmallCase.report(plan, run: run, manual: SmallCase.statuses(plan, .pass))
    let alone = AcceptanceReport.makeRun(plan: plan, run: run, generatedAt: nil)
    #expect(alone.scope == .run && alone.items.allSatisfy { $0.kind == .automated })
    func identities(_ report: AcceptanceReport) -> [String] {
      JUnitReportWriter.document(report).cases.filter { $0.name.hasPrefix("auto.") }.map {
        "\($0.classname)/\($0.name)"
      }
    }
    #expect(identities(alone) == identities(pass))
    #expect(identities(alone).contains("automated.composition.c1/auto.c1.zh-pinyin.name.every-update"))
  }

  @Test func `extended JUnit names the checklist and puts the configuration in properties`() throws {
    let report = try TinyCase.report()
    let elements = try Self.elements(JUnitReportWriter.document(report).xml(.extended))
    let manual = elements.filter {
      $0.name == "testcase" && ($0.attributes["name"] ?? "").hasPrefix("manual.")
    }
    #expect(!manual.isEmpty)
    #expect(manual.allSatisfy { $0.attributes["file"] == "checklists/phone-a.26.x.md" })
    #expect(elements.contains { $0.name == "property" && $0.attributes["name"] == "input_method" })
  }

  @Test func `JUnit XML survives hostile notes`() throws {
    let plan = try SmallCase.plan()
    var manual = SmallCase.statuses(plan, .fail)
    manual[0].deciding?.observation.note = "]]> </failure> \u{0}\u{1B}[31m \"'& <![CDATA[x]]>"
    manual[1].status = .stale
    manual[1].deciding?.staleReasons = [.build(recorded: "\"1.0\" <old>\u{08}", current: "1.0 (1)")]
    let report = SmallCase.report(plan, run: SmallCase.run(plan), manual: manual)
    let xml = JUnitReportWriter.xml(report)
    let parser = XMLParser(data: Data(xml.utf8))
    let collector = XMLCollector()
    parser.delegate = collector
    #expect(parser.parse(), "\(String(describing: parser.parserError))")
    #expect(collector.elements.count { $0.name == "testcase" } == report.items.count + 1)
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
        "format", "scope", "plan", "generated_at", "generated_from", "subject", "subjects",
        "required_subjects", "verdict", "reasons", "files_in_error", "unplanned_observations",
        "unfinished_jobs", "app_test_runs", "retired_observations", "counts",
        "since_previous", "progress", "checks", "grids", "divergences",
        "pair_coverage", "removed_cells", "items", "notes",
      ])
    #expect(object["generated_at"] as? String == Fixture.generatedAt)
    let coverage = try #require(object["pair_coverage"] as? [String: Any])
    #expect(coverage["percent"] is NSNumber)
    // One vocabulary: item outcomes and grid cells say the same words.
    #expect(
      text.contains("\"status\": \"fail\"") && !text.contains("\"passed\"") && !text.contains("\"failed\""))
  }

  // MARK: GitHub rendering

  static let cmark = TestOracles.cmarkGFM

  /// The HTML `cmark-gfm` makes of `markdown` with GitHub's extensions; safe mode (raw HTML dropped)
  /// unless `unsafe`.
  static func render(_ markdown: String, unsafe: Bool = false) throws -> String {
    try GitHubMarkdown.html(markdown, unsafe: unsafe)
  }

  /// Paragraphs that start with `|`: table rows GitHub would not recognise as a table.
  static func strayTableRows(_ html: String) -> [Substring] {
    html.split(separator: "\n").filter { $0.hasPrefix("<p>|") || $0.contains("\n|") }
  }

  @Test(
    .needsEngines,
    .needsCmarkGFM)
  func `the report renders on GitHub with tables, headings, pictures and no stray rows`() throws {
    let html = try Self.render(MarkdownReportWriter.markdown(try Fixture.defaultReport()))
    #expect(html.contains("<h1>Acceptance report: Sign-up form"))
    #expect(html.contains("<h2>Verdict: REJECTED</h2>"))
    #expect(html.contains("<img src=\"coverage-composition.svg\" alt=\"Composition: OS × input method\" />"))
    #expect(html.contains("<img src=\"coverage-haptics.svg\""))
    // Subjects, checks ×2, grids ×2, divergences, progress ×2, stale, automated, pair coverage; no header
    // table.
    #expect(html.components(separatedBy: "<table>").count - 1 == 11)
    #expect(!html.contains("<th></th>"), "an empty header row")
    #expect(Self.strayTableRows(html).isEmpty, "\(Self.strayTableRows(html))")
    // The tester's note renders as text, not as HTML or emphasis; only web and relative links are links.
    #expect(html.contains("&lt;b&gt;no&lt;/b&gt;"))
    #expect(!html.contains("<em>disabled</em>"))
    #expect(html.contains("<a href=\"https://tracker.example/QA-812\">"))
    #expect(!html.contains("href=\"javascript:"))
  }

  /// The HTML of the section under `<h2>title</h2>`, up to the next `<h2>`.
  static func section(_ html: String, _ title: String) -> Substring { GitHubMarkdown.section(html, title) }

  @Test(
    .needsCmarkGFM)
  func `multi-line notes render the same in safe mode, without raw HTML`() throws {
    let markdown = MarkdownReportWriter.markdown(try TinyCase.report())
    #expect(!markdown.contains("<br"), "raw <br> is dropped by safe renderers")
    let safe = try Self.render(markdown)
    let unsafe = try Self.render(markdown, unsafe: true)
    for title in ["Failures", "Progress", "Stale items", "Automated results", "Core passes, device fails"] {
      let section = Self.section(safe, title)
      #expect(!section.isEmpty, "\(title)")
      #expect(section == Self.section(unsafe, title), "\(title) renders differently in safe mode")
      #expect(!section.contains("raw HTML omitted"), "\(title)")
    }
    // Both lines of the note, with a line break between them.
    #expect(Self.section(safe, "Failures").contains("choosing 张伟<br />\nuntil the next key"))
  }

  @Test(
    .needsCmarkGFM)
  func `the summary renders on GitHub and links to the full report`() throws {
    let summary = MarkdownReportWriter.markdown(try Fixture.defaultReport(), limits: .summary)
    let html = try Self.render(summary, unsafe: true)
    #expect(html.contains("<a href=\"report.md\">full report</a>"))
    #expect(html.contains("<details><summary>"))
    #expect(Self.strayTableRows(html).isEmpty, "\(Self.strayTableRows(html))")
  }

  @Test(
    .needsCmarkGFM)
  func `automated failures render with their keystroke traces as tables`() throws {
    let html = try Self.render(MarkdownReportWriter.markdown(try GoldenTests.naiveReport()))
    #expect(html.contains("<a href=\"#automated-results\">"))
    #expect(html.contains("<h2>Automated results</h2>"))
    #expect(html.contains("<th>key / action</th>"))
    #expect(Self.strayTableRows(html).isEmpty, "\(Self.strayTableRows(html))")
  }

  @Test(
    .needsCmarkGFM)
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

extension WriterTests {
  @Test func `the registry writes each file once and points the pictures at a base URL`() throws {
    let report = try TinyCase.report()
    let files = try ReportWriters.files(
      report, formats: ["markdown-summary", "markdown", "junit"], pictureBase: "https://qa.example/812/")
    #expect(
      files.map(\.path) == [
        "report-summary.md", "coverage-composition.svg", "coverage-haptics.svg", "report.md", "junit.xml",
      ])
    for name in ["report-summary.md", "report.md"] {
      let text = try #require(files.first { $0.path == name }?.contents)
      #expect(text.contains("](<https://qa.example/812/coverage-composition.svg>)"), "\(name)")
    }
    #expect(throws: UnknownReportWriter.self) { try ReportWriters.files(report, formats: ["html"]) }
  }
}

extension WriterTests {
  @Test func `a collapsed block's summary is HTML-escaped plain text`() {
    let block = MarkdownReportWriter.details("dev<b>_1 & co\nnext", "- x\n")
    #expect(block.hasPrefix("<details><summary>dev&lt;b&gt;_1 &amp; co next</summary>\n\n- x\n\n</details>"))
  }
}
