import CoreAdapters
import Foundation
import QAPassHarness
import TestSupport
import Testing

/// The workflow's scripts (`scripts/ci/`), run here on Linux as its jobs run them (issue 33): the built
/// qapass on the PATH, after stubs of Apple's tools (`xcrun simctl`, `xcrun xcresulttool`, `xcodebuild`),
/// of `swift` (the app's tests) and of `gh`, which answer from the test fixtures and log how they were
/// called. The logic of the workflow is tested here; `CIWorkflowTests` checks the YAML that calls it.
/// The plan job runs qapass on Linux with the input-method engines, so these run in that build only.
@Suite(.needsEngines)
struct CIScriptsTests {
  /// A temporary repository: the matrices, the fixtures and the scripts, with stubs on the PATH.
  final class Workspace {
    let root: URL
    let stubs: URL

    init() throws {
      root = FileManager.default.temporaryDirectory.appendingPathComponent("qapass-ci-\(UUID().uuidString)")
      stubs = root.appendingPathComponent(".stubs")
      let manager = FileManager.default
      try manager.createDirectory(at: stubs, withIntermediateDirectories: true)
      for folder in [
        "matrices", "scripts/ci", "Tests/SimulatorsTests/Fixtures", "Tests/TestResultsTests/Fixtures",
      ] {
        let target = root.appendingPathComponent(folder)
        try manager.createDirectory(at: target.deletingLastPathComponent(), withIntermediateDirectories: true)
        try manager.copyItem(at: repositoryRoot.appendingPathComponent(folder), to: target)
      }
      try manager.createSymbolicLink(
        at: stubs.appendingPathComponent("qapass"), withDestinationURL: InteractiveRecordTests.executable)
      // Apple's tools: the simulators of the fixture Mac, a result bundle's tests, and a log of each call.
      stub(
        "xcrun",
        """
        echo "xcrun $*" >> "$STUB_LOG"
        case "$1 $2" in
          "simctl list") cat "$FIXTURES/simctl-list-devices.json" ;;
          "xcresulttool get") cat "$XCRESULT_JSON" ;;
        esac
        """)
      for tool in ["defaults", "open"] { stub(tool, "echo \"\(tool) $*\" >> \"$STUB_LOG\"") }
    }

    deinit { try? FileManager.default.removeItem(at: root) }

    /// Writes an executable `name` into the stubs: a bash script with `body`.
    func stub(_ name: String, _ body: String) {
      let url = stubs.appendingPathComponent(name)
      try? ("#!/usr/bin/env bash\n" + body + "\n").write(to: url, atomically: true, encoding: .utf8)
      try? FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: url.path)
    }

    func path(_ relative: String) -> String { root.appendingPathComponent(relative).path }

    func read(_ relative: String) -> String {
      (try? String(contentsOfFile: path(relative), encoding: .utf8)) ?? ""
    }

    func write(_ relative: String, _ text: String) throws {
      let url = root.appendingPathComponent(relative)
      try FileManager.default.createDirectory(
        at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
      try text.write(to: url, atomically: true, encoding: .utf8)
    }

    /// Runs `scripts/ci/NAME` in the workspace as a GitHub Actions step does, with `environment`.
    func run(_ name: String, _ environment: [String: String] = [:]) throws -> (
      code: Int32, out: String, err: String
    ) {
      let process = Process()
      process.executableURL = URL(fileURLWithPath: path("scripts/ci/\(name)"))
      process.currentDirectoryURL = root
      var base = [
        "PATH": "\(stubs.path):/usr/bin:/bin", "HOME": root.path, "RUNNER_TEMP": path(".temp"),
        "STUB_LOG": path(".stub.log"), "FIXTURES": path("Tests/SimulatorsTests/Fixtures"),
        "XCRESULT_JSON": path("Tests/TestResultsTests/Fixtures/xcresult-tests.json"),
        "GITHUB_OUTPUT": path(".github-output"), "GITHUB_STEP_SUMMARY": path(".github-summary"),
        "GITHUB_ENV": path(".github-env"), "APP_SUBJECT": "SignUpCore", "APP_PATH": root.path,
        "APP_CORE_PATH": root.path, "APP_SCHEME": "SignUpCore",
      ]
      try FileManager.default.createDirectory(atPath: path(".temp"), withIntermediateDirectories: true)
      base.merge(environment) { $1 }
      process.environment = base
      let (out, err) = (Pipe(), Pipe())
      process.standardOutput = out
      process.standardError = err
      try process.run()
      let outData = out.fileHandleForReading.readDataToEndOfFile()
      let errData = err.fileHandleForReading.readDataToEndOfFile()
      process.waitUntilExit()
      return (
        process.terminationStatus, String(decoding: outData, as: UTF8.self),
        String(decoding: errData, as: UTF8.self)
      )
    }

    /// The value of `key` the step wrote to `$GITHUB_OUTPUT`.
    func output(_ key: String) -> String? {
      read(".github-output").split(separator: "\n").last { $0.hasPrefix(key + "=") }.map {
        String($0.dropFirst(key.count + 1))
      }
    }
  }

  static let simulators = "Tests/SimulatorsTests/Fixtures/simulators.yaml"

  @Test func `select-xcode picks the newest Xcode whose Swift is 6.2 or later`() throws {
    let workspace = try Workspace()
    for (xcode, swift) in [("16.4", "6.1.2"), ("26.1", "6.2.1"), ("26.2", "6.2.3"), ("26.3-beta", "")] {
      let bin =
        "Applications/Xcode_\(xcode).app/Contents/Developer/Toolchains/XcodeDefault.xctoolchain/usr/bin"
      try workspace.write(
        "\(bin)/swift",
        "#!/usr/bin/env bash\necho 'swift-driver version: 1.127 Apple Swift version \(swift) (swiftlang-6)'\n"
      )
      try FileManager.default.setAttributes(
        [.posixPermissions: 0o755], ofItemAtPath: workspace.path("\(bin)/swift"))
    }
    let run = try workspace.run("select-xcode", ["XCODE_APPLICATIONS": workspace.path("Applications")])
    #expect(run.code == 0, "\(run.err)")
    #expect(run.out == workspace.path("Applications/Xcode_26.2.app") + "\n")
    #expect(
      workspace.read(".github-env")
        == "DEVELOPER_DIR=\(workspace.path("Applications/Xcode_26.2.app"))/Contents/Developer\n")

    // The negative control: a runner whose Xcodes all have an older Swift fails, naming them.
    try FileManager.default.removeItem(atPath: workspace.path("Applications/Xcode_26.1.app"))
    try FileManager.default.removeItem(atPath: workspace.path("Applications/Xcode_26.2.app"))
    let old = try workspace.run("select-xcode", ["XCODE_APPLICATIONS": workspace.path("Applications")])
    #expect(old.code == 1)
    #expect(
      old.err.contains("no Xcode with Swift 6.2 or later") && old.err.contains("Xcode_16.4.app (Swift 6.1)"))
  }

  @Test func `the plan script outputs a row per simulator job, and an empty matrix for phones only`() throws {
    let workspace = try Workspace()
    let run = try workspace.run("plan", ["QAPASS_MATRIX": Self.simulators])
    #expect(run.code == 0, "\(run.err)")
    #expect(workspace.output("jobs") == "7")
    let matrix = try #require(workspace.output("matrix"))
    let rows = try #require(
      (try JSONSerialization.jsonObject(with: Data(matrix.utf8)) as? [String: [[String: String]]])?["include"]
    )
    #expect(rows.map { $0["job"] } == (1...7).map { String($0) })
    #expect(!matrix.contains("manual.") && !matrix.contains("udid"))
    #expect(workspace.read(".github-summary").contains("7 simulator sessions in 7 jobs, one session each"))
    #expect(FileManager.default.fileExists(atPath: workspace.path("ci-plan/scenarios.pack.json")))

    let phones = workspace.read(Self.simulators).replacingOccurrences(
      of: "kind: simulator", with: "kind: device")
    try workspace.write("phones.yaml", phones)
    let empty = try workspace.run("plan", ["QAPASS_MATRIX": "phones.yaml"])
    #expect(empty.code == 0, "\(empty.err)")
    #expect(workspace.output("jobs") == "0")
    #expect(workspace.output("matrix") == "{\"include\":[]}")
  }

  @Test func `replay-core keeps the exit code of the app core's tests`() throws {
    let workspace = try Workspace()
    workspace.stub(
      "swift",
      "echo \"$QAPASS_PACK $QAPASS_RESULTS\" > \"$STUB_LOG\"; echo '{}' > \"$QAPASS_RESULTS\"; exit ${SWIFT_EXIT:-0}"
    )
    let passing = try workspace.run("replay-core")
    #expect(passing.code == 0, "\(passing.err)")
    #expect(
      workspace.read(".stub.log")
        == "\(workspace.path("ci-plan/scenarios.pack.json")) \(workspace.path("ci-core/app-core.json"))\n")
    let failing = try workspace.run("replay-core", ["SWIFT_EXIT": "3"])
    #expect(failing.code == 3)
  }

  @Test
  func `a simulator job runs its session with the pack, ingests the results and keeps a failing run's code`()
    throws
  {
    let workspace = try Workspace()
    #expect(try workspace.run("plan", ["QAPASS_MATRIX": Self.simulators]).code == 0)
    workspace.stub(
      "xcodebuild",
      """
      echo "xcodebuild $* PACK=$TEST_RUNNER_QAPASS_PACK SUBJECT=$TEST_RUNNER_QAPASS_SUBJECT" >> "$STUB_LOG"
      while [ $# -gt 0 ]; do [ "$1" = -resultBundlePath ] && mkdir -p "$2"; shift; done
      exit ${XCODEBUILD_EXIT:-0}
      """)
    // Job 4 is sim-iphone-17-pro.26.x, the model and OS of the fixture result.
    let jobs = workspace.read("ci-plan/simulator-jobs.tsv")
    #expect(jobs.contains("4\tsim-iphone-17-pro.26.x\n"))
    let run = try workspace.run("simulator-job", ["QAPASS_MATRIX": Self.simulators, "JOB": "4"])
    #expect(run.code == 0, "\(run.err)")
    let log = workspace.read(".stub.log")
    #expect(log.contains("xcrun simctl list devices available --json"))
    #expect(log.contains("xcrun simctl spawn "), "the keyboards are prepared with qapass's commands")
    #expect(log.contains("-destination platform=iOS Simulator,id="))
    #expect(
      log.contains(
        "PACK=\(workspace.path("ci-plan/scenarios.pack.json")) SUBJECT=SignUpCore on sim-iphone-17-pro.26.x"))
    #expect(
      log.contains(
        "xcrun xcresulttool get test-results tests --path \(workspace.path(".temp/sim-iphone-17-pro.26.x.xcresult"))"
      ))
    let records = workspace.read("ci-records/sim-iphone-17-pro.26.x.yaml")
    #expect(
      records.contains("manual.ime.m1.") && records.contains("tester: xcresult"), "\(run.out)\(run.err)")

    // A failing test run fails the job with its own exit code; its results are ingested all the same.
    try FileManager.default.removeItem(atPath: workspace.path("ci-records"))
    let failing = try workspace.run(
      "simulator-job", ["QAPASS_MATRIX": Self.simulators, "JOB": "4", "XCODEBUILD_EXIT": "65"])
    #expect(failing.code == 65)
    #expect(workspace.read("ci-records/sim-iphone-17-pro.26.x.yaml").contains("tester: xcresult"))
    // A job number the plan does not have is an error, not a job that passes having run nothing.
    #expect(try workspace.run("simulator-job", ["QAPASS_MATRIX": Self.simulators, "JOB": "99"]).code == 65)
  }
}

extension CIScriptsTests {
  /// `--previous` comes from the last completed run on the same branch that kept its report; no such run
  /// leaves nothing to compare with, and never fails the job.
  @Test func `previous-report fetches report.json of the last run on the branch that kept one`() throws {
    let workspace = try Workspace()
    workspace.stub(
      "gh",
      """
      echo "gh $*" >> "$STUB_LOG"
      case "$1 $2" in
        "run list") [ -n "${GH_FAILS:-}" ] && exit 1; printf '%s\\n' 41 40 39 ;;
        "run download")
          # Run 41 is this one; run 40 expired its artifacts; run 39 kept its report.
          [ "$3" = 39 ] || exit 1
          while [ $# -gt 0 ]; do [ "$1" = --dir ] && dir="$2"; shift; done
          mkdir -p "$dir" && echo '{"run":39}' > "$dir/report.json" ;;
      esac
      """)
    let environment = [
      "GITHUB_REF_NAME": "release/4.12", "GITHUB_RUN_ID": "41",
      "GITHUB_WORKFLOW_REF": "o/r/.github/workflows/qapass.yml@refs/heads/release/4.12",
    ]
    let run = try workspace.run("previous-report", environment)
    #expect(run.code == 0, "\(run.err)")
    #expect(workspace.read("ci-previous/report.json") == "{\"run\":39}\n")
    let log = workspace.read(".stub.log")
    #expect(
      log.hasPrefix(
        "gh run list --workflow qapass.yml --branch release/4.12 --status completed --limit 20 --json databaseId"
      ))
    #expect(!log.contains("gh run download 41 "), "never this run's own")

    try FileManager.default.removeItem(atPath: workspace.path("ci-previous"))
    let offline = try workspace.run("previous-report", environment.merging(["GH_FAILS": "1"]) { $1 })
    #expect(offline.code == 0)
    #expect(offline.err.contains("the report compares with nothing"))
    #expect(!FileManager.default.fileExists(atPath: workspace.path("ci-previous/report.json")))
  }

  /// The pass job when the plan job failed before its artifact: no pack, no core results, no records. The
  /// report, its summary and JUnit are written all the same, and the verdict says what is missing.
  @Test func `the pass script writes the report when nothing came before it, and says why`() throws {
    let workspace = try Workspace()
    try workspace.write("observations/tester.yaml", "version: 1\nobservations: []\n")
    try workspace.write("ci-records/sim-iphone-16e.18.x.yaml", "version: 1\nobservations: []\n")
    let run = try workspace.run(
      "pass", ["QAPASS_MATRIX": Self.simulators, "ARTIFACTS_URL": "https://example.com/runs/7#artifacts"])
    #expect(run.code == 2, "\(run.err)")
    #expect(run.out.hasSuffix("INCOMPLETE\n"))
    #expect(workspace.output("code") == "2")
    for file in ["report.md", "report-summary.md", "junit.xml", "report.json"] {
      #expect(FileManager.default.fileExists(atPath: workspace.path("reports/\(file)")), "\(file)")
    }
    #expect(workspace.read("reports/report.md").contains("`SignUpCore`: no results"))
    // The job summary links to the run's artifacts, never to a file beside it.
    let summary = workspace.read(".github-summary")
    #expect(summary.contains("[full report](https://example.com/runs/7#artifacts)"))
    #expect(!summary.contains("](report.md)") && !summary.contains("](coverage-"))
    // The records went beside the committed observations, which are untouched.
    #expect(workspace.read("ci-observations/ci-sim-iphone-16e.18.x.yaml").hasPrefix("version: 1"))
    #expect(FileManager.default.fileExists(atPath: workspace.path("ci-observations/tester.yaml")))
    #expect(
      try FileManager.default.contentsOfDirectory(atPath: workspace.path("observations")) == ["tester.yaml"])

    // A record named like a committed file is refused, never copied over it.
    try workspace.write("observations/ci-sim-iphone-16e.18.x.yaml", "version: 1\nobservations: []\n")
    let clash = try workspace.run("pass", ["QAPASS_MATRIX": Self.simulators])
    #expect(clash.code == 73)
    #expect(clash.err.contains("would replace the committed observations/ci-sim-iphone-16e.18.x.yaml"))
  }

  /// A CI run simulated on Linux: the plan, the core replay, seven simulator jobs (one fails before its
  /// tests leave results, one is cancelled and never runs), the records collected, then the pass.
  @Test func `a simulated CI run with a failed and a cancelled job is never accepted and names both`() throws
  {
    let workspace = try Workspace()
    #expect(try workspace.run("plan", ["QAPASS_MATRIX": Self.simulators]).code == 0)
    // The app's tests replay the pack: here the reference core, under each subject's name.
    let pack = try ScenarioPack.load(
      contentsOf: URL(fileURLWithPath: workspace.path("ci-plan/scenarios.pack.json")))
    let sessions = workspace.read("ci-plan/simulator-jobs.tsv").split(separator: "\n").map {
      String($0.split(separator: "\t")[1])
    }
    #expect(sessions.count == 7)
    for subject in ["SignUpCore"] + sessions.map({ "SignUpCore on \($0)" }) {
      var run = PackRunner.run(pack, subject: ReferenceCoreSubject(version: "1.0.0"))
      run.subjectName = subject
      try workspace.write(".harness/\(subject).json", run.json())
    }
    workspace.stub("swift", "cp \"$HARNESS/SignUpCore.json\" \"$QAPASS_RESULTS\"")
    workspace.stub(
      "xcodebuild",
      """
      if [ -n "${FAIL:-}" ]; then echo "xcodebuild: the build failed" >&2; exit 65; fi
      cp "$HARNESS/$TEST_RUNNER_QAPASS_SUBJECT.json" "$TEST_RUNNER_QAPASS_RESULTS"
      """)
    let harness = ["HARNESS": workspace.path(".harness"), "QAPASS_MATRIX": Self.simulators]
    #expect(try workspace.run("replay-core", harness).code == 0)
    // Job 4 (sim-iphone-17-pro.26.x) resolves on the fixture Mac, so its tests run and fail.
    let (failed, cancelled) = (4, 5)
    for job in 1...7 where job != cancelled {
      var environment = harness.merging(["JOB": String(job), "CI_RECORDS": ".jobs/\(job)"]) { $1 }
      if job == failed { environment["FAIL"] = "1" }
      let run = try workspace.run("simulator-job", environment)
      #expect((run.code == 0) == (job != failed), "job \(job): \(run.err)")
    }
    // The pass job downloads every job's records into ci-records/ (merge-multiple).
    let manager = FileManager.default
    try manager.createDirectory(atPath: workspace.path("ci-records"), withIntermediateDirectories: true)
    for job in try manager.contentsOfDirectory(atPath: workspace.path(".jobs")) {
      for file in try manager.contentsOfDirectory(atPath: workspace.path(".jobs/\(job)")) {
        try manager.copyItem(
          atPath: workspace.path(".jobs/\(job)/\(file)"), toPath: workspace.path("ci-records/\(file)"))
      }
    }
    // GitHub's list of the run's jobs, as `gh api … --jq` prints it: the failed and the cancelled job.
    let rows = (1...7).map { job in
      let conclusion = job == failed ? "failure" : job == cancelled ? "cancelled" : "success"
      return "Simulators \(job): iPhone\t\(conclusion)\thttps://github.com/o/r/actions/runs/7/job/\(job)"
    }
    try workspace.write(".jobs.tsv", rows.joined(separator: "\n") + "\n")
    workspace.stub("gh", "echo \"gh $*\" >> \"$STUB_LOG\"; cat \"$JOBS\"")
    let fates = try workspace.run(
      "record-jobs",
      harness.merging(["GITHUB_REPOSITORY": "o/r", "GITHUB_RUN_ID": "7", "JOBS": workspace.path(".jobs.tsv")])
      { $1 })
    #expect(fates.code == 0, "\(fates.err)")
    #expect(workspace.read(".stub.log").contains("gh api repos/o/r/actions/runs/7/jobs --paginate"))
    let pass = try workspace.run("pass", harness)
    #expect(pass.code != 0, "never ACCEPTED")
    #expect(pass.code == 2 || pass.code == 1, "\(pass.err)")
    let report = workspace.read("reports/report.md")
    // Both listed beside the verdict as not run, with the reason and the job's link.
    for (job, conclusion, reason) in [
      (failed, "failure", "the job failed"), (cancelled, "cancelled", "the job was cancelled"),
    ] {
      let session = sessions[job - 1]
      #expect(
        report.contains(
          "| `\(session)` | \(conclusion) | \(reason) | [job](<https://github.com/o/r/actions/runs/7/job/\(job)>) |"
        ),
        "\(session)")
      #expect(report.contains("`SignUpCore on \(session)`: no results"), "\(session)")
    }
    // The sessions whose jobs ran to the end are in the report under their own subject.
    for (index, session) in sessions.enumerated() where ![failed, cancelled].contains(index + 1) {
      let resolved = manager.fileExists(atPath: workspace.path("ci-records/\(session).harness.json"))
      #expect(!report.contains("`SignUpCore on \(session)`: no results") || !resolved, "\(session)")
    }
    #expect(manager.fileExists(atPath: workspace.path("reports/junit.xml")))
  }
}
