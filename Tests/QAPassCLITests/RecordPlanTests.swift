import Effects
import TestSupport
import Testing

@testable import QAPassCLI

/// `record` plans exactly as `checklist` did: a pairwise plan kept in another checklists folder, with
/// the same `--max-combinations`. Regression test for issue 10: `record` and `ingest-junit` planned
/// through a copy of `plan`'s arguments and could not take `--max-combinations`, so on such a plan
/// they planned other cells and refused valid ids.
struct RecordPlanTests {
  static let matrix = """
    version: 1
    name: Pairwise — two simulators
    build: "1.0 (1)"
    plan: {strategy: {kind: pairwise, strength: 2}, seed: 1}
    input_methods:
      - {id: ko-2set, label: Korean, keyboard: ko_KR@sw=Korean;hw=Automatic, recipe: rlawlsdn, expect: 김진우}
      - {id: ja-10key, label: Japanese, keyboard: ja_JP-Kana@sw=Kana;hw=Automatic, recipe: やまだ, expect: 山田}
    devices:
      - {id: sim-a, name: iPhone Simulator A, kind: simulator, haptics: false, os: {min: "18.0"}}
      - {id: sim-b, name: iPhone Simulator B, kind: simulator, haptics: false, os: {min: "18.0"}}
    fields:
      - id: name
        label: Name
        rules: [korean-name]
        input_methods: [ko-2set, ja-10key]
    matrix:
      os: ["18.x", "26.x"]
      input_method: [ko-2set, ja-10key]
      device: [sim-a, sim-b]

    """

  /// A covering array of the matrix other than the one its seed gives (that one pairs sim-a with
  /// 18.x and ko-2set): the cells an earlier plan kept in `qa/cells.jsonl`.
  static let keptCells = """
    {"os":"18.x","input_method":"ko-2set","device":"sim-b"}
    {"os":"26.x","input_method":"ja-10key","device":"sim-b"}
    {"os":"26.x","input_method":"ko-2set","device":"sim-a"}
    {"os":"18.x","input_method":"ja-10key","device":"sim-a"}

    """

  /// Planned only from the kept cells.
  static let keptItem = "manual.ime.m1.sim-b.18.x.ko-2set.name"
  /// Planned only without them (the seed's own array).
  static let freshItem = "manual.ime.m1.sim-a.18.x.ko-2set.name"

  static func run(_ files: InMemoryFileSystem, _ arguments: String...) -> ToolRun { run(files, arguments) }

  /// The same run, its arguments as an array.
  static func run(_ files: InMemoryFileSystem, _ arguments: [String]) -> ToolRun {
    qapass(
      arguments, in: "/w", environment: ["QAPASS_TESTER": "mei"], files: files,
      clock: FixedWallClock(secondsSince1970: 1_796_119_200))
  }

  @Test func `record accepts the kept plan's ids and refuses the others, exit 64`() throws {
    let files = InMemoryFileSystem([
      "/w": .folder, "/w/m.yaml": .file(Array(Self.matrix.utf8)), "/w/qa": .folder,
      "/w/qa/cells.jsonl": .file(Array(Self.keptCells.utf8)),
    ])
    let options = ["--checklists", "qa", "--max-combinations", "100"]
    let checklist = Self.run(files, "checklist", "m.yaml", options[0], options[1], options[2], options[3])
    #expect(checklist.code == .success, "\(checklist.err)")
    let sheet = try #require(files.text("/w/qa/sim-b.18.x.observations.yaml"))
    #expect(sheet.contains(Self.keptItem))
    #expect(files["/w/qa/sim-a.18.x.observations.yaml"] != nil)
    #expect(!(files.text("/w/qa/sim-a.18.x.observations.yaml") ?? "").contains(Self.freshItem))

    // `plan` shows the same kept plan.
    let plan = Self.run(files, "plan", "m.yaml", options[0], options[1], options[2], options[3])
    #expect(plan.out.contains(Self.keptItem))
    #expect(!plan.out.contains(Self.freshItem))

    let valid = Self.run(
      files,
      exactOS(
        "record", Self.keptItem, "--matrix", "m.yaml", options[0], options[1], options[2], options[3],
        "--result", "pass"))
    #expect(valid.code == .success, "\(valid.err)")
    #expect(valid.out.hasPrefix("recorded pass for \(Self.keptItem) by mei"))
    #expect(files.text("/w/observations/records.yaml")?.contains(Self.keptItem) == true)

    let invalid = Self.run(
      files,
      exactOS(
        "record", Self.freshItem, "--matrix", "m.yaml", options[0], options[1], options[2], options[3],
        "--result", "pass"))
    #expect(invalid.code == .usage)
    #expect(invalid.err.hasPrefix("Error: unknown manual item '\(Self.freshItem)'"))
    #expect(files.text("/w/observations/records.yaml")?.contains(Self.freshItem) == false)
  }

  @Test func `ingest-junit matches the kept plan's items with the same options`() throws {
    // Test cases named after an item of the kept plan and one of the seed's own plan
    // (manual.ime.m1.sim-b.18.x.ja-10key.name), both on sim-b, 18.x.
    let junit = """
      <testsuites><testsuite name="NameTests" tests="2" timestamp="2026-11-28T16:00:00">
      <testcase classname="NameTests" name="testManualImeM1Ko2setName"/>
      <testcase classname="NameTests" name="testManualImeM1Ja10keyName"/>
      </testsuite></testsuites>

      """
    let files = InMemoryFileSystem([
      "/w": .folder, "/w/m.yaml": .file(Array(Self.matrix.utf8)), "/w/qa": .folder,
      "/w/qa/cells.jsonl": .file(Array(Self.keptCells.utf8)), "/w/results.xml": .file(Array(junit.utf8)),
    ])
    let run = Self.run(
      files, "ingest-junit", "results.xml", "--device", "sim-b", "--os", "18.x", "--matrix", "m.yaml",
      "--checklists", "qa", "--max-combinations", "100")
    #expect(run.code == .success, "\(run.err)")
    #expect(run.out.contains("  pass  \(Self.keptItem)\n"))
    #expect(run.out.contains("1 matching no plan item"))
    #expect(run.out.contains("NameTests.testManualImeM1Ja10keyName"))
    #expect(files.text("/w/observations/records.yaml")?.contains(Self.keptItem) == true)
  }
}
