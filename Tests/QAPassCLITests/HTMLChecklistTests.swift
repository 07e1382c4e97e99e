import Foundation
import Testing

/// The HTML checklist (issue 13, part 5): a self-contained page, driven in a real headless Chromium
/// through Selenium (the venv of scripts/ensure-oracles), whose saved file `qapass` ingests.
struct HTMLChecklistTests {
  /// The oracles' Python, or `nil` (the test then records an issue when QAPASS_REQUIRE_ORACLES=1).
  static var oraclePython: String? {
    let environment = ProcessInfo.processInfo.environment
    let folder = environment["QAPASS_ORACLES"] ?? repositoryRoot.appendingPathComponent(".oracles").path
    let python = folder + "/bin/python"
    let browser = ["/usr/bin/chromium", "/usr/bin/chromedriver"]
    guard FileManager.default.isExecutableFile(atPath: python),
      browser.allSatisfy(FileManager.default.isExecutableFile(atPath:))
    else { return nil }
    return python
  }

  @Test func `every session gets a self-contained HTML checklist beside the Markdown one`() throws {
    let ws = try Workspace()
    defer { ws.remove() }
    #expect(ws.run("checklist", "matrices/default.yaml").code == .success)
    let html = try ws.text("checklists/iphone-16e.26.x.html")
    let markdown = try ws.text("checklists/iphone-16e.26.x.md")
    #expect(html.hasPrefix("<!DOCTYPE html>"))
    for forbidden in ["<link", "src=", "http://", "https://", "@import", "url("] {
      #expect(!html.contains(forbidden), "the page loads nothing: \(forbidden)")
    }
    let ids = markdown.split(separator: "\n").filter { $0.hasPrefix("Item `") }.map {
      $0.dropFirst(6).dropLast()
    }
    #expect(ids.count == 17)
    for (index, id) in ids.enumerated() {
      #expect(html.contains("<section class=\"item\" id=\"item-\(index + 1)\">"))
      #expect(html.contains("<code>\(id)</code>"))
    }
    #expect(html.contains("<h2>Korean – 2-Set</h2>"))
    #expect(ws.run("checklist", "matrices/default.yaml").code == .success)
    #expect(try ws.text("checklists/iphone-16e.26.x.html") == html, "the same plan gives the same page")
  }

  @Test func `headless Chromium fills the page, saves the file, and pass ingests it into the report`() throws
  {
    guard let python = Self.oraclePython else {
      if ProcessInfo.processInfo.environment["QAPASS_REQUIRE_ORACLES"] == "1" {
        Issue.record("no Selenium venv or Chromium: run scripts/ensure-oracles and scripts/ensure-deps")
      }
      return
    }
    let ws = try Workspace()
    defer { ws.remove() }
    #expect(ws.run("checklist", "matrices/default.yaml").code == .success)
    let downloads = ws.url.appendingPathComponent("downloads")
    try FileManager.default.createDirectory(at: downloads, withIntermediateDirectories: true)
    let process = Process()
    process.executableURL = URL(fileURLWithPath: python)
    process.arguments = [
      repositoryRoot.appendingPathComponent("Tests/QAPassCLITests/Fixtures/html-checklist-roundtrip.py").path,
      ws.url.appendingPathComponent("checklists/iphone-16e.26.x.html").path, downloads.path,
    ]
    process.environment = ProcessInfo.processInfo.environment.merging(["SE_OFFLINE": "true"]) { $1 }
    let output = Pipe()
    process.standardOutput = output
    try process.run()
    let data = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    try #require(process.terminationStatus == 0)
    let shown = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    #expect((shown["resources"] as? [Any])?.isEmpty == true)
    #expect(shown["refused"] as? String == "1 blocked item(s) need a reason.")
    #expect(shown["problem"] as? String == "A blocked item needs its reason in the note.")
    #expect((shown["saved_while_refused"] as? [Any])?.isEmpty == true)
    #expect(shown["tester_after_reload"] as? String == "mei")
    #expect(shown["item1_after_reload"] as? String == "pass")
    let saved = try #require(shown["file"] as? String)
    #expect(URL(fileURLWithPath: saved).lastPathComponent.hasPrefix("iphone-16e.26.x.checklist-"))

    // The tester drops the file into observations/; pass reads it with a sheet's validation.
    try FileManager.default.createDirectory(
      at: ws.url.appendingPathComponent("observations"), withIntermediateDirectories: true)
    try FileManager.default.copyItem(
      at: URL(fileURLWithPath: saved),
      to: ws.url.appendingPathComponent("observations/" + URL(fileURLWithPath: saved).lastPathComponent))
    let pass = ws.run("pass")
    #expect(pass.err.isEmpty, "the saved file ingests without errors: \(pass.err)")
    #expect(
      pass.out.contains(
        "  - 232 manual items untested.\n  - 1 manual item blocked.\n  - 1 manual item skipped.\n"))
    let report = try ws.text("reports/report.md")
    #expect(
      report.contains(
        "- Blocked `manual.ime.m2.iphone-16e.26.x.zh-pinyin.full-name`: the test phone is being restored\n"))
    let json = try ws.text("reports/report.json")
    #expect(json.contains(#"- stayed: red # after \"张伟\" and 'Return'\nsecond line"#), "the note survives")
  }
}
