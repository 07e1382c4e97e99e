import Foundation
import QAModel
import TestSupport
import Testing

/// The HTML checklist (issue 13, part 5): a self-contained page, driven in a real headless Chromium
/// through Selenium (the venv of scripts/ensure-oracles), whose saved file `qapass` ingests.
struct HTMLChecklistTests {
  /// The oracles' Python, which drives Chromium through Selenium: the tests that need it carry
  /// `.needsHeadlessChromium`, so they are skipped without it, saying so, except under `make test`,
  /// where they run and fail.
  static func oraclePython() throws -> String {
    let python = PythonOracles.python.path
    try #require(
      TestOracles.installed([python] + TestOracles.browser),
      "no Selenium venv or Chromium: run scripts/ensure-oracles and scripts/ensure-deps")
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
      #expect(html.contains("<section class=\"item\" id=\"item-\(index + 1)\" data-item=\"\(id)\">"))
      #expect(html.contains("<code>\(id)</code>"))
    }
    #expect(html.contains("<h2>Korean – 2-Set (<code>ko-2set</code>)</h2>"))
    #expect(ws.run("checklist", "matrices/default.yaml").code == .success)
    #expect(try ws.text("checklists/iphone-16e.26.x.html") == html, "the same plan gives the same page")
  }

  @Test(.needsHeadlessChromium)
  func `headless Chromium fills the page, saves the file, and pass ingests it into the report`() throws {
    let python = try Self.oraclePython()
    let ws = try Workspace()
    defer { ws.remove() }
    #expect(ws.run("checklist", "matrices/default.yaml").code == .success)
    let downloads = try ws.folder("downloads")
    let shown = try Self.drive(
      python, "html-checklist-roundtrip.py",
      ws.url.appendingPathComponent("checklists/iphone-16e.26.x.html").path,
      downloads.path)
    #expect((shown["resources"] as? [Any])?.isEmpty == true)
    #expect(
      shown["refused_os"] as? String
        == "Enter the exact OS version you ran, a release of iOS 26.x such as 26.4.1 (Settings > General > About)."
    )
    #expect(shown["progress"] as? String == "2 of 17 done")
    #expect(shown["refused"] as? String == "1 blocked item(s) need a reason.")
    #expect(shown["problem"] as? String == "A blocked item needs its reason in the note.")
    #expect((shown["saved_while_refused"] as? [Any])?.isEmpty == true)
    #expect(shown["storage_settled"] as? Bool == true, "the answers reached the browser's storage")
    #expect(Self.keptInOneOfThree(shown), "Chromium lost the stored answers: \(shown["storage_lost"] ?? "")")
    #expect(shown["tester_after_reload"] as? String == "mei")
    #expect(shown["item1_after_reload"] as? String == "pass")
    #expect(shown["os_after_reload"] as? String == "26.4.1")
    #expect(shown["progress_after_reload"] as? String == "2 of 17 done")
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
    // Issue 32: a lone surrogate was saved as "\ud83d", which YAML refuses, so the whole file was in error.
    #expect(json.contains("cut \u{FFFD} here"), "a lone surrogate is saved as U+FFFD")
    // The exact OS typed once on the page, not the session's "26.x".
    #expect(
      try String(contentsOf: URL(fileURLWithPath: saved), encoding: .utf8).contains("    os: \"26.4.1\"\n"))
  }

  /// Texts a tester might type as the exact OS of a `26.x` session: releases, the series itself, other
  /// series, signs, spaces, parts longer than an `Int`, digits that are not ASCII.
  static let osTexts = [
    "26.4.1", "26.4", "26.0", "26.10.3", "026.4", "26.04", "26.x", "26.X", "26.*", "26", "27.0", "25.9",
    "26.4.1.1", "26.+4", "26.-0", "+26.4", "26 beta", "26.4.1 ", " 26.4", "26.123456789012345678",
    "26.1234567890123456789", "26.0000000000000000000001", "26.٤", "２６.4", "26,4", "", "26.", ".26.4",
    "26..4", "26.4.x", "2.6", "26.4beta",
  ]

  // Issue 34: `record`, its walk and the served API check the exact OS with `OSVersion.isRelease`; the
  // page checks it with its own script. Both take and refuse the same texts (the page trims what is
  // typed, as the walk does).
  @Test(.needsHeadlessChromium)
  func `the page takes and refuses the same exact OS texts as record`() throws {
    let python = try Self.oraclePython()
    let ws = try Workspace()
    defer { ws.remove() }
    #expect(ws.run("checklist", "matrices/default.yaml").code == .success)
    try ws.write(
      String(decoding: try JSONSerialization.data(withJSONObject: Self.osTexts), as: UTF8.self),
      to: "texts.json")
    let shown = try Self.drive(
      python, "html-checklist-os-rule.py",
      ws.url.appendingPathComponent("checklists/iphone-16e.26.x.html").path,
      ws.url.appendingPathComponent("texts.json").path)
    let accepted = try #require(shown["accepted"] as? [Bool])
    try #require(accepted.count == Self.osTexts.count)
    for (text, page) in zip(Self.osTexts, accepted) {
      let swift = OSVersion.isRelease(text.trimmingCharacters(in: .whitespaces), of: "26.x")
      #expect(
        page == swift,
        "'\(text)': the page \(page ? "takes" : "refuses") it, record \(swift ? "takes" : "refuses") it")
    }
    // Not vacuous: both take some and refuse some.
    #expect(accepted.filter { $0 }.count == 10, "\(zip(Self.osTexts, accepted).filter(\.1).map(\.0))")
    #expect(accepted.contains(false))
  }

  /// The `testers:` catalog the re-plan test adds to the default matrix.
  static let testers = """

    testers:
      - {name: mei, devices: [iphone-16e, iphone-17-pro], time_zone: Asia/Shanghai}
      - {name: jun, devices: [iphone-16e]}

    """

  // Issue 22, point 4: answers were kept under the plan fingerprint and by number, so a regenerated or
  // re-planned checklist showed none of them; a free-text tester became a row of its own.
  @Test(.needsHeadlessChromium)
  func `answers stay with their item ids across a re-plan that renumbers; the tester comes from the catalog`()
    throws
  {
    let python = try Self.oraclePython()
    let ws = try Workspace()
    defer { ws.remove() }
    let matrix = try ws.text("matrices/default.yaml") + Self.testers
    try ws.write(matrix, to: "matrices/team.yaml")
    // The re-plan drops the pinyin keyboard and renames the Korean one (renamed_from); written without a
    // ledger, so every later number moves.
    try ws.write(
      matrix.replacingOccurrences(
        of: "input_method: [zh-pinyin, ja-romaji, ja-kana, ko-2set]",
        with: "input_method: [ja-romaji, ja-kana, ko-2set]"
      )
      .replacingOccurrences(of: "ko-2set", with: "ko-dubeolsik")
      .replacingOccurrences(
        of: "  - id: ko-dubeolsik\n", with: "  - id: ko-dubeolsik\n    renamed_from: [ko-2set]\n"),
      to: "matrices/team-b.yaml")
    #expect(ws.run("checklist", "matrices/team.yaml", "--checklists", "before").code == .success)
    #expect(ws.run("checklist", "matrices/team-b.yaml", "--checklists", "after").code == .success)
    let kept = "manual.haptic.h1.iphone-16e.26.x"
    let gone = "manual.ime.m1.iphone-16e.26.x.zh-pinyin.full-name"
    let draft = "manual.ime.m1.iphone-16e.26.x.ja-kana.japanese-name"
    let renamed = "manual.ime.m2.iphone-16e.26.x.ko-2set.korean-name"
    let new = "manual.ime.m2.iphone-16e.26.x.ko-dubeolsik.korean-name"
    let downloads = try ws.folder("downloads")
    let shown = try Self.drive(
      python, "html-checklist-replan.py", ws.url.appendingPathComponent("before/iphone-16e.26.x.html").path,
      ws.url.appendingPathComponent("after/iphone-16e.26.x.html").path, downloads.path, kept, gone, draft,
      renamed, new)
    #expect(shown["testers"] as? [String] == ["", "mei", "jun"], "the catalog, nothing typed freely")
    let assignee = try #require(shown["default_tester"] as? String)
    #expect(["mei", "jun"].contains(assignee), "the assignee is chosen first")
    let other = assignee == "mei" ? "jun" : "mei"
    #expect(
      shown["tester_note"] as? String
        == "This session is assigned to \(assignee); record it as \(other) only if you carried it out.")
    let before = try #require(shown["numbers_before"] as? [String: Int])
    let after = try #require(shown["numbers_after"] as? [String: Int])
    #expect(before[kept] != after[kept], "the re-plan renumbered the item: \(before) \(after)")
    #expect(shown["gone_shown"] as? Bool == false)
    // The failure of the item the re-plan dropped is not lost: said, and saved with the others.
    #expect(shown["storage_settled"] as? Bool == true, "the answers reached the browser's storage")
    #expect(Self.keptInOneOfThree(shown), "Chromium lost the stored answers: \(shown["storage_lost"] ?? "")")
    #expect(
      shown["status_on_load"] as? String
        == "1 fail answer(s) for items this checklist no longer has (the plan changed) will be saved with the "
        + "others.")
    #expect(shown["kept_result"] as? String == "pass")
    #expect(shown["kept_folded"] as? Bool == true, "an item answered earlier starts folded")
    #expect(shown["draft_note"] as? String == "keyboard froze once")
    #expect(shown["draft_result"] as? String == "untested")
    // The renamed item shows the answer given under its former id.
    #expect(shown["renamed_shown"] as? Bool == false)
    #expect(shown["new_result"] as? String == "fail")
    #expect(shown["new_note"] as? String == "the last jamo vanished")
    #expect(shown["progress"] as? String == "2 of 14 done")
    #expect(shown["os"] as? String == "26.2")
    #expect(shown["tester"] as? String == other)
    let saved = try #require(shown["file"] as? String)
    let text = try String(contentsOf: URL(fileURLWithPath: saved), encoding: .utf8)
    #expect(text.contains("  - id: \"\(kept)\"\n    result: \"pass\"\n    tester: \"\(other)\"\n"))
    #expect(text.contains("  - id: \"\(gone)\"\n    result: \"fail\"\n"))
    #expect(!text.contains(draft))
    // Saved with the entry it was given under (the former id), which ingest maps to the renamed item.
    #expect(text.contains("  - id: \"\(renamed)\"\n    result: \"fail\"\n"))

    try FileManager.default.createDirectory(
      at: ws.url.appendingPathComponent("observations"), withIntermediateDirectories: true)
    try FileManager.default.copyItem(
      at: URL(fileURLWithPath: saved), to: ws.url.appendingPathComponent("observations/page.yaml"))
    // In one checklists folder (here: its ledger), the dropped item was numbered once: its failure is
    // listed in the report, with a warning, never an error of the saved file.
    try FileManager.default.removeItem(at: ws.url.appendingPathComponent("after/ledger.yaml"))
    try FileManager.default.copyItem(
      at: ws.url.appendingPathComponent("before/ledger.yaml"),
      to: ws.url.appendingPathComponent("after/ledger.yaml"))
    let pass = ws.run("pass", "matrices/team-b.yaml", "--checklists", "after")
    #expect(!pass.err.contains("error:"), "the saved file ingests without errors: \(pass.err)")
    #expect(pass.err.contains("warning: '\(gone)' failed, and a re-plan dropped it"), "\(pass.err)")
    #expect(try ws.text("reports/report.json").contains("\"id\": \"\(kept)\""))
    #expect(
      pass.out.contains(
        "verdict: REJECTED\n  - 1 failure is recorded for an item the plan does not have: '\(gone)' "
          + "(observations/page.yaml:"), "\(pass.out)")
    #expect(pass.out.contains("  - 1 manual item failed on devices: \(new).\n"), "\(pass.out)")
  }

  // Issue 35: answers given while the build was 4.12.0 (812), saved after the page was regenerated for
  // 4.12.1 (820), were all written with the new build and counted as current for it.
  @Test(.needsHeadlessChromium)
  func `an answer keeps the build it was given under when the page is regenerated for a new build`() throws {
    let python = try Self.oraclePython()
    let ws = try Workspace()
    defer { ws.remove() }
    #expect(ws.run("checklist", "matrices/default.yaml", "--checklists", "before").code == .success)
    let matrix = try ws.text("matrices/default.yaml")
    try ws.write(
      matrix.replacingOccurrences(of: #"build: "4.12.0 (812)""#, with: #"build: "4.12.1 (820)""#),
      to: "matrices/default.yaml")
    #expect(ws.run("checklist", "matrices/default.yaml", "--checklists", "after").code == .success)
    let earlier = "manual.haptic.h1.iphone-16e.26.x"
    let later = "manual.ime.m2.iphone-16e.26.x.zh-pinyin.full-name"
    let downloads = try ws.folder("downloads")
    let shown = try Self.drive(
      python, "html-checklist-build-bump.py",
      ws.url.appendingPathComponent("before/iphone-16e.26.x.html").path,
      ws.url.appendingPathComponent("after/iphone-16e.26.x.html").path, downloads.path, earlier, later)
    #expect(shown["storage_settled"] as? Bool == true, "the answers reached the browser's storage")
    #expect(Self.keptInOneOfThree(shown), "Chromium lost the stored answers: \(shown["storage_lost"] ?? "")")
    #expect(shown["build_before"] as? String == "4.12.0 (812)")
    #expect(shown["build_after"] as? String == "4.12.1 (820)")
    #expect(shown["progress_before"] as? String == "1 of 17 done")
    // Shown as given under the earlier build, kept, and not counted as done for the new one.
    #expect(shown["earlier_result"] as? String == "pass")
    #expect((shown["earlier_class"] as? String)?.contains("earlier") == true)
    #expect(
      shown["earlier_problem"] as? String
        == "Answered pass under build 4.12.0 (812); the build under test is 4.12.1 (820): carry it out again "
        + "and choose its result.")
    #expect(shown["progress_after"] as? String == "0 of 17 done")
    #expect(shown["progress_answered"] as? String == "1 of 17 done")
    #expect(
      shown["status"] as? String
        == "Saved 2 observation(s) as \(shown["file"].map { URL(fileURLWithPath: "\($0)").lastPathComponent } ?? "")."
    )
    let saved = try #require(shown["file"] as? String)
    let text = try String(contentsOf: URL(fileURLWithPath: saved), encoding: .utf8)
    func entry(_ id: String) -> Substring {
      guard let start = text.range(of: "  - id: \"\(id)\"") else { return "" }
      let rest = text[start.upperBound...]
      return rest[..<(rest.range(of: "\n  - ")?.lowerBound ?? rest.endIndex)]
    }
    #expect(entry(earlier).contains("    build: \"4.12.0 (812)\"\n"), "\(text)")
    #expect(entry(later).contains("    build: \"4.12.1 (820)\"\n"), "\(text)")

    // Ingested, the earlier answer is stale for the new build; the later one counts.
    try FileManager.default.createDirectory(
      at: ws.url.appendingPathComponent("observations"), withIntermediateDirectories: true)
    try FileManager.default.copyItem(
      at: URL(fileURLWithPath: saved), to: ws.url.appendingPathComponent("observations/page.yaml"))
    let report = ws.run("report", "matrices/default.yaml", "--checklists", "after", "--format", "json")
    #expect(!report.err.contains("error:"), "\(report.err)")
    let json = try #require(
      try JSONSerialization.jsonObject(with: Data(ws.text("reports/report.json").utf8)) as? [String: Any])
    let items = try #require(json["items"] as? [[String: Any]])
    #expect(items.first { $0["id"] as? String == earlier }?["outcome"] as? String == "stale")
    #expect(items.first { $0["id"] as? String == later }?["outcome"] as? String == "pass")
  }

  // Issue 22, point 4: on a tablet the page was 13,479 px tall for 20 items with its only Save button
  // at the top, no progress and small radios.
  @Test(.needsHeadlessChromium)
  func `on a tablet and a phone the save bar stays on screen, counts progress and has large targets`() throws
  {
    let python = try Self.oraclePython()
    let ws = try Workspace()
    defer { ws.remove() }
    #expect(ws.run("checklist", "matrices/default.yaml").code == .success)
    // QAPASS_SCREENSHOTS keeps the pictures (scripts/checklist-screenshots puts them in docs/).
    let shots =
      try ProcessInfo.processInfo.environment["QAPASS_SCREENSHOTS"].map(URL.init(fileURLWithPath:))
      ?? ws.folder("screenshots")
    let shown = try Self.drive(
      python, "html-checklist-layout.py",
      ws.url.appendingPathComponent("checklists/iphone-16e.26.x.html").path,
      shots.path)
    for (screen, size) in [("tablet", (820.0, 1180.0)), ("phone", (390.0, 844.0))] {
      let measured = try #require(shown[screen] as? [String: Any], "\(screen)")
      func numbers(_ key: String) -> [Double] { (measured[key] as? [NSNumber])?.map(\.doubleValue) ?? [] }
      #expect(numbers("viewport") == [size.0, size.1], "\(screen)")
      #expect(
        (measured["width"] as? NSNumber)?.doubleValue ?? .infinity <= size.0,
        "\(screen): no sideways scrolling")
      // Scrolled to the last item, the bar is on screen, its buttons inside it, above nothing unanswerable.
      let bar = numbers("bar")
      #expect(bar.count == 2 && bar[1] == size.1 && bar[0] > size.1 / 2, "\(screen): bar \(bar)")
      for button in ["save", "next"] {
        let box = numbers(button)
        #expect(
          box.count == 4 && box[0] >= 0 && box[2] <= size.0 && box[1] >= bar[0] && box[3] <= size.1,
          "\(screen): \(button) \(box)")
      }
      let last = numbers("last_result")
      #expect(last.count == 2 && last[1] <= bar[0], "\(screen): the last item's results are above the bar")
      let smallest = numbers("smallest_target")
      #expect(smallest.count == 2 && smallest[0] >= 44 && smallest[1] >= 44, "\(screen): \(smallest)")
      #expect(measured["done"] as? String == "2 of 17 done", "\(screen)")
      #expect(numbers("progress") == [2, 17], "\(screen)")
    }
    for name in ["tablet-top", "tablet-last", "phone-top", "phone-last"] {
      let size =
        try FileManager.default.attributesOfItem(
          atPath: shots.appendingPathComponent("\(name).png").path)[.size] as? Int
      #expect((size ?? 0) > 10_000, "\(name).png was taken")
    }
  }

  /// Whether a script run by ``until_stored`` (Fixtures/chromium.py) found what the page stored kept
  /// by one of its three browsers: Chromium under heavy load sometimes loses a page's localStorage
  /// writes, and the script then starts again in a new browser (`storage_lost` says why, each time).
  static func keptInOneOfThree(_ shown: [String: Any]) -> Bool {
    ((shown["storage_lost"] as? [Any])?.count ?? 3) < 3
  }

  /// Runs the Selenium script `script` (in Fixtures/) with `arguments`; its one JSON object.
  static func drive(_ python: String, _ script: String, _ arguments: String...) throws -> [String: Any] {
    let (status, output) = try Program.run(
      URL(fileURLWithPath: python),
      [repositoryRoot.appendingPathComponent("Tests/QAPassCLITests/Fixtures/\(script)").path] + arguments,
      environment: ProcessInfo.processInfo.environment.merging(["SE_OFFLINE": "true"]) { $1 },
      mergingErrors: false)
    try #require(status == 0, "\(script) failed")
    return try #require(try JSONSerialization.jsonObject(with: Data(output.utf8)) as? [String: Any])
  }
}

extension Workspace {
  /// A new folder `name` in the workspace.
  func folder(_ name: String) throws -> URL {
    let folder = url.appendingPathComponent(name)
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    return folder
  }
}
