import Foundation
import QAModel
import TestSupport
import Testing
import TextFormats

@testable import Reporting
@testable import ScenarioEngine

/// Hostile text from a matrix or a records file in the Markdown writers, read as GitHub reads it:
/// cmark-gfm with raw HTML kept (`--unsafe`), so any tag or link that got through would show (issue 32).
struct HostileMarkdownTests {
  /// What a hostile matrix or tester writes: raw HTML, a `javascript:` link and an autolink.
  static let payloads = [
    "<script>alert(1)</script>", "<img src=x onerror=alert(2)>", "[click](javascript:alert(3))",
    "<javascript:alert(4)>",
  ]

  /// Every `href` of `html`, as a browser reads it (character references decoded).
  static func hrefs(_ html: String) -> [String] {
    html.components(separatedBy: "href=\"").dropFirst().map {
      Escaping.decodingCharacterReferences(String($0.prefix { $0 != "\"" }))
    }
  }

  /// The tags of `html` other than those cmark-gfm writes for Markdown itself.
  static func rawTags(_ html: String) -> [String] {
    let markdownTags: Set<String> = [
      "a", "p", "h1", "h2", "h3", "h4", "ul", "ol", "li", "code", "strong", "em", "table", "thead", "tbody",
      "tr", "th", "td", "br", "img", "details", "summary", "del", "input", "blockquote", "pre", "hr",
    ]
    return html.components(separatedBy: "<").dropFirst().map {
      String($0.prefix { $0.isLetter || $0.isNumber || $0 == "/" }).replacingOccurrences(of: "/", with: "")
    }.filter { !$0.isEmpty && !markdownTags.contains($0.lowercased()) }
  }

  /// Checks that `html` holds no raw tag, no `<img>` other than the coverage pictures and no link outside
  /// the allowed schemes.
  static func expectInert(
    _ html: String, pictures: Int = 0, sourceLocation: SourceLocation = #_sourceLocation
  ) {
    #expect(rawTags(html).isEmpty, "raw HTML: \(rawTags(html))", sourceLocation: sourceLocation)
    #expect(
      html.components(separatedBy: "<img").count - 1 == pictures, "an <img> from the input",
      sourceLocation: sourceLocation)
    for href in hrefs(html) {
      #expect(Escaping.isAllowedLink(href), "live link \(href)", sourceLocation: sourceLocation)
      #expect(!href.lowercased().contains("javascript"), "live link \(href)", sourceLocation: sourceLocation)
    }
  }

  @Test(.needsCmarkGFM, arguments: ["", "\t", "\u{0B}", "\n"])
  func `evidence links that bypassed the old check render as text`(prefix: String) throws {
    let plan = try TinyCase.plan()
    let manual = try #require(plan.items.first { $0.kind == .manual })
    let evidence =
      [
        "javascript&#58;alert(1)", "java\u{01}script:alert(1)", "javascript:\nalert(1)",
        "javascript&colon;alert(1)", "https://tracker.example/QA-1",
      ].map { prefix + $0 }
    let observation = Ingested.recorded(
      manual.id, .fail, time: "2026-11-29T10:00:00Z", device: "phone-a", os: "26.1",
      note: Self.payloads.joined(separator: " "), evidence: evidence)
    let report = AcceptanceReport.make(
      plan: plan, run: SmallCase.run(plan), manual: [Ingested.outcome(.fail, observation)],
      generatedAt: "2026-11-29T12:00:00Z")
    let markdown = MarkdownReportWriter.markdown(report)
    let html = try WriterTests.render(markdown, unsafe: true)
    Self.expectInert(html, pictures: 2)
    // The one web link stays a link when nothing precedes it; the others are shown as code.
    #expect(html.contains("<a href=\"https://tracker.example/QA-1\">") == prefix.isEmpty)
    #expect(html.contains("javascript&amp;#58;alert(1)"))
  }

  /// The small matrix with every free text hostile, and a tester, so `--assign` has something to say.
  static func hostilePlan() throws -> Plan {
    var yaml = SmallCase.yaml
    for (text, hostile) in [
      ("name: Small form", #"name: "<script>alert(1)</script> [name](javascript:alert(1))""#),
      (#"build: "1.0 (1)""#, #"build: "<img src=x onerror=alert(2)>""#),
      ("label: Pinyin", #"label: "<script>alert(3)</script> <javascript:alert(3)>""#),
      ("name: Phone A", #"name: "<img src=x onerror=alert(4)> [d](javascript:alert(4))""#),
      ("label: Name\n", "label: \"<script>alert(5)</script> ![x](javascript:alert(5))\"\n"),
      (
        "haptics:\n  confirmation:",
        "testers:\n  - {name: \"<script>alert(6)</script>\", devices: [phone-a]}\nhaptics:\n  confirmation:"
      ),
    ] {
      #expect(yaml.contains(text), "the small matrix has no \(text)")
      yaml = yaml.replacingOccurrences(of: text, with: hostile)
    }
    return try Plan.make(file: try Fixture.file(yaml: yaml, path: "hostile.yaml"), engines: nil)
  }

  @Test(.needsCmarkGFM)
  func `plan Markdown shows a hostile matrix's text as written, with no tag or link`() throws {
    let plan = try Self.hostilePlan()
    let markdown = try Writers.plan.text(plan, format: "markdown")
    let html = try WriterTests.render(markdown, unsafe: true)
    Self.expectInert(html)
    #expect(Self.hrefs(html).isEmpty)
    #expect(
      html.contains("<h1>QA plan: &lt;script&gt;alert(1)&lt;/script&gt; [name](javascript:alert(1))</h1>"))
    #expect(html.contains("Build under test: &lt;img src=x onerror=alert(2)&gt;"))
    #expect(
      html.contains(
        "&lt;img src=x onerror=alert(4)&gt; [d](javascript:alert(4)) (<code>phone-a</code>) — iOS 26.x"))
    #expect(html.contains("&lt;script&gt;alert(5)&lt;/script&gt; ![x](javascript:alert(5))"))
  }

  @Test(.needsCmarkGFM)
  func `plan --assign Markdown shows a hostile matrix's text as written, with no tag or link`() throws {
    let plan = try Self.hostilePlan()
    let html = try WriterTests.render(try Writers.assignment.text(plan, format: "markdown"), unsafe: true)
    Self.expectInert(html)
    #expect(Self.hrefs(html).isEmpty)
    #expect(
      html.contains("<h1>Assignment: &lt;script&gt;alert(1)&lt;/script&gt; [name](javascript:alert(1))</h1>"))
    #expect(html.contains("<td>&lt;script&gt;alert(6)&lt;/script&gt;</td>"))
  }
}
