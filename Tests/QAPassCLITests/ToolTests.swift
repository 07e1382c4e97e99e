import Foundation
import TestSupport
import Testing

@testable import QAPassCLI

struct HelpTests {
  @Test func `tool help lists subcommands and exit codes`() {
    let run = qapass("--help")
    #expect(run.code == .success)
    #expect(run.err == "")
    assertSnapshot(run.out, named: "help.txt")
  }

  @Test(arguments: [
    "lint", "expand", "trace", "plan", "run", "checklist", "record", "report", "pass", "ingest-junit",
    "ingest-xcresult", "destinations", "simulator-setup", "export-scenarios", "retire", "waive", "defect",
    "carry", "history", "record-job", "serve",
  ])
  func `every subcommand has help`(name: String) {
    let run = qapass("help", name)
    #expect(run.code == .success)
    assertSnapshot(run.out, named: "help-\(name).txt")
    #expect(qapass(name, "--help").out == run.out)
  }
}

struct UsageErrorTests {
  @Test func `unknown subcommand suggests and exits 64`() {
    let run = qapass("lnit", "x")
    #expect(run.code == .usage)
    #expect(
      run.err == """
        Error: unknown subcommand 'lnit'; did you mean 'lint'?
        Usage: qapass <subcommand> [<arguments>] [<options>]
          See 'qapass --help' for more information.

        """)
  }

  @Test func `unknown option, missing argument and bad values are usage errors`() {
    let option = qapass("expand", "matrices/default.yaml", "--max-combination", "3")
    #expect(option.code == .usage)
    #expect(
      option.err.hasPrefix("Error: unknown option '--max-combination'; did you mean '--max-combinations'?\n"))
    #expect(option.err.contains("Usage: qapass expand <file> [<options>]\n  See 'qapass help expand'"))

    let missing = qapass("lint")
    #expect(missing.code == .usage)
    #expect(missing.err.hasPrefix("Error: missing argument <file>\n"))

    let number = qapass("expand", "matrices/default.yaml", "--max-combinations", "many")
    #expect(number.code == .usage)
    #expect(
      number.err.hasPrefix(
        "Error: option '--max-combinations' takes a whole number from 1 to 100000000, not 'many'\n"))

    let choice = qapass("trace", "--engine", "anthy", "--format", "tabel", "a")
    #expect(
      choice.err.hasPrefix("Error: 'tabel' is not a valid value for '--format'; did you mean 'table'?\n"))

    let extra = qapass("lint", "a.yaml", "b.yaml")
    #expect(extra.err.hasPrefix("Error: unexpected argument 'b.yaml'\n"))
  }

  @Test func `tokens split as documented`() {
    let tokens = ArgumentTokenizer.tokenize(["--a=1", "-xy", "--", "--b", "-1"])
    #expect(
      tokens.map(\.kind) == [
        .longOption(name: "a", value: "1"), .shortOption("x"), .shortOption("y"), .terminator,
        .value("--b"), .value("-1"),
      ])
  }
}

struct FileErrorTests {
  @Test func `a missing file exits 66 and a directory is refused`() {
    let missing = qapass("lint", "no/such.yaml")
    #expect(missing.code == .noInput)
    #expect(missing.err == "no/such.yaml: error: no such file\n")
    let directory = qapass("lint", "matrices")
    #expect(directory.code == .noInput)
    #expect(directory.err == "matrices: error: is a directory, not a file\n")
  }

  @Test func `a FIFO or device is refused without reading`() throws {
    let dir = FileManager.default.temporaryDirectory.appendingPathComponent(
      "qapass-fifo-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: dir) }
    #expect(mkfifo(dir.appendingPathComponent("pipe.yaml").path, 0o600) == 0)
    try FileManager.default.createSymbolicLink(
      atPath: dir.appendingPathComponent("zero.yaml").path, withDestinationPath: "/dev/zero")
    for name in ["pipe.yaml", "zero.yaml"] {
      let run = qapass("lint", name, in: dir)
      #expect(run.code == .noInput)
      #expect(run.err == "\(name): error: is not a regular file (a device, FIFO or socket)\n")
    }
  }

  @Test func `a data error exits 65 with the place, the line and a caret`() throws {
    let dir = FileManager.default.temporaryDirectory.appendingPathComponent("qapass-cli-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: dir) }
    try "os: [\"27.x\"]\nexclude:\n  - devcie: x\n".write(
      to: dir.appendingPathComponent("m.yaml"), atomically: true, encoding: .utf8)
    let run = qapass("expand", "m.yaml", in: dir)
    #expect(run.code == .dataError)
    #expect(
      run.err == """
        m.yaml:3:5: error: 'exclude' key 'devcie' is not a matrix dimension (dimensions: 'os')
        3 |   - devcie: x
          |     ^

        """)
  }
}

struct ExpandCommandTests {
  @Test func `expands the default matrix as JSON Lines`() {
    let run = qapass("expand", "matrices/default.yaml")
    #expect(run.code == .success)
    let lines = run.out.split(separator: "\n")
    #expect(lines.count == 72)
    #expect(lines.first == #"{"os":"27.x","input_method":"zh-pinyin","device":"iphone-17-pro"}"#)
    #expect(lines.last == #"{"os":"18.x","input_method":"ko-2set","device":"sim-iphone-16e"}"#)
  }

  @Test func `the output is byte-identical across runs`() {
    #expect(qapass("expand", "matrices/default.yaml").out == qapass("expand", "matrices/default.yaml").out)
  }

  // Issue 16: --effort and plan.strategy.effort reach the covering-array search.
  @Test func `effort sets the covering-array budget, from the command line or the file`() throws {
    let dir = FileManager.default.temporaryDirectory.appendingPathComponent("qapass-cli-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: dir) }
    // 3^13: 13 dimensions of 3 values.
    let dimensions = (0..<13).map { "d\($0): [a, b, c]" }.joined(separator: "\n")
    try (dimensions + "\n").write(to: dir.appendingPathComponent("m.yaml"), atomically: true, encoding: .utf8)
    func rows(_ arguments: String...) -> Int {
      qapass(["expand", "m.yaml", "--strategy", "pairwise", "--strength", "3"] + arguments, in: dir.path)
        .out.split(separator: "\n").count
    }
    let searched = rows("--effort", "0.1")
    #expect(searched == 45)
    #expect(rows("--effort", "0") > searched)
    let negative = qapass("expand", "m.yaml", "--strategy", "pairwise", "--effort", "-1", in: dir)
    #expect(negative.code == .usage)
    #expect(negative.err.hasPrefix("Error: option '--effort' takes a number of 0 or more, not '-1'\n"))
    #expect(qapass("expand", "m.yaml", "--effort", "2", in: dir).code == .usage)
    // In a matrix file: plan.strategy.effort, checked like any number.
    let file = try String(
      contentsOf: repositoryRoot.appendingPathComponent("matrices/default.yaml"), encoding: .utf8)
    let bad =
      file + """

        plan:
          strategy: {kind: pairwise, strength: 2, effort: -2}

        """
    try bad.write(to: dir.appendingPathComponent("bad.yaml"), atomically: true, encoding: .utf8)
    let lint = qapass("lint", "bad.yaml", in: dir)
    #expect(lint.code == .dataError)
    #expect(lint.err.contains("error: 'effort' must be a number of 0 or more, found -2"))
  }
}

struct LintCommandTests {
  @Test(.needsEngines) func `summarises the default matrix`() {
    let run = qapass("lint", "matrices/default.yaml")
    #expect(run.code == .success)
    #expect(run.err == "")
    assertSnapshot(run.out, named: "lint-default.txt")
  }
}

struct TraceCommandTests {
  @Test(.needsEngines) func `traces pinyin, kana-kanji and hangul`() {
    #expect(qapass("trace", "--engine", "m17n:zh-py", "zhongwen3").out.contains("committed: '中文'\n"))
    #expect(qapass("trace", "--engine", "anthy", "nihongo{space}{Return}").out.contains("committed: '日本語'\n"))
    let hangul = qapass("trace", "--engine", "hangul:2", "gksrmf").out
    #expect(hangul.contains("committed: '한'\npreedit: '글'\n"))
  }

  @Test(.needsEngines) func `json format and unknown engines and keys`() {
    #expect(qapass("trace", "-e", "hangul:2", "--format", "json", "g").out.hasPrefix("{"))
    let engine = qapass("trace", "--engine", "m17n:zh-pyy", "a")
    #expect(engine.code == .usage)
    #expect(
      engine.err.hasPrefix("Error: unknown input method engine 'm17n:zh-pyy'; did you mean 'm17n:zh-py'?\n"))
    let key = qapass("trace", "--engine", "anthy", "a{spcae}")
    #expect(key.code == .usage)
    #expect(
      key.err.hasPrefix("Error: in <keys> at column 3: unknown key name 'spcae'; did you mean 'space'?"))
  }
}

struct PlanAndRunCommandTests {
  @Test func `plan formats are deterministic and list every item once`() {
    let table = qapass("plan", "matrices/default.yaml")
    #expect(table.code == .success)
    #expect(table.out == qapass("plan", "matrices/default.yaml").out)
    let json = qapass("plan", "matrices/default.yaml", "--format", "json")
    #expect(json.out.hasPrefix("{"))
    let markdown = qapass("plan", "matrices/default.yaml", "--format", "markdown")
    #expect(markdown.out.contains("auto.c1.zh-pinyin.full-name.every-update"))
  }

  @Test func `a bare matrix cannot be planned`() {
    let run = qapass("plan", "Tests/MatrixExpansionTests/Fixtures/expand/github-basic.yaml")
    #expect(run.code == .dataError)
    #expect(run.err.contains("a plan needs a qapass matrix file"))
  }

  @Test(.needsEngines) func `run passes against the core and fails against the naive subject`() throws {
    let dir = FileManager.default.temporaryDirectory.appendingPathComponent("qapass-run-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: dir) }
    let core = qapass(
      "run", repositoryRoot.appendingPathComponent("matrices/default.yaml").path,
      "--json", dir.appendingPathComponent("r.json").path, "--junit",
      dir.appendingPathComponent("r.xml").path,
      "--create-folders")
    #expect(core.code == .success)
    #expect(core.out.contains("items: 121, passed: 121, failed: 0, errors: 0"))
    #expect(FileManager.default.fileExists(atPath: dir.appendingPathComponent("r.json").path))
    let xml = try String(contentsOf: dir.appendingPathComponent("r.xml"), encoding: .utf8)
    #expect(xml.hasPrefix("<?xml"))
    let naive = qapass("run", "matrices/default.yaml", "--subject", "naive")
    #expect(naive.code == .failure)
    #expect(naive.out.contains("FAIL auto.c1.zh-pinyin.full-name.every-update"))
  }
}

struct PlanOptionsTests {
  @Test func `explain says what the catalog facts did and the coverage, for both strategies`() {
    let full = qapass("plan", "matrices/default.yaml", "--explain")
    #expect(full.code == .success)
    assertSnapshot(full.out, named: "plan-explain-full.txt")
    let pairwise = qapass("plan", "matrices/default.yaml", "--explain", "--strategy", "pairwise")
    assertSnapshot(pairwise.out, named: "plan-explain-pairwise.txt")
  }

  @Test func `pairwise plans fewer manual items and says so`() {
    let run = qapass("plan", "matrices/default.yaml", "--strategy", "pairwise")
    #expect(run.code == .success)
    #expect(run.out.contains("manual items follow a 2-way covering array (seed 0): 24 cells instead of 72"))
  }

  @Test func `bad shard and strength values are usage errors`() {
    #expect(
      qapass("plan", "matrices/default.yaml", "--shard", "4/3").err.hasPrefix(
        "Error: '--shard' takes i/n with 1 <= i <= n <= 1000, such as 2/3, not '4/3'\n"))
    #expect(qapass("plan", "matrices/default.yaml", "--strength", "3").code == .usage)
    #expect(
      qapass("plan", "matrices/default.yaml", "--strategy", "pairwise", "--strength", "5").code == .usage)
  }
}

/// A scratch folder with a copy of the default matrix, for commands that write files.
struct Workspace {
  let url: URL

  init() throws {
    url = FileManager.default.temporaryDirectory.appendingPathComponent("qapass-ws-\(UUID().uuidString)")
    try FileManager.default.createDirectory(
      at: url.appendingPathComponent("matrices"), withIntermediateDirectories: true)
    try FileManager.default.copyItem(
      at: repositoryRoot.appendingPathComponent("matrices/default.yaml"),
      to: url.appendingPathComponent("matrices/default.yaml"))
  }

  func run(_ arguments: String...) -> ToolRun { run(arguments) }

  /// Runs qapass in the workspace as `qa-bot`, the report dated by `SOURCE_DATE_EPOCH`.
  func run(_ arguments: [String]) -> ToolRun {
    qapass(
      arguments, in: url.path, environment: ["QAPASS_TESTER": "qa-bot", "SOURCE_DATE_EPOCH": "1796000000"])
  }

  func text(_ path: String) throws -> String {
    try String(contentsOf: url.appendingPathComponent(path), encoding: .utf8)
  }

  /// Writes `text` to `path` in the workspace, creating its folder.
  func write(_ text: String, to path: String) throws {
    let file = url.appendingPathComponent(path)
    try FileManager.default.createDirectory(
      at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
    try text.write(to: file, atomically: true, encoding: .utf8)
  }

  /// An observation entry for the records file, as a tester would write it.
  static func entry(
    _ id: String, result: String = "pass", time: String = "2026-11-29T09:00:00Z",
    device: String = "iphone-16e"
  ) -> String {
    """
      - id: \(id)
        result: \(result)
        tester: mei
        time: "\(time)"
        device: \(device)
        os: "26.x"
        text_version: 1

    """
  }

  func remove() { try? FileManager.default.removeItem(at: url) }
}

struct PublishPathTests {
  @Test func `pass writes checklists, sheets and reports; the verdict follows the records`() throws {
    let ws = try Workspace()
    defer { ws.remove() }
    let first = ws.run("pass")
    #expect(first.code == .incomplete)
    #expect(first.out.contains("verdict: INCOMPLETE"))
    for path in [
      "checklists/iphone-16e.26.x.md", "checklists/iphone-16e.26.x.observations.yaml", "reports/report.md",
      "reports/junit.xml", "reports/report.json", "reports/coverage-composition.svg",
    ] {
      #expect(FileManager.default.fileExists(atPath: ws.url.appendingPathComponent(path).path), "\(path)")
    }
    #expect(!(try ws.text("reports/report.md")).contains("## Since the last pass"))
    // From the second pass on, the report already in reports/ is the previous one (issue 14).
    _ = ws.run("pass")
    let report = try ws.text("reports/report.md")
    #expect(report.contains("## Since the last pass"))
    _ = ws.run("pass")
    let again = try ws.text("reports/report.md")
    #expect(report == again, "the same inputs give a byte-identical report")

    let secret = "note-marker-7f3a"
    let record = ws.run(
      exactOS(
        "record", "manual.ime.m3.iphone-11.18.x.ja-kana.japanese-name", "--result", "fail", "--note", secret,
        "--time", "2026-11-28T10:00:00Z"))
    #expect(record.code == .success)
    #expect(
      record.out.hasPrefix("recorded fail for manual.ime.m3.iphone-11.18.x.ja-kana.japanese-name by qa-bot"))
    #expect(!record.out.contains(secret) && !record.err.contains(secret))
    let second = ws.run("pass")
    #expect(second.code == .failure)
    #expect(second.out.contains("verdict: REJECTED"))
    #expect(!second.err.contains(secret))
    let rejected = try ws.text("reports/report.md")
    #expect(rejected.contains(secret), "the report shows the tester's note")
    #expect(second.out.contains("since reports/report.json: 1 newly failing, 0 fixed"), "\(second.out)")
    let json = try ws.text("reports/report.json")
    #expect(json.contains("\"newly_failing\": 1"))

    let missing = ws.run("pass", "--previous", "nowhere/report.json")
    #expect(missing.code == .noInput, "\(missing.err)")
    #expect(missing.err.contains("nowhere/report.json"))
  }

  @Test func `a sheet a tester filled survives regeneration and counts`() throws {
    let ws = try Workspace()
    defer { ws.remove() }
    #expect(ws.run("checklist", "matrices/default.yaml").code == .success)
    let path = "checklists/iphone-16e.26.x.observations.yaml"
    var sheet = try ws.text(path)
    let id = "manual.ime.m1.iphone-16e.26.x.zh-pinyin.full-name"
    let entry = try #require(sheet.range(of: "- id: \(id)\n    result: untested\n    tester:\n    time:\n"))
    sheet.replaceSubrange(
      entry, with: "- id: \(id)\n    result: pass\n    tester: mei\n    time: \"2026-11-29T09:00:00Z\"\n")
    try sheet.write(to: ws.url.appendingPathComponent(path), atomically: true, encoding: .utf8)
    #expect(ws.run("checklist", "matrices/default.yaml").code == .success)
    let regenerated = try ws.text(path)
    #expect(regenerated.contains("result: pass\n    tester: mei"))
    let report = ws.run("report", "matrices/default.yaml", "--format", "json")
    #expect(report.code == .incomplete)
    let json = try ws.text("reports/report.json")
    #expect(json.contains(id))
  }

  @Test func `bad observations are data errors with their place; the report is still written`() throws {
    let ws = try Workspace()
    defer { ws.remove() }
    try FileManager.default.createDirectory(
      at: ws.url.appendingPathComponent("observations"), withIntermediateDirectories: true)
    try """
    version: 1
    observations:
      - id: manual.ime.m1.iphone-16e.26.x.zh-pinyn.full-name
        result: pass
        tester: mei
        time: "2026-11-29T09:00:00Z"
        device: iphone-16e
        os: "26.x"
        text_version: 1

    """.write(to: ws.url.appendingPathComponent("observations/bad.yaml"), atomically: true, encoding: .utf8)
    let run = ws.run("report", "matrices/default.yaml")
    #expect(run.code == .dataError)
    #expect(run.err.hasPrefix("observations/bad.yaml:3:9: error: unknown item id"))
    #expect(run.err.contains("did you mean 'manual.ime.m1.iphone-16e.26.x.zh-pinyin.full-name'?"))
    #expect(FileManager.default.fileExists(atPath: ws.url.appendingPathComponent("reports/report.md").path))
  }

  @Test func `diagnostics on observation files never quote a tester's note`() throws {
    let ws = try Workspace()
    defer { ws.remove() }
    try FileManager.default.createDirectory(
      at: ws.url.appendingPathComponent("observations"), withIntermediateDirectories: true)
    try """
    version: 1
    observations:
      - {id: manual.haptic.h1.iphone-16e.26.x, result: pased, note: private-note-91c2, tester: mei}

    """.write(to: ws.url.appendingPathComponent("observations/bad.yaml"), atomically: true, encoding: .utf8)
    let run = ws.run("report", "matrices/default.yaml")
    #expect(run.code == .dataError)
    #expect(
      run.err.contains("unknown result 'pased'; did you mean 'passed'?") || run.err.contains("unknown result")
    )
    #expect(!run.err.contains("private-note-91c2"))
  }

  @Test func `record takes the exact OS release but not another device`() throws {
    let ws = try Workspace()
    defer { ws.remove() }
    let id = "manual.haptic.h1.iphone-16e.26.x"
    #expect(ws.run("record", id, "--result", "pass", "--os", "26.4.1").code == .success)
    #expect(try ws.text("observations/records.yaml").contains("os: \"26.4.1\""))
    #expect(ws.run("record", id, "--result", "pass", "--os", "18.7").code == .usage)
    #expect(ws.run(exactOS("record", id, "--result", "pass", "--device", "iphone-11")).code == .usage)
    let report = ws.run("report", "matrices/default.yaml")
    #expect(report.code == .incomplete, "the recorded release counts for its item")
  }

  @Test func `an output folder that cannot be made is a clear error and the earlier report stays`() throws {
    let ws = try Workspace()
    defer { ws.remove() }
    #expect(ws.run("report", "matrices/default.yaml").code == .incomplete)
    let before = try ws.text("reports/report.md")
    try "x".write(to: ws.url.appendingPathComponent("afile"), atomically: true, encoding: .utf8)
    let run = ws.run("report", "matrices/default.yaml", "--out", "afile/reports")
    #expect(run.code == .cannotCreate)
    #expect(
      run.err
        == "afile/reports: error: cannot create the folder: 'afile' "
        + "is a regular file, not a folder\n")
    #expect(try ws.text("reports/report.md") == before)
  }

  /// Issue 13: a blocked item needs a reason, and the report says it.
  @Test func `record blocked needs a reason and the report shows it`() throws {
    let ws = try Workspace()
    defer { ws.remove() }
    let id = "manual.haptic.h2.iphone-16e.26.x"
    let bare = ws.run(exactOS("record", id, "--result", "blocked"))
    #expect(bare.code == .usage)
    #expect(bare.err.hasPrefix("Error: a blocked item needs a reason: add --reason"))
    let reason = "airplane mode is locked by the MDM profile"
    #expect(ws.run(exactOS("record", id, "--result", "blocked", "--reason", reason)).code == .success)
    #expect(try ws.text("observations/records.yaml").contains("note: \(reason)"))
    _ = ws.run("report", "matrices/default.yaml")
    #expect(try ws.text("reports/report.md").contains("- Blocked `\(id)`: \(reason)\n"))
  }

  @Test func `record refuses unknown items, results and bad times as usage errors`() throws {
    let ws = try Workspace()
    defer { ws.remove() }
    let unknown = ws.run(exactOS("record", "manual.ime.m9.nowhere", "--result", "pass"))
    #expect(unknown.code == .usage)
    #expect(
      ws.run(exactOS("record", "manual.haptic.h1.iphone-16e.26.x", "--result", "passed")).code == .usage)
    let time = ws.run(
      exactOS("record", "manual.haptic.h1.iphone-16e.26.x", "--result", "pass", "--time", "yesterday"))
    #expect(time.code == .usage)
    #expect(time.err.hasPrefix("Error: '--time': "))
  }
}

struct IngestJUnitTests {
  @Test func `test cases that carry an item id become observations; the rest are listed`() throws {
    let ws = try Workspace()
    defer { ws.remove() }
    let fixture = repositoryRoot.appendingPathComponent("Tests/QAPassCLITests/Fixtures/xcbeautify-junit.xml")
      .path
    let run = ws.run("ingest-junit", fixture, "--device", "iphone-16e", "--os", "26.x", "--tester", "ci")
    #expect(run.code == .success)
    #expect(
      run.out.contains(
        "4 test cases, 3 recorded in observations/records.yaml for iphone-16e on 26.x, 1 matching no plan item"
      ))
    #expect(run.out.contains("  pass  manual.ime.m1.iphone-16e.26.x.zh-pinyin.full-name\n"))
    #expect(run.out.contains("  fail  manual.ime.m3.iphone-16e.26.x.zh-pinyin.full-name\n"))
    #expect(run.out.contains("  pass  manual.haptic.h1.iphone-16e.26.x\n"))
    #expect(run.out.contains("SignUpUITests.NameFieldTests.testLoginScreenStillLoads (pass)"))
    let records = try ws.text("observations/records.yaml")
    #expect(records.contains("time: \"2026-11-28T16:00:00Z\""))
    #expect(
      records.contains(
        "evidence:\n    - junit:\(fixture)#SignUpUITests.NameFieldTests/testManualImeM3ZhPinyinFullName"))
    let report = ws.run("report", "matrices/default.yaml")
    #expect(report.code == .failure, "the app's own failing test rejects the pass")
  }

  @Test func `a file that is not JUnit XML is a data error with its place`() throws {
    let ws = try Workspace()
    defer { ws.remove() }
    try "<testsuites><testcase name='x'>\n</testsuites>\n".write(
      to: ws.url.appendingPathComponent("bad.xml"), atomically: true, encoding: .utf8)
    let run = ws.run("ingest-junit", "bad.xml", "--device", "iphone-16e", "--os", "26.x")
    #expect(run.code == .dataError)
    #expect(run.err.hasPrefix("bad.xml:2:"))
    let session = ws.run("ingest-junit", "bad.xml", "--device", "iphone-99", "--os", "26.x")
    #expect(session.code == .usage)
  }

  // Issue 32, finding 7: JUnit files are read up to JUnitReader's 256 MiB, not the 64 MiB of other inputs.
  @Test func `a JUnit file is read up to 256 MiB and refused before reading over it`() throws {
    let ws = try Workspace()
    defer { ws.remove() }
    // Just over the 64 MiB of other inputs, and just over JUnit's 256 MiB.
    for (name, size) in [("under.xml", (64 << 20) + 1), ("over.xml", (256 << 20) + 1)] {
      // Sparse files of NUL bytes: nothing is written to disk.
      let file = ws.url.appendingPathComponent(name)
      #expect(FileManager.default.createFile(atPath: file.path, contents: nil))
      let handle = try FileHandle(forWritingTo: file)
      try handle.truncate(atOffset: UInt64(size))
      try handle.close()
    }
    let under = ws.run("ingest-junit", "under.xml", "--device", "iphone-16e", "--os", "26.x")
    #expect(under.code == .dataError)
    #expect(under.err.hasPrefix("under.xml:1:1: error: not JUnit XML: no XML element found"), "\(under.err)")
    let over = ws.run("ingest-junit", "over.xml", "--device", "iphone-16e", "--os", "26.x")
    #expect(over.code == .dataError)
    #expect(over.err.hasPrefix("over.xml: error: is 256 MiB, over the limit of 256 MiB"), "\(over.err)")
  }
}

struct ReplanningTests {
  @Test func `a pairwise plan keeps its cells, and re-planning after adding a device keeps them all`() throws
  {
    let ws = try Workspace()
    defer { ws.remove() }
    let matrix = ws.url.appendingPathComponent("matrices/default.yaml")
    var text = try String(contentsOf: matrix, encoding: .utf8)
    text = text.replacingOccurrences(
      of: "\nmatrix:", with: "\nplan:\n  strategy: {kind: pairwise, strength: 2}\n\nmatrix:")
    try text.write(to: matrix, atomically: true, encoding: .utf8)
    #expect(ws.run("pass").code == .incomplete)
    let before = Set(try ws.text("checklists/cells.jsonl").split(separator: "\n"))
    #expect(before.count == 24)
    text = text.replacingOccurrences(
      of: "device: [iphone-17-pro,", with: "device: [iphone-air, iphone-17-pro,")
    text = text.replacingOccurrences(
      of: "\ndevices:\n",
      with:
        "\ndevices:\n  - {id: iphone-air, name: iPhone Air, kind: device, haptics: true, os: {min: \"26.0\"}}\n"
    )
    try text.write(to: matrix, atomically: true, encoding: .utf8)
    #expect(ws.run("pass").code == .incomplete)
    let after = Set(try ws.text("checklists/cells.jsonl").split(separator: "\n"))
    #expect(before.isSubset(of: after), "every earlier cell is kept")
    #expect(after.count > before.count)
    let plan = ws.run("plan", "matrices/default.yaml", "--strategy", "full", "--previous", "x.jsonl")
    #expect(plan.code == .usage)
  }
}

/// issue-12 part 6: ingest is idempotent, refuses qapass's own JUnit, and says where a missing time came from.
struct IngestRepeatTests {
  // issue 22 point 8: after a touch (an artifact download does one) every case was recorded again.
  @Test func `the same JUnit ingested, touched, ingested again records nothing twice`() throws {
    let ws = try Workspace()
    defer { ws.remove() }
    let fixture = ws.url.appendingPathComponent("junit.xml")
    try FileManager.default.copyItem(
      at: repositoryRoot.appendingPathComponent("Tests/QAPassCLITests/Fixtures/xcbeautify-junit.xml"),
      to: fixture)
    try FileManager.default.setAttributes(
      [.modificationDate: Date(timeIntervalSince1970: 1_796_000_000)], ofItemAtPath: fixture.path)
    let first = ws.run("ingest-junit", "junit.xml", "--device", "iphone-16e", "--os", "26.x")
    #expect(first.code == .success)
    #expect(
      first.out.contains(
        "1 test case carries no time in the file: recorded at 2026-11-30T00:53:20Z, the modification time of "
          + "junit.xml (give --time to set it)\n"))
    let records = try ws.text("observations/records.yaml")
    try FileManager.default.setAttributes(
      [.modificationDate: Date(timeIntervalSince1970: 1_796_090_000)], ofItemAtPath: fixture.path)
    for extra in [["--os", "26.x"], ["--os", "26.x", "--time", "2026-11-29T10:00:00Z"], ["--os", "26.2"]] {
      let again = ws.run(["ingest-junit", "junit.xml", "--device", "iphone-16e"] + extra)
      #expect(again.code == .success)
      #expect(again.out.contains(", 0 recorded in observations/records.yaml"), "\(extra)")
      #expect(
        again.out.contains(
          "3 already recorded (the same results were ingested before, recognised by their content whatever the "
            + "file's time), not recorded again"))
      #expect(try ws.text("observations/records.yaml") == records, "\(extra)")
    }
    // Negative control: another run of the suite without a timestamp is new; the timestamped suite is not.
    let rerun = try String(contentsOf: fixture, encoding: .utf8).replacingOccurrences(
      of: "time=\"2.0\"", with: "time=\"2.1\"")
    try rerun.write(to: fixture, atomically: true, encoding: .utf8)
    let third = ws.run("ingest-junit", "junit.xml", "--device", "iphone-16e", "--os", "26.x")
    #expect(third.out.contains(", 1 recorded in"), "\(third.out)")
    #expect(third.out.contains("  pass  manual.haptic.h1.iphone-16e.26.x\n"))
  }

  @Test func `qapass's own report is refused`() throws {
    let ws = try Workspace()
    defer { ws.remove() }
    let pass = ws.run("pass")
    #expect(pass.code.rawValue <= 2)
    let run = ws.run("ingest-junit", "reports/junit.xml", "--device", "iphone-16e", "--os", "26.x")
    #expect(run.code == .dataError)
    #expect(
      run.err.hasPrefix(
        "reports/junit.xml:2:1: error: this is a JUnit report qapass wrote (<testsuites name=\"qapass: "))
    #expect(
      !FileManager.default.fileExists(atPath: ws.url.appendingPathComponent("observations/records.yaml").path)
    )
  }

  @Test func `ingest-xcresult reads saved xcresulttool output; a bundle needs macOS`() throws {
    let ws = try Workspace()
    defer { ws.remove() }
    let fixture = repositoryRoot.appendingPathComponent("Tests/TestResultsTests/Fixtures/xcresult-tests.json")
      .path
    let run = ws.run("ingest-xcresult", fixture, "--time", "2026-11-29T10:00:00Z")
    #expect(run.code == .success)
    #expect(
      run.out.contains("5 test cases, 3 recorded in observations/records.yaml for sim-iphone-17-pro on 26.2"))
    #expect(run.out.contains("  fail  manual.ime.m3.sim-iphone-17-pro.26.x.zh-pinyin.full-name\n"))
    try FileManager.default.createDirectory(
      at: ws.url.appendingPathComponent("Run.xcresult"), withIntermediateDirectories: true)
    let bundle = ws.run("ingest-xcresult", "Run.xcresult")
    #expect(bundle.code == .usage)
    #expect(bundle.err.contains("Apple's command-line tools run on macOS only"))
  }
}
