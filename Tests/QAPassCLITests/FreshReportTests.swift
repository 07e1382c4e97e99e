import Foundation
import Testing

@testable import QAPassCLI

/// `pass` and `report` always write a fresh report (issue "Every mistake caught early; no output ever
/// destroys a file", part 3): files in error are left out and named in it, every error is listed, exit 65.
struct FreshReportTests {
  static let sheet = "checklists/iphone-16e.26.x.observations.yaml"

  /// The sheet text with the first untested entry filled in, its `tester` line indented one space short.
  static func misindented(_ text: String) -> String {
    text.replacingOccurrences(
      of: "    result: untested\n    tester:\n", with: "    result: pass\n   tester: mei\n", options: [],
      range: text.range(of: "    result: untested\n    tester:\n"))
  }

  @Test func `a YAML syntax error in one sheet: the sheet is kept, the report is fresh and names it`() throws
  {
    let ws = try Workspace()
    defer { ws.remove() }
    #expect(ws.run("pass").code == .incomplete)
    try "stale report\n".write(
      to: ws.url.appendingPathComponent("reports/report.md"), atomically: true, encoding: .utf8)
    let broken = Self.misindented(try ws.text(Self.sheet))
    try broken.write(to: ws.url.appendingPathComponent(Self.sheet), atomically: true, encoding: .utf8)

    let run = ws.run("pass")
    #expect(run.code == .dataError)
    #expect(
      run.err.hasPrefix(
        "\(Self.sheet):23:4: error: expected a '-' item of the list that starts at 21:3, found "
          + "'tester'; check the indentation of this line\n"))
    #expect(try ws.text(Self.sheet) == broken, "a sheet that cannot be merged is never overwritten")
    let report = try ws.text("reports/report.md")
    #expect(report.contains("## Observation files in error"))
    #expect(report.contains("- `\(Self.sheet)` (1 error): 23:4: expected a '-' item"))
    #expect(
      report.contains(
        "- 1 observation file has errors; the entries in error were left out: \(Self.sheet).\n"))
    #expect(
      try ws.text("reports/report.json").contains(
        "\"files_in_error\": [\n    {\n      \"path\": \"\(Self.sheet)\""))
  }

  @Test func `every error of every entry is listed, and the valid entries still count`() throws {
    let ws = try Workspace()
    defer { ws.remove() }
    try ws.write(
      "version: 1\nobservations:\n"
        + Workspace.entry("manual.haptic.h1.iphone-16e.26.x", result: "passed", time: "yesterday")
        + Workspace.entry(
          "manual.haptic.h2.iphone-16e.26.x", time: "2026-13-01T00:00:00Z", device: "iphone-17"),
      to: "observations/bad.yaml")
    let run = ws.run("report", "matrices/default.yaml")
    #expect(run.code == .dataError)
    let errors = run.err.split(separator: "\n").filter { $0.contains(": error: ") }.map { String($0) }
    #expect(errors.count == 4)
    #expect(
      errors.first == "observations/bad.yaml:4:13: error: unknown result 'passed'; did you mean 'pass'?")
    #expect(
      errors.contains(
        "observations/bad.yaml:6:11: error: malformed time 'yesterday': expected YYYY-MM-DDTHH:MM:SSZ"))
    #expect(
      try ws.text("reports/report.md").contains("- `observations/bad.yaml` (4 errors): 4:13: unknown result"))
  }

  @Test func `an observation file that cannot be read is left out and named; the report is still written`()
    throws
  {
    let ws = try Workspace()
    defer { ws.remove() }
    try FileManager.default.createDirectory(
      at: ws.url.appendingPathComponent("observations"), withIntermediateDirectories: true)
    #expect(mkfifo(ws.url.appendingPathComponent("observations/pipe.yaml").path, 0o644) == 0)
    let run = ws.run("report", "matrices/default.yaml")
    #expect(run.code == .dataError)
    #expect(run.err == "observations/pipe.yaml: error: is not a regular file (a device, FIFO or socket)\n")
    #expect(
      try ws.text("reports/report.md").contains("- `observations/pipe.yaml` (1 error): is not a regular file")
    )
  }
}
