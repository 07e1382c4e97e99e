import Foundation
import TestSupport
import Testing
import YAMLDecoding

@testable import QAPassCLI

/// The GitHub Actions workflow shipped in `.github/workflows/qapass.yml` (issue 23): its jobs and what
/// each needs, the simulator matrix taken with `fromJSON` from the plan job's output and carrying no UDID,
/// each simulator resolved inside its job, the pass job's publishing and gate, the Mac job's builds, every
/// qapass command one the CLI accepts, and README's CI section naming the same jobs. No Mac and no GitHub
/// run here: these are the checks that hold without one.
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
    // The pass job also runs after a failed simulator job, never after a failed plan.
    #expect(workflow.job("pass")?.condition == "${{ !cancelled() && needs.plan.result == 'success' }}")
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
    #expect(seen >= 8)
  }

  @Test func `the simulator matrix is fromJSON of the plan job's output, which qapass plan writes`() throws {
    let plan = try Self.job("plan")
    let simulators = try Self.job("simulators")
    #expect(simulators.matrix == "${{ fromJSON(needs.plan.outputs.sessions) }}")
    #expect(plan.outputs["sessions"] == "${{ steps.sessions.outputs.sessions }}")
    let step = try #require(plan.steps.first { $0.id == "sessions" })
    let commands = step.qapass
    #expect(commands.map(\.description) == ["qapass plan $QAPASS_MATRIX --format github-matrix"])
    #expect(step.run?.contains(#"echo "sessions=$sessions" >> "$GITHUB_OUTPUT""#) == true)
    // No job other than the simulator jobs themselves lists this Mac's simulators.
    for job in try Self.workflow().jobs where job.id != "simulators" {
      #expect(job.step(running: "destinations") == nil, "\(job.id) runs qapass destinations")
    }
  }

  @Test func `the plan's output for the default matrix names no simulator instance`() throws {
    let plan = try Self.job("plan")
    let command = try #require(plan.steps.first { $0.id == "sessions" }?.qapass.first)
    let matrix = try Self.defaultMatrix()
    let run = qapass(Self.arguments(command, matrix: matrix), in: repositoryRoot.path)
    #expect(run.code == .success, "\(run.err)")
    #expect(try Self.udidProblems(run.out) == [])
    #expect(run.out.filter { $0 == "\n" }.count == 1, "one line, as $GITHUB_OUTPUT takes it")

    // Every matrix value a simulator job reads is in every row.
    let object = try #require(try JSONSerialization.jsonObject(with: Data(run.out.utf8)) as? [String: Any])
    let rows = try #require(object["include"] as? [[String: Any]])
    #expect(!rows.isEmpty)
    let read = Set(
      try Self.job("simulators").scalars.joined(separator: "\n").matches(of: #/matrix\.([a-z_]+)/#).map {
        String($0.1)
      })
    #expect(read == ["session", "device", "os", "os_major"])
    for row in rows { #expect(read.isSubset(of: row.keys), "\(row["session"] ?? "?")") }

    // The negative control: the list a Mac prints for itself is full of UDIDs.
    let mac = qapass(
      "destinations", SimulatorCommandTests.matrix, "--simctl-json", SimulatorCommandTests.simctl,
      "--allow-missing", "--format", "github-matrix")
    #expect(mac.code == .success)
    let problems = try Self.udidProblems(mac.out)
    #expect(problems.contains("row 'sim-iphone-16e.18.x' has 'udid'"))
    #expect(problems.contains { $0.hasPrefix("a UDID: ") })
  }

  @Test func `each simulator job resolves its simulator on its runner before using it`() throws {
    let job = try Self.job("simulators")
    let resolve = try #require(job.step(running: "destinations"))
    let id = try #require(resolve.id)
    let command = try #require(resolve.qapass.first { $0.subcommand == "destinations" })
    #expect(command.value("--session") == "$SESSION" && job.env["SESSION"] == "${{ matrix.session }}")
    #expect(command.has("--allow-missing"))
    #expect(command.value("--record-missing") == "$RECORDS")
    #expect(job.env["RECORDS"] == "ci-records/${{ matrix.session }}.yaml")
    #expect(
      resolve.run?.contains(#"echo "destination=$(jq -r '.[0].destination // empty' destination.json)""#)
        == true)

    let resolved = "steps.\(id).outputs.destination != ''"
    let setup = try #require(job.step(running: "simulator-setup"))
    #expect(setup.qapass.first?.has("--apply") == true)
    let test = try #require(
      job.steps.first { $0.commands.contains { $0.program == "xcodebuild" && $0.has("test") } })
    let xcodebuild = try #require(test.commands.first { $0.program == "xcodebuild" })
    #expect(xcodebuild.value("-destination") == "$DESTINATION")
    #expect(test.env["DESTINATION"] == "${{ steps.\(id).outputs.destination }}")
    #expect(xcodebuild.value("-resultBundlePath") == "$RUNNER_TEMP/$SESSION.xcresult")
    let ingest = try #require(job.step(running: "ingest-xcresult") ?? job.step(running: "ingest-junit"))
    let ingestCommand = try #require(ingest.qapass.first)
    #expect(ingestCommand.arguments.dropFirst().first == "$RUNNER_TEMP/$SESSION.xcresult")
    #expect(ingestCommand.value("--file") == "$RECORDS", "the not-run records and the results go together")
    for step in [setup, test, ingest] {
      #expect(step.index > resolve.index)
      #expect(step.condition == resolved, "\(step.name ?? "") runs only when the simulator resolved")
    }
    #expect(resolve.index < setup.index && setup.index < test.index && test.index < ingest.index)
    let upload = try #require(job.steps(using: "actions/upload-artifact").first)
    #expect(upload.index > ingest.index)
    #expect(upload.with["name"] == "qapass-records-${{ matrix.session }}")
    #expect(upload.with["path"] == "ci-records/")
    // The runner: a macOS image chosen by the session's OS.
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

  @Test func `the pass job publishes the summary and the JUnit and gates on qapass pass's exit code`() throws
  {
    let job = try Self.job("pass")
    let downloads = job.steps(using: "actions/download-artifact")
    #expect(downloads.contains { $0.with["name"] == "qapass-plan" && $0.with["path"] == "ci-plan" })
    #expect(
      downloads.contains {
        $0.with["pattern"] == "qapass-records-*" && $0.with["path"] == "observations"
          && $0.with["merge-multiple"] == "true"
      })
    let step = try #require(job.step(running: "pass"))
    let id = try #require(step.id)
    let pass = try #require(step.qapass.first)
    #expect(pass.value("--out") == nil && pass.value("--observations") == nil, "reports/ and observations/")
    #expect(step.run?.contains("&& code=0 || code=$?") == true)
    #expect(step.run?.contains(#"echo "code=$code" >> "$GITHUB_OUTPUT""#) == true)
    let summary = try #require(job.steps.first { $0.run?.contains("$GITHUB_STEP_SUMMARY") == true })
    #expect(summary.run == "cat reports/report-summary.md >> \"$GITHUB_STEP_SUMMARY\"")
    #expect(summary.index > step.index)
    let report = try #require(job.steps(using: "actions/upload-artifact").first)
    #expect(report.with["path"] == "reports/", "junit.xml and junit-extended.xml are in reports/")
    #expect(report.condition == "${{ !cancelled() }}")
    let gate = try #require(job.steps.last)
    #expect(gate.env["CODE"] == "${{ steps.\(id).outputs.code }}")
    #expect(gate.run?.hasSuffix("exit \"$CODE\"\n") == true)
    #expect(gate.condition == nil, "the gate runs whenever the pass step did")
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
    // What the plan job writes for the pass job is where the pass job reads it.
    let export = try #require(try Self.job("plan").step(running: "export-scenarios")?.qapass.first)
    let pass = try #require(try Self.job("pass").step(running: "pass")?.qapass.first)
    #expect(export.value("--output") == pass.value("--pack"))
    #expect(
      pass.value("--pack")?.hasPrefix("ci-plan/") == true
        && pass.value("--automated") == "ci-plan/app-core.json")
    let replay = try #require(
      try Self.job("plan").steps.first { $0.commands.contains { $0.words == ["swift", "test"] } })
    #expect(replay.run?.contains(#"QAPASS_RESULTS="$GITHUB_WORKSPACE/ci-plan/app-core.json""#) == true)
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

  /// The qapass commands of every step, with where they are.
  static func qapassCommands() throws -> [(job: String, step: Int, command: ShellScript.Command)] {
    try workflow().jobs.flatMap { job in
      job.steps.flatMap { step in step.qapass.map { (job.id, step.index, $0) } }
    }
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

  @Test func `every qapass command in the workflow is one the CLI accepts`() throws {
    let commands = try Self.qapassCommands()
    #expect(
      Set(commands.compactMap(\.command.subcommand)) == [
        "lint", "export-scenarios", "checklist", "plan", "destinations", "simulator-setup", "ingest-xcresult",
        "pass",
      ])
    for (job, step, command) in commands {
      #expect(Self.refusal(command.arguments) == nil, "\(job) step \(step + 1): \(command)")
    }
    // The word qapass appears only as a program (or a product to build): a command the check cannot read
    // is a failure too.
    for job in try Self.workflow().jobs {
      for step in job.steps {
        for command in step.commands {
          let elsewhere = command.words.indices.dropFirst().filter {
            command.words[$0] == "qapass" && command.words[$0 - 1] != "--product"
          }
          #expect(elsewhere.isEmpty, "\(job.id) step \(step.index + 1): \(command)")
        }
      }
    }
    // The negative control: a misspelt option and a combination that cannot work are refused.
    #expect(
      Self.refusal(["destinations", "m.yaml", "--allow-mising"])
        == "unknown option '--allow-mising'; did you mean '--allow-missing'?")
    #expect(
      Self.refusal(["destinations", "m.yaml", "--record-missing", "r.yaml"])?.hasPrefix(
        "'--record-missing' needs") == true)
    #expect(Self.refusal(["plan", "m.yaml", "--format", "github-matrx"]) != nil)
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
    for subcommand in Set(try Self.qapassCommands().compactMap(\.command.subcommand)).sorted() {
      #expect(
        section.contains("qapass \(subcommand)"), "README's CI section does not show qapass \(subcommand)")
    }
  }
}
