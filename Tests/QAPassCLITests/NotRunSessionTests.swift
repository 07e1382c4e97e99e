import Foundation
import Testing

@testable import QAPassCLI

/// A simulator session whose runtime the Mac (a CI runner) lacks is reported as not run, with the
/// reason, never as failed (issue 23: `destinations --allow-missing` still exited 65, so a CI job for
/// such a session could only fail).
struct NotRunSessionTests {
  static let session = "sim-iphone-17-pro.27.x"
  /// What a GitHub-hosted macOS runner says of its image.
  static let runner = ["ImageOS": "macos26", "ImageVersion": "20260610.0145.2"]
  static let reason =
    "not run: no available 'iPhone 17 Pro' simulator runs iOS 27.x on this Mac (runner image macos26 "
    + "20260610.0145.2; iOS runtimes: 17.5, 18.3, 26.0, 26.2, 27.0)"

  /// A folder with the simulator fixtures as `m.yaml` and `simctl.json`, and an empty `ci/`.
  static func workspace() throws -> URL {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("qapass-notrun-\(UUID())")
    try FileManager.default.createDirectory(
      at: url.appendingPathComponent("ci"), withIntermediateDirectories: true)
    for (from, to) in [
      (SimulatorCommandTests.matrix, "m.yaml"), (SimulatorCommandTests.simctl, "simctl.json"),
    ] {
      try FileManager.default.copyItem(
        at: repositoryRoot.appendingPathComponent(from), to: url.appendingPathComponent(to))
    }
    return url
  }

  static func resolve(in directory: URL, _ extra: String...) -> ToolRun {
    qapass(
      [
        "destinations", "m.yaml", "--simctl-json", "simctl.json", "--session", session, "--allow-missing",
        "--format", "json",
      ] + extra, in: directory.path, environment: runner)
  }

  /// The items of `report.json`'s `items` whose id has `session` in it.
  static func items(ofReport json: String) throws -> [[String: Any]] {
    let report = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
    let items = try #require(report["items"] as? [[String: Any]])
    return items.filter { ($0["id"] as? String)?.contains(".\(session).") == true }
  }

  @Test func `with --allow-missing a job given one session that does not resolve succeeds`() throws {
    let directory = try Self.workspace()
    defer { try? FileManager.default.removeItem(at: directory) }
    let strict = qapass(
      [
        "destinations", "m.yaml", "--simctl-json", "simctl.json", "--session", Self.session, "--format",
        "json",
      ],
      in: directory.path)
    #expect(strict.code == .dataError)
    #expect(strict.out.isEmpty)

    let run = Self.resolve(in: directory)
    #expect(run.code == .success)
    #expect(run.out == "[]\n", "no destination: the job's next steps are skipped")
    #expect(
      run.err.split(separator: "\n").map(String.init) == [
        "warning: session '\(Self.session)': no available 'iPhone 17 Pro' simulator runs iOS 27.x (install the "
          + "runtime in Xcode > Settings > Components, or create the simulator with 'xcrun simctl create'); "
          + "installed: 'Apple Watch Series 11 (46mm)' on watchOS 26.2; 'Pinyin QA' on iOS 26.2; 'iPhone 16e' on "
          + "iOS 18.3, iOS 26.0, iOS 26.2; 'iPhone 17 Pro' on iOS 26.0, iOS 26.2; iOS 17.5 unavailable (runtime "
          + "profile not found using \"System\" match policy); iOS 27.0 with no simulator",
        "warning: no simulator session resolved on this Mac",
      ])
    #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path + "/ci").isEmpty)
  }

  @Test func `each item of the session is recorded as blocked with the reason, and the report says not run`()
    throws
  {
    let directory = try Self.workspace()
    defer { try? FileManager.default.removeItem(at: directory) }
    let run = Self.resolve(in: directory, "--record-missing", "ci/records.yaml")
    #expect(run.code == .success)
    #expect(run.out == "[]\n")
    #expect(
      run.err.hasSuffix(
        "recorded 6 items of session '\(Self.session)' as blocked in ci/records.yaml: \(Self.reason)\n"))

    let records = try String(contentsOf: directory.appendingPathComponent("ci/records.yaml"), encoding: .utf8)
    #expect(records.components(separatedBy: "    result: blocked\n").count - 1 == 6)
    #expect(records.components(separatedBy: "    tester: destinations\n").count - 1 == 6)
    #expect(!records.contains("udid") && !records.contains("9A2D4B3C"), "no UDID is ever written")

    let report = qapass(
      ["report", "m.yaml", "--observations", "ci", "--out", "-", "--format", "json"], in: directory.path,
      environment: ["SOURCE_DATE_EPOCH": "1796000000"])
    #expect(report.code == .incomplete, "not run is never a failure: the verdict is INCOMPLETE, not REJECTED")
    let items = try Self.items(ofReport: report.out)
    #expect(items.count == 6)
    for item in items {
      #expect(item["outcome"] as? String == "blocked")
      #expect(item["blocked_reason"] as? String == Self.reason)
    }
    let summary = qapass(
      ["report", "m.yaml", "--observations", "ci", "--out", "-", "--format", "markdown-summary"],
      in: directory.path, environment: ["SOURCE_DATE_EPOCH": "1796000000"])
    #expect(
      summary.out.contains(
        "- Blocked `manual.ime.m1.\(Self.session).zh-pinyin.full-name`: \(Self.reason)\n"))
  }

  @Test func `an item with a current result keeps it, and a second run records nothing more`() throws {
    let directory = try Self.workspace()
    defer { try? FileManager.default.removeItem(at: directory) }
    let passed = "manual.ime.m1.\(Self.session).zh-pinyin.full-name"
    try """
    version: 1
    observations:
      - id: \(passed)
        result: pass
        tester: mei
        time: "2026-11-29T09:00:00Z"
        device: sim-iphone-17-pro
        os: "27.0"
        text_version: 2

    """.write(to: directory.appendingPathComponent("ci/mei.yaml"), atomically: true, encoding: .utf8)
    // The second run finds the first one's records and records nothing more.
    var written: [String] = []
    for (recorded, kept) in [(5, 1), (0, 6)] {
      let run = Self.resolve(in: directory, "--record-missing", "ci/runner.yaml", "--observations", "ci")
      #expect(run.code == .success)
      #expect(
        run.err.contains(
          "recorded \(recorded) items of session '\(Self.session)' as blocked in ci/runner.yaml (\(kept) with "
        ))
      written.append(
        try String(contentsOf: directory.appendingPathComponent("ci/runner.yaml"), encoding: .utf8))
    }
    #expect(!written[0].contains(passed))
    #expect(written[1] == written[0])

    let report = qapass(
      ["report", "m.yaml", "--observations", "ci", "--out", "-", "--format", "json"], in: directory.path,
      environment: ["SOURCE_DATE_EPOCH": "1796000000"])
    let outcomes = try Self.items(ofReport: report.out).map { "\($0["id"]!) \($0["outcome"]!)" }
    #expect(outcomes.filter { $0.hasSuffix(" pass") } == ["\(passed) pass"])
    #expect(outcomes.filter { $0.hasSuffix(" blocked") }.count == 5)
  }

  @Test func `a session that resolves is printed and records nothing`() throws {
    let directory = try Self.workspace()
    defer { try? FileManager.default.removeItem(at: directory) }
    let run = qapass(
      [
        "destinations", "m.yaml", "--simctl-json", "simctl.json", "--session", "sim-iphone-16e.18.x",
        "--allow-missing", "--record-missing", "ci/records.yaml", "--format", "json",
      ], in: directory.path)
    #expect(run.code == .success)
    #expect(run.out.contains("\"udid\": \"4B6E2C1D-0A3F-4D5E-9C8B-18030000B001\""))
    #expect(run.err.isEmpty)
    #expect(!FileManager.default.fileExists(atPath: directory.appendingPathComponent("ci/records.yaml").path))
  }
}

/// `plan --format github-matrix` feeds a GitHub Actions matrix, which runs at most 256 jobs, from a job
/// output GitHub holds to 1,000,000 bytes measured as UTF-16.
struct GitHubMatrixLimitTests {
  /// `models` simulators on `versions` OS versions of `majors` (1 to 3) major versions: models × versions
  /// sessions.
  static func matrix(models: Int, versions: Int, majors: Int = 1) throws -> String {
    let fixture = try String(
      contentsOf: repositoryRoot.appendingPathComponent(SimulatorCommandTests.matrix), encoding: .utf8)
    let head = String(fixture[..<fixture.range(of: "devices:\n")!.lowerBound])
    let tail = String(
      fixture[fixture.range(of: "fields:\n")!.lowerBound..<fixture.range(of: "matrix:\n")!.lowerBound])
    let ids = (0..<models).map { "sim-\($0)" }
    let devices = ids.map {
      "  - {id: \($0), name: iPhone 16e Simulator, kind: simulator, haptics: false, os: {min: \"17.0\"}}\n"
    }
    let list = (0..<versions).map { "\"\([18, 26, 27][$0 % majors]).\($0 / majors)\"" }
    return head + "devices:\n" + devices.joined() + tail
      + "matrix:\n  os: [\(list.joined(separator: ", "))]\n  input_method: [ja-romaji]\n"
      + "  device: [\(ids.joined(separator: ", "))]\n"
  }

  /// Runs `plan --format FORMAT` on `matrix` in a folder of its own.
  static func plan(_ matrix: String, _ arguments: String...) throws -> ToolRun {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("qapass-limit-\(UUID())")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    try matrix.write(to: directory.appendingPathComponent("m.yaml"), atomically: true, encoding: .utf8)
    return qapass(["plan", "m.yaml"] + arguments, in: directory.path)
  }

  static func rows(_ run: ToolRun) throws -> [[String: String]] {
    let object = try JSONSerialization.jsonObject(with: Data(run.out.utf8)) as? [String: [[String: String]]]
    return try #require(object?["include"])
  }

  /// Issue 33: every session's item ids went into its row, and 40 models on 6 OS versions gave 4,099,694
  /// bytes, four times what GitHub holds: the workflow failed from about 30 sessions on.
  @Test func `40 simulator models on 6 OS versions fit GitHub's job output, one job a session`() throws {
    let matrix = try Self.matrix(models: 40, versions: 6)
    let run = try Self.plan(matrix, "--format", "github-matrix")
    #expect(run.code == .success, "\(run.err)")
    #expect(run.out.utf16.count * 2 < 1_000_000)
    #expect(run.out.utf16.count * 2 < 50_000)
    let rows = try Self.rows(run)
    #expect(rows.count == 240)
    #expect(rows.allSatisfy { $0["sessions"] == "1" && $0["os_major"] == "18" && $0.count == 4 })
    #expect(run.err == "240 simulator sessions in 240 jobs, one session each\n")
    // The job asks for its sessions: every session once, under the row's number.
    let lines = try Self.plan(matrix, "--format", "simulator-jobs").out.split(separator: "\n")
    #expect(lines.count == 240)
    #expect(lines.first == "1\tsim-0.18.0" && lines.last == "240\tsim-39.18.5")
  }

  /// Beyond 256 sessions the jobs run several each; the output still fits, and standard error says so.
  @Test(arguments: [(26, 10, 1, 260), (100, 12, 3, 1200)])
  func `more simulator sessions than a matrix runs are dealt into 256 jobs`(
    models: Int, versions: Int, majors: Int, sessions: Int
  ) throws {
    let matrix = try Self.matrix(models: models, versions: versions, majors: majors)
    let run = try Self.plan(matrix, "--format", "github-matrix")
    #expect(run.code == .success, "\(run.err)")
    #expect(run.out.utf16.count * 2 < 1_000_000)
    let rows = try Self.rows(run)
    #expect(rows.count == 256)
    #expect(rows.compactMap { Int($0["sessions"] ?? "") }.reduce(0, +) == sessions)
    #expect(run.err.hasPrefix("\(sessions) simulator sessions in 256 jobs of "))
    #expect(run.err.contains("a GitHub Actions matrix runs at most 256 jobs"))
    let lines = try Self.plan(matrix, "--format", "simulator-jobs").out.split(separator: "\n")
    #expect(lines.count == sessions && Set(lines.map { $0.split(separator: "\t")[1] }).count == sessions)
    for row in rows {
      let mine = lines.filter { $0.hasPrefix(row["job"]! + "\t") }
      #expect(String(mine.count) == row["sessions"])
      #expect(mine.allSatisfy { $0.split(separator: "\t")[1].contains(".\(row["os_major"]!).") })
    }

    // A shard is a matrix of its own: half of 260 fit one job each.
    guard sessions == 260 else { return }
    let shard = try Self.plan(matrix, "--format", "github-matrix", "--shard", "1/2")
    #expect(shard.code == .success)
    #expect(try Self.rows(shard).count == 130)
  }
}
