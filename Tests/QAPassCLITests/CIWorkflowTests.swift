import Foundation
import TestSupport
import Testing
import YAMLDecoding

@testable import QAPassCLI

/// The GitHub Actions workflow shipped in `.github/workflows/qapass.yml` (issues 23 and 33): its jobs and
/// what each needs, the simulator matrix taken with `fromJSON` from the plan job's output and carrying no
/// UDID nor item, each job's logic a script under `scripts/ci/` (run by `CIScriptsTests`), the pass job
/// that always runs, actions pinned by commit SHA, caches, one run per ref, actionlint and GitHub's schema
/// finding nothing, and README's CI section naming the same jobs. No Mac and no GitHub run here: these
/// are the checks that hold without one.
struct CIWorkflowTests {
  static let path = ".github/workflows/qapass.yml"

  static func workflow() throws -> WorkflowFile {
    try WorkflowFile.read(repositoryRoot.appendingPathComponent(path))
  }

  static func job(_ id: String) throws -> WorkflowFile.Job {
    try #require(try workflow().job(id), "no job '\(id)' in \(path)")
  }

  /// The matrix file the workflow plans from when nobody gives one: the `workflow_dispatch` input's
  /// default, which the workflow's `QAPASS_MATRIX` falls back to.
  static func defaultMatrix() throws -> String {
    let workflow = try workflow()
    let input = try #require(
      workflow.root["on"]?["workflow_dispatch"]?["inputs"]?["matrix"]?["default"]?.scalar)
    #expect(workflow.env["QAPASS_MATRIX"] == "${{ inputs.matrix || '\(input.text)' }}")
    return input.text
  }

  /// The words of a qapass command with `$QAPASS_MATRIX` as the default matrix.
  static func arguments(_ command: ShellScript.Command, matrix: String) -> [String] {
    command.arguments.map { $0 == "$QAPASS_MATRIX" ? matrix : $0 }
  }

  /// What is wrong with a matrix a plan job outputs: any member that names a simulator instance (a UDID
  /// or a destination with one) and any value shaped like a UDID; more rows than a matrix runs.
  static func udidProblems(_ json: String) throws -> [String] {
    let object = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
    let rows = try #require(object["include"] as? [[String: Any]])
    var problems: [String] = []
    if rows.count > 256 { problems.append("\(rows.count) rows: a matrix runs at most 256 jobs") }
    for row in rows {
      for key in row.keys.sorted() where ["udid", "destination", "id"].contains(key) {
        problems.append("row '\(row["session"] ?? "?")' has '\(key)'")
      }
    }
    let uuid = #"[0-9A-Fa-f]{8}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{12}"#
    if let range = json.range(of: uuid, options: .regularExpression) {
      problems.append("a UDID: \(json[range])")
    }
    return problems
  }

  @Test func `the four jobs and what each needs`() throws {
    let workflow = try Self.workflow()
    #expect(workflow.jobs.map(\.id) == ["plan", "mac-build", "simulators", "pass"])
    #expect(workflow.jobs.map(\.needs) == [[], [], ["plan", "mac-build"], ["plan", "simulators"]])
    // Linux where the engines are, macOS where Xcode is.
    #expect(workflow.job("plan")?.runsOn == "ubuntu-24.04")
    #expect(workflow.job("pass")?.runsOn == "ubuntu-24.04")
    #expect(workflow.job("mac-build")?.runsOn?.hasPrefix("macos-") == true)
    // The pass job always runs: after a failed plan, a failed core replay or a failed simulator job, the
    // report says what is missing (issue 33).
    #expect(workflow.job("pass")?.condition == "${{ always() }}")
  }

  @Test func `every needs, job output and step output a job reads exists where it is read`() throws {
    let workflow = try Self.workflow()
    let ids = Set(workflow.jobs.map(\.id))
    var seen = 0
    for job in workflow.jobs {
      for need in job.needs { #expect(ids.contains(need), "\(job.id) needs unknown job '\(need)'") }
      let text = job.scalars.joined(separator: "\n")
      for match in text.matches(of: #/needs\.([a-z-]+)\.(outputs|result)(?:\.([a-z_]+))?/#) {
        seen += 1
        let (other, output) = (String(match.1), match.3.map(String.init))
        #expect(job.needs.contains(other), "\(job.id) reads needs.\(other) without needing it")
        if let output {
          #expect(workflow.job(other)?.outputs[output] != nil, "\(other) has no output '\(output)'")
        }
      }
      let stepIDs = job.steps.compactMap(\.id)
      for match in text.matches(of: #/steps\.([a-z-]+)\.outputs\.([a-z_]+)/#) {
        seen += 1
        #expect(stepIDs.contains(String(match.1)), "\(job.id) reads the output of unknown step '\(match.1)'")
      }
    }
    #expect(seen >= 6)
  }

  /// The text of `scripts/ci/NAME`.
  static func script(_ name: String) throws -> String {
    try String(contentsOf: repositoryRoot.appendingPathComponent("scripts/ci/\(name)"), encoding: .utf8)
  }

  /// The qapass subcommands the workflow's scripts run, with the script each is in (a command continued
  /// over lines with `\` is one; comments are left out).
  static func scriptCommands() throws -> [(script: String, subcommand: String)] {
    let folder = repositoryRoot.appendingPathComponent("scripts/ci")
    var commands: [(String, String)] = []
    for name in try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted() {
      let text = try script(name).replacingOccurrences(of: "\\\n", with: " ")
      for line in text.split(separator: "\n") where !line.trimmingCharacters(in: .whitespaces).hasPrefix("#")
      {
        for match in line.matches(of: #/(?:^|[\s(|&;!])qapass ([a-z-]+)/#) {
          commands.append((name, String(match.1)))
        }
      }
    }
    return commands
  }

  @Test func `the simulator matrix is fromJSON of the plan job's output, which qapass plan writes`() throws {
    let plan = try Self.job("plan")
    let simulators = try Self.job("simulators")
    #expect(simulators.matrix == "${{ fromJSON(needs.plan.outputs.matrix) }}")
    #expect(plan.outputs["matrix"] == "${{ steps.plan.outputs.matrix }}")
    #expect(plan.outputs["jobs"] == "${{ steps.plan.outputs.jobs }}")
    let step = try #require(plan.steps.first { $0.id == "plan" })
    #expect(step.run == "scripts/ci/plan")
    let text = try Self.script("plan")
    #expect(text.contains(#"qapass plan "$matrix" --format github-matrix >"$out/matrix.json""#))
    #expect(text.contains(#"echo "matrix=$(cat "$out/matrix.json")""#))
    // A matrix without simulator sessions has no row: the simulator jobs are skipped, not failed.
    #expect(simulators.condition?.contains("needs.plan.outputs.jobs != '0'") == true)
    // No script but the simulator job's lists a Mac's simulators.
    for (script, subcommand) in try Self.scriptCommands() where subcommand == "destinations" {
      #expect(script == "simulator-job", "\(script) runs qapass destinations")
    }
  }

  @Test func `the plan's output for the default matrix names no simulator instance nor item`() throws {
    let matrix = try Self.defaultMatrix()
    let run = qapass("plan", matrix, "--format", "github-matrix")
    #expect(run.code == .success, "\(run.err)")
    #expect(try Self.udidProblems(run.out) == [])
    #expect(run.out.filter { $0 == "\n" }.count == 1, "one line, as $GITHUB_OUTPUT takes it")
    #expect(!run.out.contains("manual."), "the job asks qapass for its sessions")

    // Every matrix value a simulator job reads is in every row.
    let object = try #require(try JSONSerialization.jsonObject(with: Data(run.out.utf8)) as? [String: Any])
    let rows = try #require(object["include"] as? [[String: Any]])
    #expect(!rows.isEmpty)
    let read = Set(
      try Self.job("simulators").scalars.joined(separator: "\n").matches(of: #/matrix\.([a-z_]+)/#).map {
        String($0.1)
      })
    #expect(read == ["name", "job", "os_major"])
    for row in rows { #expect(read.isSubset(of: row.keys), "\(row["job"] ?? "?")") }

    // The negative control: the list a Mac prints for itself is full of UDIDs.
    let mac = qapass(
      "destinations", SimulatorCommandTests.matrix, "--simctl-json", SimulatorCommandTests.simctl,
      "--allow-missing", "--format", "github-matrix")
    #expect(mac.code == .success)
    let problems = try Self.udidProblems(mac.out)
    #expect(problems.contains("row 'sim-iphone-16e.18.x' has 'udid'"))
    #expect(problems.contains { $0.hasPrefix("a UDID: ") })
  }

  @Test func `each simulator job runs its sessions with the pack, on the runner image of their OS`() throws {
    let job = try Self.job("simulators")
    #expect(job.env["JOB"] == "${{ matrix.job }}")
    let downloads = job.steps(using: "actions/download-artifact")
    #expect(Set(downloads.compactMap { $0.with["name"] }) == ["qapass-macos", "qapass-plan"])
    let select = try #require(job.steps.first { $0.run == "scripts/ci/select-xcode" })
    let run = try #require(job.steps.first { $0.run == "scripts/ci/simulator-job" })
    #expect(select.index < run.index)
    let upload = try #require(job.steps(using: "actions/upload-artifact").first)
    #expect(upload.index > run.index)
    #expect(upload.with["name"] == "qapass-records-${{ matrix.job }}")
    #expect(upload.with["path"] == "ci-records/")
    #expect(upload.condition == "${{ !cancelled() }}", "a failed job's records are uploaded too")
    // The app's tests get the pack through xcodebuild's TEST_RUNNER_ prefix, and name their subject.
    let text = try Self.script("simulator-job")
    for variable in ["TEST_RUNNER_QAPASS_PACK", "TEST_RUNNER_QAPASS_RESULTS", "TEST_RUNNER_QAPASS_SUBJECT"] {
      #expect(text.contains(variable + "="))
    }
    #expect(!text.contains("|| echo"), "the test run's exit code is kept")
    // The runner: a macOS image chosen by the sessions' OS.
    let runsOn = try #require(job.runsOn)
    let table = try #require(
      runsOn.firstMatch(of: #/fromJSON\('(\{[^']*\})'\)\[matrix\.os_major\] \|\| '([a-z0-9-]+)'/#))
    let labels = try #require(
      try JSONSerialization.jsonObject(with: Data(String(table.1).utf8)) as? [String: String])
    for label in labels.values.sorted() + [String(table.2)] {
      #expect(label.hasPrefix("macos-") || label.hasPrefix("xcode-"), "\(label) is no macOS runner label")
    }
    #expect(
      job.node["strategy"]?["fail-fast"]?.bool == false, "one session's failure does not cancel the others")
  }

  @Test func `the pass job always writes and publishes the report, its JUnit as a check, and gates on it`()
    throws
  {
    let job = try Self.job("pass")
    let downloads = job.steps(using: "actions/download-artifact")
    #expect(downloads.contains { $0.with["name"] == "qapass-plan" && $0.with["path"] == "ci-plan" })
    #expect(downloads.contains { $0.with["name"] == "qapass-core" && $0.with["path"] == "ci-core" })
    // Records go beside the committed observations, never into observations/.
    #expect(
      downloads.contains {
        $0.with["pattern"] == "qapass-records-*" && $0.with["path"] == "ci-records"
          && $0.with["merge-multiple"] == "true"
      })
    #expect(!downloads.contains { $0.with["path"]?.hasPrefix("observations") == true })
    // qapass is built in the job itself, so a plan job that failed before its artifact still gets a report.
    #expect(job.steps.contains { $0.run?.contains("swift build -c release --product qapass") == true })
    let previous = try #require(job.steps.first { $0.run == "scripts/ci/previous-report" })
    let fates = try #require(job.steps.first { $0.run == "scripts/ci/record-jobs" })
    let pass = try #require(job.steps.first { $0.run == "scripts/ci/pass" })
    #expect(pass.id == "pass" && previous.index < pass.index && fates.index < pass.index)
    #expect(job.node["permissions"]?["actions"]?.scalar?.text == "read", "gh lists the run's jobs")
    // record-jobs finds a job's row in its name.
    #expect(
      try Self.job("simulators").node["name"]?.scalar?.text.hasPrefix("Simulators ${{ matrix.job }}: ")
        == true)
    #expect(
      pass.env["ARTIFACTS_URL"]?.hasPrefix("${{ github.server_url }}/${{ github.repository }}/actions/runs/")
        == true)
    let report = try #require(job.steps(using: "actions/upload-artifact").first)
    #expect(report.with["path"] == "reports/", "junit.xml and junit-extended.xml are in reports/")
    #expect(report.condition == "${{ !cancelled() }}" && report.index > pass.index)
    let check = try #require(job.steps(using: "mikepenz/action-junit-report").first)
    #expect(check.with["report_paths"] == "reports/junit.xml" && check.condition == "${{ !cancelled() }}")
    #expect(job.node["permissions"]?["checks"]?.scalar?.text == "write")
    let text = try Self.script("pass")
    #expect(text.contains(#"qapass pass "${args[@]}" || code=$?"#) && text.hasSuffix("exit \"$code\"\n"))
    #expect(text.contains("--previous ci-previous/report.json"))
  }

  @Test func `every action is pinned to a commit with its release tag beside it, and the builds are cached`()
    throws
  {
    let text = try String(contentsOf: repositoryRoot.appendingPathComponent(Self.path), encoding: .utf8)
    let uses = text.split(separator: "\n").filter { $0.contains("uses: ") }
    #expect(uses.count >= 15)
    for line in uses {
      #expect(
        line.wholeMatch(of: #/ *(- )?uses: [a-z-]+/[a-z-]+@[0-9a-f]{40} # v\d+\.\d+\.\d+/#) != nil, "\(line)")
    }
    let workflow = try Self.workflow()
    #expect(workflow.root["concurrency"]?["group"]?.scalar?.text == "qapass-${{ github.ref }}")
    // SwiftPM's build folder where qapass is built, Homebrew's downloads where it installs.
    for id in ["plan", "mac-build", "pass"] {
      let cache = try #require(workflow.job(id)?.steps(using: "actions/cache").first, "\(id)")
      #expect(cache.with["path"]?.contains(".build") == true, "\(id)")
    }
    for id in ["mac-build", "simulators"] {
      let cache = workflow.job(id)?.steps(using: "actions/cache").first
      #expect(cache?.with["path"]?.contains("Library/Caches/Homebrew") == true, "\(id)")
    }
  }

  /// actionlint (in `.oracles/`) reads the workflow as GitHub does, its expressions and runtimes included.
  @Test(.enabled(if: PythonOracles.available, PythonOracles.skipReason))
  func `actionlint finds nothing in the workflow`() throws {
    let actionlint = PythonOracles.python.deletingLastPathComponent().appendingPathComponent("actionlint")
    func lint(_ path: String) throws -> (status: Int32, output: String) {
      try Program.run(actionlint, ["-no-color", "-oneline", path], in: repositoryRoot)
    }
    let clean = try lint(Self.path)
    #expect(clean.status == 0 && clean.output.isEmpty, "\(clean.output)")
    // The negative control: an action by its floating tag on the runtime GitHub retires is a finding.
    let old = FileManager.default.temporaryDirectory.appendingPathComponent("qapass-actionlint-\(UUID()).yml")
    defer { try? FileManager.default.removeItem(at: old) }
    try String(contentsOf: repositoryRoot.appendingPathComponent(Self.path), encoding: .utf8)
      .replacingOccurrences(
        of: "actions/upload-artifact@330a01c490aca151604b8cf639adc76d48f6c5d4 # v5.0.0",
        with: "actions/upload-artifact@v4"
      ).write(to: old, atomically: true, encoding: .utf8)
    let findings = try lint(old.path)
    #expect(findings.status != 0)
    #expect(findings.output.contains(#"runtime "node20" is deprecated"#), "\(findings.output)")
  }

  @Test func `artifacts go from the job that makes them to the jobs that need them`() throws {
    let workflow = try Self.workflow()
    func uploads(_ id: String) -> [String] {
      workflow.job(id)?.steps(using: "actions/upload-artifact").compactMap { $0.with["name"] } ?? []
    }
    func upstream(_ id: String) -> Set<String> {
      let needs = workflow.job(id)?.needs ?? []
      return needs.reduce(into: Set(needs)) { $0.formUnion(upstream($1)) }
    }
    for job in workflow.jobs {
      for download in job.steps(using: "actions/download-artifact") {
        let made = upstream(job.id).flatMap(uploads)
        if let name = download.with["name"] {
          #expect(made.contains(name), "\(job.id) downloads '\(name)', which no job it needs uploads")
        } else if let pattern = download.with["pattern"] {
          let prefix = String(pattern.dropLast())
          #expect(pattern.hasSuffix("*") && made.contains { $0.hasPrefix(prefix) }, "\(job.id): \(pattern)")
        }
      }
    }
    // What the plan job's scripts write for the pass job is where the pass script reads it.
    #expect(try Self.script("plan").contains(#"--output "$out/scenarios.pack.json""#))
    #expect(try Self.script("replay-core").contains(#"results="$root/${CI_CORE:-ci-core}/app-core.json""#))
    let pass = try Self.script("pass")
    #expect(
      pass.contains("--pack ci-plan/scenarios.pack.json")
        && pass.contains("--automated ci-core/app-core.json"))
  }

  @Test func `the Mac job builds without the engines and builds every target that holds Apple-only code`()
    throws
  {
    let job = try Self.job("mac-build")
    let commands = job.steps.flatMap(\.commands)
    #expect(
      commands.contains {
        $0.words.starts(with: ["swift", "build"]) && $0.has("--disable-default-traits")
          && $0.value("--product") == "qapass"
      })
    let builds = commands.filter { $0.program == "xcodebuild" && $0.has("build") }
    #expect(builds.allSatisfy { $0.value("-destination") == "generic/platform=iOS Simulator" })
    // A scheme given as a loop variable is each word of its loop.
    var schemes: [String] = []
    for build in builds {
      guard let scheme = build.value("-scheme") else { continue }
      if scheme.hasPrefix("$") {
        let loop = commands.first { $0.words.starts(with: ["for", String(scheme.dropFirst())]) }
        schemes += loop?.words.drop { $0 != "in" }.dropFirst() ?? []
      } else {
        schemes.append(scheme)
      }
    }
    let manifest = try String(
      contentsOf: repositoryRoot.appendingPathComponent("Package.swift"), encoding: .utf8)
    for scheme in schemes {
      #expect(manifest.contains(".library(name: \"\(scheme)\", targets: [\"\(scheme)\"])"))
    }
    // Every target with Apple-only code is built for iOS.
    var appleOnly: Set<String> = []
    let sources = repositoryRoot.appendingPathComponent("Sources")
    for target in try FileManager.default.contentsOfDirectory(atPath: sources.path) {
      let folder = sources.appendingPathComponent(target)
      for file in (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
      where file.hasSuffix(".swift") {
        let text = try String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8)
        if text.contains("#if canImport(UIKit)") || text.contains("#if canImport(CoreHaptics)") {
          appleOnly.insert(target)
        }
      }
    }
    #expect(appleOnly == ["AcceptanceCore", "QAPassHarnessUIKit"])
    #expect(appleOnly.isSubset(of: schemes))
    let upload = try #require(job.steps(using: "actions/upload-artifact").first)
    #expect(upload.with["name"] == "qapass-macos")
  }

  /// Why qapass would refuse `arguments`, or `nil` when its command spec takes them.
  static func refusal(_ arguments: [String]) -> String? {
    guard let name = arguments.first, let command = Tool.subcommands.first(where: { $0.spec.name == name })
    else {
      return "no subcommand '\(arguments.first ?? "")'"
    }
    do {
      _ = try command.spec.parse(Array(arguments.dropFirst()))
      return nil
    } catch {
      return error.message
    }
  }

  /// `CIScriptsTests` runs every script's commands with the built qapass, which fails on a refused option;
  /// here: the subcommands they use, and no qapass command left in the YAML.
  @Test func `every qapass subcommand the workflow's scripts run is one the CLI has`() throws {
    let commands = try Self.scriptCommands()
    #expect(
      Set(commands.map(\.subcommand)) == [
        "lint", "export-scenarios", "checklist", "plan", "destinations", "simulator-setup", "ingest-xcresult",
        "record-job", "pass",
      ])
    let names = Set(Tool.subcommands.map(\.spec.name))
    for (script, subcommand) in commands {
      #expect(names.contains(subcommand), "\(script): qapass \(subcommand)")
    }
    for job in try Self.workflow().jobs {
      for step in job.steps { #expect(step.qapass.isEmpty, "\(job.id) step \(step.index + 1) runs qapass") }
    }
    // The negative control: a misspelt option and a misspelt format are refused.
    #expect(
      Self.refusal(["destinations", "m.yaml", "--allow-mising"])
        == "unknown option '--allow-mising'; did you mean '--allow-missing'?")
    #expect(Self.refusal(["plan", "m.yaml", "--format", "github-matrx"]) != nil)
    #expect(Self.refusal(["plan", "m.yaml", "--format", "simulator-jobs"]) == nil)
  }

  /// An oracle that shares nothing with qapass: SchemaStore's GitHub workflow schema, read by
  /// check-jsonschema (ruamel.yaml), in `.oracles/`.
  @Test(.enabled(if: PythonOracles.available, PythonOracles.skipReason))
  func `the workflow is valid against GitHub's workflow schema`() throws {
    let file = repositoryRoot.appendingPathComponent(Self.path).path
    let check = try PythonOracles.run(
      "from check_jsonschema import main; main()", ["--builtin-schema", "vendor.github-workflows", file])
    #expect(check.status == 0, "\(check.output)")
    // The negative control: a misspelt key fails the schema.
    let broken = FileManager.default.temporaryDirectory.appendingPathComponent(
      "qapass-workflow-\(UUID()).yml")
    defer { try? FileManager.default.removeItem(at: broken) }
    try String(contentsOfFile: file, encoding: .utf8).replacingOccurrences(
      of: "runs-on: macos-26\n", with: "run-on: macos-26\n"
    )
    .write(to: broken, atomically: true, encoding: .utf8)
    let refused = try PythonOracles.run(
      "from check_jsonschema import main; main()",
      ["--builtin-schema", "vendor.github-workflows", broken.path])
    #expect(refused.status != 0)
    #expect(refused.output.contains("'runs-on' is a required property"), "\(refused.output)")
  }

  @Test func `README's CI section names the workflow's jobs and the commands they run`() throws {
    let readme = try String(contentsOf: repositoryRoot.appendingPathComponent("README.md"), encoding: .utf8)
    let start = try #require(readme.range(of: "\n## CI: the GitHub Actions workflow\n"))
    let rest = readme[start.upperBound...]
    let section = String(rest[..<(rest.range(of: "\n## ")?.lowerBound ?? rest.endIndex)])
    let named = section.matches(of: #/\n\d+\. \*\*`([a-z-]+)`\*\*/#).map { String($0.1) }
    #expect(named == (try Self.workflow()).jobs.map(\.id))
    #expect(section.contains("`\(Self.path)`"))
    for subcommand in Set(try Self.scriptCommands().map(\.subcommand)).sorted() {
      #expect(
        section.contains("qapass \(subcommand)"), "README's CI section does not show qapass \(subcommand)")
    }
  }
}
