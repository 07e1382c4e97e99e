import Foundation
import QAModel
import Testing

@testable import Reporting

/// The Markdown reports where GitHub shows them, whatever the plan's size (issues 14 and 23): both
/// open with the verdict, every list in it is capped with a count and a link to where the rest is,
/// `report.md` fits a job summary and `report-summary.md` a pull-request comment or check run.
struct ReportSizeTests {
  /// ``ScaleCase``'s report, made once for the suite (about 12,000 manual items).
  static let scale = Result { try ScaleCase.report() }
  /// Its `report.md`, written once for the suite.
  static let full = Result { MarkdownReportWriter.markdown(try scale.get()) }

  /// The verdict section: from `## Verdict:` to the next heading of the same level.
  static func verdictSection(_ text: String) -> Substring? {
    guard let start = text.range(of: "\n## Verdict: ") else { return nil }
    let rest = text[start.upperBound...]
    let end = rest.range(of: "\n## ")?.lowerBound ?? rest.endIndex
    return text[start.lowerBound..<end]
  }

  // Issue 23: at 12,309 manual items with a third blocked the summary dropped its verdict section
  // (the blocked list under it was never capped), and with 7,318 blocked report.md did too.
  @Test func `at 12,000 manual items with a third blocked both reports open with the verdict and fit GitHub`()
    throws
  {
    let report = try Self.scale.get()
    let manual = report.items.count { $0.kind == .manual }
    let blocked = report.blocked.count
    let failed = report.items.count { $0.kind == .manual && $0.outcome == .fail }
    #expect(manual >= 11_500, "\(manual) manual items")
    #expect(blocked * 3 >= manual - 3, "\(blocked) blocked")
    #expect(failed > 10)
    #expect(report.items.contains { $0.configuration.extras.count == 2 }, "two free dimensions in some cells")

    for (limits, size) in [(MarkdownLimits.full, 1_048_576), (.summary, 60_000)] {
      let text = limits == .full ? try Self.full.get() : MarkdownReportWriter.markdown(report, limits: limits)
      let name = limits.fullReportLink == nil ? "report.md" : "report-summary.md"
      let link = limits.fullReportLink ?? ""
      #expect(text.utf8.count <= size, "\(name): \(text.utf8.count) bytes")
      #expect(text.hasPrefix("# Acceptance report: Scale matrix"), "\(name)")
      let headings = text.split(separator: "\n").filter { $0.hasPrefix("## ") }
      #expect(
        headings.first == "## Verdict: REJECTED", "\(name) opens with the verdict: \(headings.prefix(2))")
      let verdict = try #require(Self.verdictSection(text), "\(name)")
      // Every list in it is capped, says how many more there are and where they are.
      let shown = verdict.split(separator: "\n").count { $0.hasPrefix("- Blocked `") }
      #expect(shown == limits.listed, "\(name)")
      #expect(
        verdict.contains(
          "- … and \(blocked - limits.listed) more blocked items, with their reasons by session under "
            + "[Untested items](\(link)#untested-items) (report.json has every one)\n"), "\(name)")
      #expect(
        verdict.contains(
          "- \(failed) manual items failed on devices: ")
          && verdict.contains(
            " and \(failed - 10) more. (see [Failures](\(link)#failures))\n"),
        "\(name)")
      #expect(verdict.utf8.count < size / 2, "\(name): the verdict section is \(verdict.utf8.count) bytes")
      #expect(!text.contains("The verdict section is cut here"), "\(name)")
    }
    let summary = MarkdownReportWriter.markdown(report, limits: .summary)
    #expect(
      summary.utf16.count < 65_535 && summary.count < 65_535, "under the check run's and a comment's limit")
    #expect(summary.contains("[full report](report.md)"))
    let full = try Self.full.get()
    #expect(!full.contains("## Left out"), "the full report keeps every section at this size")
    #expect(full.contains("\n## Untested items\n") && full.contains("more (see report.json)"))
  }

  @Test func `the links of the verdict's lists name headings report.md has`() throws {
    let full = try Self.full.get()
    /// GitHub's anchor for a heading: lower case, punctuation but `-` dropped, spaces to `-`.
    func anchor(_ heading: Substring) -> String {
      String(
        heading.drop { $0 == "#" || $0 == " " }.lowercased().compactMap { character -> Character? in
          character == " "
            ? "-" : character.isLetter || character.isNumber || character == "-" ? character : nil
        })
    }
    let anchors = Set(full.split(separator: "\n").filter { $0.hasPrefix("#") }.map(anchor))
    for section in ReportSection.allCases {
      #expect(anchor(Substring("## " + section.title)) == section.rawValue)
    }
    for section in [ReportSection.failures, .untested, .subjects] {
      #expect(anchors.contains(section.rawValue), "\(section)")
    }
  }

  @Test func `a verdict too long for the size is cut at a line and says so, still first`() throws {
    var report = try TinyCase.report()
    report.verdictReasons = (1...40).map {
      VerdictReason("reason \($0): " + String(repeating: "x", count: 900))
    }
    var limits = MarkdownLimits.summary
    limits.maxBytes = 8_000
    let text = MarkdownReportWriter.markdown(report, limits: limits)
    #expect(text.utf8.count <= 8_000)
    #expect(text.hasPrefix("# Acceptance report: "))
    #expect(text.split(separator: "\n").first { $0.hasPrefix("## ") } == "## Verdict: REJECTED")
    #expect(text.contains("- reason 1: x"))
    #expect(!text.contains("- reason 10: x"), "reasons are capped at limits.listed")
    #expect(
      text.contains(
        "\n… The verdict section is cut here to stay under 8000 bytes; the [full report](report.md) has it whole."
      ))
    #expect(text.contains("## Left out"))
  }

  @Test func `reasons past the list's length are counted`() throws {
    var report = try TinyCase.report()
    report.verdictReasons = (1...40).map { VerdictReason("reason \($0).") }
    let text = MarkdownReportWriter.markdown(report, limits: .summary)
    #expect(text.contains("- reason 10.\n- … and 30 more reasons (`reasons` in report.json)\n"))
    #expect(!text.contains("- reason 11."))
  }

  @Test func `a blocked reason shows its first line, at most 200 characters`() {
    #expect(MarkdownReportWriter.oneLine("restored\nfrom a backup") == "restored…")
    #expect(
      MarkdownReportWriter.oneLine(String(repeating: "a", count: 201)) == String(repeating: "a", count: 200)
        + "…")
    #expect(MarkdownReportWriter.oneLine("short") == "short")
  }

  @Test func `a summary that cannot hold every section says which it left out`() throws {
    let report = try Fixture.defaultReport()
    var limits = MarkdownLimits.summary
    limits.maxBytes = 6_000
    let text = MarkdownReportWriter.markdown(report, limits: limits)
    #expect(text.utf8.count <= 6_000)
    #expect(text.contains("## Left out"))
    #expect(text.contains("## Verdict: REJECTED"))
  }
}
