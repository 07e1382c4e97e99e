import Effects
import Observations
import QAPassWorkflow
import Reporting
import ScenarioEngine
import TestSupport
import Testing

/// The use cases called directly, over a file system in memory and a fixed clock: no CLI, no disk.
struct UseCaseTests {
  /// One field scoped to the Korean 2-Set keyboard, one simulator, one OS: 20 automated items and the
  /// three manual composition items m1, m2 and m3 in one session.
  static let matrix = """
    version: 1
    name: Small — Korean name
    build: "1.0 (1)"
    input_methods:
      - id: ko-2set
        label: Korean – 2-Set
        keyboard: ko_KR@sw=Korean;hw=Automatic
        engine: hangul:2
        recipe: rlawlsdn
        expect: 김진우
    devices:
      - {id: sim, name: iPhone Simulator, kind: simulator, haptics: false, os: {min: "18.0"}}
    fields:
      - id: name
        label: Name (Korean)
        rules: [korean-name]
        input_methods: [{id: ko-2set, recipe: qkrtjdus, expect: 박서연}]
    matrix:
      os: ["26.x"]
      input_method: [ko-2set]
      device: [sim]

    """

  /// The manual items of the matrix, written out from its one cell (sim, 26.x, ko-2set, name).
  static let manualItems = [
    "manual.ime.m1.sim.26.x.ko-2set.name", "manual.ime.m2.sim.26.x.ko-2set.name",
    "manual.ime.m3.sim.26.x.ko-2set.name",
  ]

  /// 2026-12-01T10:00:00Z.
  static let clock = FixedWallClock(secondsSince1970: 1_796_119_200)

  /// A working directory `/w` holding the matrix, and the use cases over it; `answers` are the lines a
  /// terminal on standard input would give.
  final class Fixture: @unchecked Sendable {
    let files = InMemoryFileSystem(["/w": .folder, "/w/m.yaml": .file(Array(UseCaseTests.matrix.utf8))])
    var out = ""
    var err = ""
    var answers: [String]? = nil
    var workflow: Workflow {
      Workflow(
        console: Console(
          environment: ["QAPASS_TESTER": "mei"], currentDirectory: "/w",
          standardInputIsTerminal: answers != nil,
          out: { self.out += $0 }, err: { self.err += $0 },
          readLine: { self.answers?.isEmpty == false ? self.answers?.removeFirst() : nil }),
        files: files, clock: UseCaseTests.clock)
    }
  }

  static let source = PlanSource(matrix: "m.yaml")

  @Test func `plan lists the automated and manual items of the small matrix`() throws {
    let fixture = Fixture()
    var inputs = Workflow.PlanInputs(source: Self.source)
    inputs.format = "json"
    let outcome = try fixture.workflow.plan(inputs)
    let plan = try #require(outcome.value)
    #expect(outcome.status == .success)
    #expect(outcome.written.isEmpty)
    #expect(plan.summary.automatedItems == 21)
    #expect(plan.summary.manualItems == 3)
    #expect(plan.items.filter { $0.kind == .manual }.map(\.id.rawValue) == Self.manualItems)
    #expect(fixture.out.hasPrefix("{"))
  }

  @Test(.needsEngines) func `plan, checklist, record and pass agree on items and verdict`() throws {
    let fixture = Fixture()
    let checklist = try fixture.workflow.checklist(.init(source: Self.source))
    #expect(checklist.status == .success)
    #expect(checklist.value.map(\.session.description) == ["sim.26.x"])
    #expect(
      checklist.written == [
        "checklists/ledger.yaml", "checklists/sim.26.x.md", "checklists/sim.26.x.html",
        "checklists/sim.26.x.observations.yaml",
        "checklists/plan-source.yaml",
      ])
    let markdown = try #require(fixture.files.text("/w/checklists/sim.26.x.md"))
    for id in Self.manualItems { #expect(markdown.contains(id)) }

    // Nothing recorded: the manual items are untested.
    let before = try fixture.workflow.pass(.init(source: Self.source))
    #expect(before.value.verdict == .incomplete)
    #expect(before.status == .incomplete)
    #expect(before.value.untested.map(\.id.rawValue) == Self.manualItems)

    for (number, id) in Self.manualItems.enumerated() {
      // By number within the session, as the checklist numbers them.
      var inputs = Workflow.RecordInputs(source: Self.source, item: "\(number + 1)", session: "sim.26.x")
      inputs.result = .pass
      inputs.os = ExactOS.release(in: "sim.26.x")
      let recorded = try fixture.workflow.record(inputs)
      #expect(recorded.written == ["observations/records.yaml"])
      guard case .observation(let observation) = recorded.value else {
        Issue.record("record walked instead of recording")
        continue
      }
      #expect(observation.itemID.rawValue == id)
      #expect(observation.tester == "mei")
      #expect(observation.time?.text == "2026-12-01T10:00:00Z")
    }
    let records = try #require(fixture.files.text("/w/observations/records.yaml"))
    for id in Self.manualItems { #expect(records.contains(id)) }

    let after = try fixture.workflow.pass(.init(source: Self.source))
    #expect(after.value.verdict == .accepted)
    #expect(after.status == .success)
    #expect(after.value.items.count == 24)
    #expect(after.value.items.allSatisfy { $0.outcome == .pass })
    #expect(after.written.contains("reports/report.json"))
    #expect(after.written.contains("reports/junit.xml"))

    // One failure rejects the pass.
    var failing = Workflow.RecordInputs(source: Self.source, item: Self.manualItems[1])
    failing.result = .fail
    failing.os = ExactOS.release(in: Self.manualItems[1])
    failing.note = "message stayed after choosing 박서연"
    _ = try fixture.workflow.record(failing)
    let rejected = try fixture.workflow.pass(.init(source: Self.source))
    #expect(rejected.value.verdict == .rejected)
    #expect(rejected.status == .failure)
    #expect(rejected.value.failures.map(\.id.rawValue) == [Self.manualItems[1]])
  }

  @Test(.needsEngines)
  func `record keeps its records in the observations folder given, where pass reads them`()
    throws
  {
    let fixture = Fixture()
    var inputs = Workflow.RecordInputs(source: Self.source, item: Self.manualItems[0])
    inputs.result = .pass
    inputs.os = ExactOS.release(in: Self.manualItems[0])
    inputs.observations = "qa-observations"
    #expect(try fixture.workflow.record(inputs).written == ["qa-observations/records.yaml"])
    #expect(fixture.files.text("/w/observations/records.yaml") == nil)

    var report = Workflow.ReportInputs(source: Self.source)
    report.observations = "qa-observations"
    let counted = try fixture.workflow.pass(report)
    #expect(counted.value.items.first { $0.id.rawValue == Self.manualItems[0] }?.outcome == .pass)
    // The default folder does not hold it: without the option the item is untested.
    let elsewhere = try fixture.workflow.pass(.init(source: Self.source))
    #expect(elsewhere.value.items.first { $0.id.rawValue == Self.manualItems[0] }?.outcome == .untested)
  }

  @Test func `record refuses an item the plan does not have and writes nothing`() throws {
    let fixture = Fixture()
    var inputs = Workflow.RecordInputs(source: Self.source, item: "manual.ime.m1.sim.18.x.ko-2set.name")
    inputs.result = .pass
    let error = try #require(throws: UsageError.self) { try fixture.workflow.record(inputs) }
    #expect(error.message.hasPrefix("unknown manual item 'manual.ime.m1.sim.18.x.ko-2set.name'"))
    #expect(fixture.files["/w/observations/records.yaml"] == nil)
  }

  @Test(arguments: ["m.yaml", "/w/m.yaml"])
  func `run refuses to write its results over the matrix it read`(path: String) throws {
    let fixture = Fixture()
    var inputs = Workflow.RunInputs(source: Self.source)
    inputs.junit = path
    let error = try #require(throws: FileError.self) { try fixture.workflow.run(inputs) }
    #expect(error.exitCode == .cannotCreate)
    #expect(
      error.message == "cannot write: this command reads it; qapass never writes an output over an input")
    #expect(fixture.files.text("/w/m.yaml") == Self.matrix)
  }

  @Test func `export-scenarios refuses to write the pack over the matrix it read`() throws {
    let fixture = Fixture()
    var inputs = Workflow.ExportScenariosInputs(source: Self.source, generator: "qapass test")
    inputs.output = "m.yaml"
    let error = try #require(throws: FileError.self) { try fixture.workflow.exportScenarios(inputs) }
    #expect(error.exitCode == .cannotCreate)
    #expect(fixture.files.text("/w/m.yaml") == Self.matrix)
  }

  /// Issue 21: a build without the engines (the Mac build) never writes a pack missing the items
  /// that type keystrokes; a plan without such items still exports there.
  @Test func `export-scenarios without the engines refuses a plan that needs them, and only such a plan`()
    throws
  {
    let fixture = Fixture()
    var workflow = fixture.workflow
    workflow.engines = nil
    var inputs = Workflow.ExportScenariosInputs(source: Self.source, generator: "qapass test")
    inputs.output = "pack.json"
    let error = try #require(throws: UsageError.self) { try workflow.exportScenarios(inputs) }
    #expect(error.message.hasPrefix("'export-scenarios' cannot export 7 of the 21 automated items"))
    #expect(
      error.message.contains("engines of 'ko-2set', and qapass was built without the input-method engines"))
    #expect(fixture.files.text("/w/pack.json") == nil)
    // Negative control: the keyboard has no engine here, so no item types keystrokes.
    try fixture.files.writeAtomically(
      Array(Self.matrix.replacingOccurrences(of: "    engine: hangul:2\n", with: "").utf8), to: "/w/m.yaml")
    let exported = try workflow.exportScenarios(inputs)
    #expect(exported.status == .success)
    #expect(exported.value.unexported.isEmpty && !exported.value.items.isEmpty)
    #expect(fixture.files.text("/w/pack.json") != nil)
  }

  @Test func `the session walk records each answer on the console it is given`() throws {
    let fixture = Fixture()
    // The release the session's 26.x device runs (asked first without --os: "26.x" is refused), then
    // m1 pass with a note, m2 left untested, m3 blocked with its reason; then the input ends.
    fixture.answers = [
      "26.x", "26.2", "p", "no error while composing", "", "", "b", "no Korean keyboard on the simulator", "",
      "",
    ]
    let outcome = try fixture.workflow.record(.init(source: Self.source, session: "sim.26.x"))
    guard case .walk(let recorded, let left, _) = outcome.value else {
      Issue.record("record recorded one observation instead of walking")
      return
    }
    #expect(recorded == [.pass, .blocked])
    #expect(left == 1)
    #expect(outcome.written == ["observations/records.yaml"])
    let records = try #require(fixture.files.text("/w/observations/records.yaml"))
    #expect(records.contains(Self.manualItems[0]))
    #expect(!records.contains(Self.manualItems[1]))
    #expect(records.contains(Self.manualItems[2]))
    #expect(records.contains("no Korean keyboard on the simulator"))
    #expect(records.contains("26.2") && !records.contains("os: \"26.x\""), "the release given is recorded")
    // The walk talks on the console as it goes; what it recorded is said once it is done.
    #expect(fixture.out.contains("Recorded blocked for #3"))
    #expect(outcome.output == "2 answers are in observations/records.yaml\n")
  }

  @Test func `the session walk needs a terminal`() throws {
    let fixture = Fixture()
    let error = try #require(throws: UsageError.self) {
      try fixture.workflow.record(.init(source: Self.source, session: "sim.26.x"))
    }
    #expect(error.message.hasPrefix("walking a session needs a terminal"))
    // The command it suggests is one `record` takes: a session of a series needs the exact release.
    #expect(error.message.hasSuffix("qapass record 3 --session sim.26.x --result pass --os 26.4.1"))
  }
}
