import Effects
import Foundation
import Observations
import QAPassWorkflow
import ScenarioEngine
import TestSupport
import Testing

/// issue 34 point 6: a report after a re-plan says what changed. The pass is built from a matrix as a
/// team makes it: plan, record observations (a failure among them), publish; then re-plan with an input
/// method renamed (`renamed_from:`) and a device dropped, and publish again over the first report.
struct ReplannedReportTests {
  typealias Fixture = UseCaseTests.Fixture

  /// The first plan: the small matrix (``UseCaseTests/matrix``) with a phone beside the simulator.
  static let before = UseCaseTests.matrix.replacingOccurrences(
    of: "\nfields:\n",
    with: "\n  - {id: phone, name: iPhone 16e, kind: device, haptics: true, os: {min: \"18.3\"}}\nfields:\n"
  ).replacingOccurrences(of: "device: [sim]", with: "device: [sim, phone]")

  /// The re-plan: ko-2set is now ko-dubeolsik (declared), and the phone is no longer planned.
  static let after = UseCaseTests.matrix.replacingOccurrences(of: "ko-2set", with: "ko-dubeolsik")
    .replacingOccurrences(
      of: "    expect: 김진우\n", with: "    expect: 김진우\n    renamed_from: [ko-2set]\n")

  /// The items the observations are recorded for, before the re-plan and after it.
  static let failedThenRenamed = (
    before: "manual.ime.m1.sim.26.x.ko-2set.name", after: "manual.ime.m1.sim.26.x.ko-dubeolsik.name"
  )
  static let staleFailure = (
    before: "manual.ime.m2.sim.26.x.ko-2set.name", after: "manual.ime.m2.sim.26.x.ko-dubeolsik.name"
  )
  static let passed = "manual.ime.m3.sim.26.x.ko-2set.name"
  static let droppedFailure = "manual.ime.m1.phone.26.x.ko-2set.name"
  static let droppedUntested = [
    "manual.ime.m2.phone.26.x.ko-2set.name", "manual.ime.m3.phone.26.x.ko-2set.name",
  ]

  /// What the second pass wrote, read back: report.md rendered as GitHub renders it, report.json parsed,
  /// and the terminal's output.
  struct Published {
    var html: String
    var json: [String: Any]
    /// What the use case printed (standard output and error), but its diagnostics.
    var terminal: String
    /// The messages of its diagnostics.
    var warnings: [String]

    /// The items of report.json by id.
    var items: [String: [String: Any]] {
      let list = json["items"] as? [[String: Any]] ?? []
      return Dictionary(list.map { ($0["id"] as? String ?? "", $0) }, uniquingKeysWith: { first, _ in first })
    }

    /// The rows of the first table under the `<h2>` `title`, header first.
    func table(_ title: String) -> [[String]] {
      GitHubMarkdown.tableRows(GitHubMarkdown.section(html, title))
    }
  }

  /// Runs the whole story and returns what the second pass published.
  static func replannedPass() throws -> Published {
    let fixture = Fixture()
    try fixture.files.writeAtomically(Array(before.utf8), to: "/w/m.yaml")
    let source = UseCaseTests.source
    _ = try fixture.workflow.checklist(.init(source: source))
    func record(_ id: String, _ result: String, build: String? = nil) throws {
      var inputs = Workflow.RecordInputs(source: source, item: id)
      inputs.result = .init(rawValue: result)
      inputs.time = "2026-12-01T09:00:00Z"
      inputs.tester = "mei"
      inputs.build = build
      inputs.os = ExactOS.release(in: id)
      _ = try fixture.workflow.record(inputs)
    }
    try record(failedThenRenamed.before, "fail")
    try record(staleFailure.before, "fail", build: "0.9 (7)")
    try record(passed, "pass")
    try record(droppedFailure, "fail")
    let first = try fixture.workflow.pass(.init(source: source))
    #expect(first.value.verdict == .rejected)

    try fixture.files.writeAtomically(Array(after.utf8), to: "/w/m.yaml")
    let second = try fixture.workflow.pass(.init(source: source))
    let markdown = try #require(fixture.files.text("/w/reports/report.md"))
    let text = try #require(fixture.files.text("/w/reports/report.json"))
    let json = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    let terminal = second.messages.map { message in
      switch message {
      case .output(let text), .error(let text): text
      case .diagnostics: ""
      }
    }.joined()
    return Published(
      html: try GitHubMarkdown.html(markdown), json: json, terminal: terminal,
      warnings: second.diagnostics.map(\.message))
  }

  @Test(.needsEngines, .needsCmarkGFM)
  func `a stale failure is listed with its result, in report.md and report.json`() throws {
    let published = try Self.replannedPass()
    let rows = published.table("Stale items")
    #expect(rows.first == ["Item", "Result", "Why it no longer counts", "Last observation"])
    let row = try #require(rows.first { $0.first == Self.staleFailure.after })
    #expect(row[1] == "fail")
    let item = try #require(published.items[Self.staleFailure.after])
    #expect(item["outcome"] as? String == "stale")
    #expect((item["observation"] as? [String: Any])?["result"] as? String == "fail")
  }

  @Test(.needsEngines, .needsCmarkGFM)
  func `the checks tables list every check of the catalog, planned or not`() throws {
    let published = try Self.replannedPass()
    let catalog = ScenarioCatalog.all.filter { $0.kind == .automated }
    let tables = GitHubMarkdown.tables(GitHubMarkdown.section(published.html, "Checks"))
    #expect(tables.count == 2, "a Composition and a Haptics table")
    let rows = tables.flatMap { $0.dropFirst() }
    #expect(rows.map { $0.first ?? "" } == catalog.map(\.id.rawValue))
    for id in ["r4", "r5", "t1"] { #expect(rows.contains { $0.first == id }, "\(id)") }
    // The plan has no haptic contract and no commit without a change event: those checks say so.
    for id in ["r3", "r4", "haptic.success"] {
      #expect(rows.first { $0.first == id }?[2] == "not planned", "\(id)")
    }
    #expect(rows.first { $0.first == "r5" }?[2] != "not planned")
    let checks = try #require(published.json["checks"] as? [[String: Any]])
    #expect(checks.map { $0["id"] as? String ?? "" } == catalog.map(\.id.rawValue))
  }

  @Test(.needsEngines, .needsCmarkGFM)
  func `since the last pass follows the renames and names each dropped item with its last result`() throws {
    let published = try Self.replannedPass()
    let since = try #require(published.json["since_previous"] as? [String: Any])
    let counts = try #require(since["counts"] as? [String: Int])
    // Every item is matched, the input method's by its former id: none is new, only the phone's are gone.
    let renamed = published.items.keys.filter { $0.contains(".ko-dubeolsik.") }.count
    #expect(renamed > 0)
    #expect(counts["new_items"] == 0)
    #expect(counts["renamed_items"] == renamed)
    #expect(counts["removed_items"] == 3)
    let still = try #require(since["still_failing"] as? [[String: Any]])
    #expect(still.map { $0["id"] as? String } == [Self.failedThenRenamed.after])
    #expect(still.first?["was"] as? String == Self.failedThenRenamed.before)
    let removed = try #require(since["removed"] as? [[String: String]])
    #expect(
      removed == [["id": Self.droppedFailure, "outcome": "fail"]]
        + Self.droppedUntested.map { ["id": $0, "outcome": "untested"] })

    let section = GitHubMarkdown.section(published.html, "Since the last pass")
    let rows = GitHubMarkdown.tableRows(section)
    #expect(rows.contains(["New in the plan", "0"]))
    #expect(rows.contains(["Renamed (matched by a former id)", "\(renamed)"]))
    #expect(rows.contains(["No longer in the plan", "3 (1 failing)"]))
    let entries = GitHubMarkdown.listItems(section)
    #expect(
      entries.contains("\(Self.failedThenRenamed.after) (was \(Self.failedThenRenamed.before)): fail → fail"))
    #expect(entries.contains("\(Self.droppedFailure): fail → not planned"))
    for id in Self.droppedUntested { #expect(entries.contains("\(id): untested → not planned")) }
    #expect(
      !entries.contains { $0.hasPrefix(Self.failedThenRenamed.before) }, "the renamed item is no removed one")
    #expect(
      published.terminal.contains("3 no longer in the plan (1 of them failing)"), "\(published.terminal)")
  }

  @Test(.needsEngines, .needsCmarkGFM)
  func `a dropped failure is worded the same in report.md, report.json, the terminal and the warning`() throws
  {
    let published = try Self.replannedPass()
    let effect = UnplannedObservation.failureEffect(1)
    let sentence = effect.prefix(1).uppercased() + effect.dropFirst()
    let reasons = try #require(published.json["reasons"] as? [String])
    let reason = try #require(reasons.first { $0.contains(Self.droppedFailure) })
    #expect(reason.contains(sentence), "\(reason)")
    // The verdict block of report.md says the reason as report.json does, and so does the terminal.
    let verdict = GitHubMarkdown.listItems(GitHubMarkdown.section(published.html, "Verdict: REJECTED"))
    #expect(verdict.contains(reason))
    #expect(published.terminal.contains("  - \(reason)\n"))
    // Ingest's warning at the entry, and report.md's list of such results, say the same of the verdict.
    let warning = try #require(published.warnings.first { $0.hasPrefix("'\(Self.droppedFailure)' failed") })
    #expect(warning.contains(effect), "\(warning)")
    let unplanned = GitHubMarkdown.section(published.html, "Results for items the plan does not have")
    #expect(GitHubMarkdown.plainText(unplanned).contains("A failure among them is \(effect)."))
    #expect(
      GitHubMarkdown.tableRows(unplanned).contains { $0.first == Self.droppedFailure && $0[1] == "fail" })
    // No place says the contrary any more.
    for text in [GitHubMarkdown.plainText(published.html), published.terminal] + reasons + published.warnings
    {
      #expect(!text.contains("does not count it"))
    }
  }
}
