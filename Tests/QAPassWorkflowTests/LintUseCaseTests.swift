import Effects
import QAPassWorkflow
import Reporting
import ScenarioEngine
import TestSupport
import Testing

/// `lint`, `plan --explain` and `plan --assign` over a file system in memory (issue 23).
struct LintUseCaseTests {
  /// Five keyboards no engine models (manual items only), seven devices of which six run iOS 26 only,
  /// two OS versions, planned pairwise: 70 combinations, 30 of them impossible; three testers (one
  /// with a `|` in the name, for the Markdown table).
  static let matrix = """
    version: 1
    name: Pairwise counts
    input_methods:
      - {id: pinyin, keyboard: zh_Hans-Pinyin@sw=Pinyin-Simplified;hw=Automatic, recipe: zhang, expect: 张}
      - {id: zhuyin, keyboard: zh_Hant-Zhuyin@sw=Zhuyin, recipe: ㄓㄤ, expect: 張}
      - {id: romaji, keyboard: ja_JP-Romaji@sw=QWERTY-Japanese;hw=Automatic, recipe: yamada, expect: 山田}
      - {id: kana, keyboard: ja_JP-Kana@sw=Kana;hw=Automatic, recipe: やまだ, expect: 山田}
      - {id: korean, keyboard: ko_KR@sw=Korean;hw=Automatic, recipe: 김, expect: 김}
    devices:
      - {id: phone-a, name: Phone A, kind: device, haptics: true, os: {min: "26.0"}}
      - {id: phone-b, name: Phone B, kind: device, haptics: true, os: {min: "26.0"}}
      - {id: phone-c, name: Phone C, kind: device, haptics: true, os: {min: "26.0"}}
      - {id: phone-d, name: Phone D, kind: device, haptics: false, os: ["26.x"]}
      - {id: sim-a, name: Phone A Simulator, kind: simulator, haptics: false, os: {min: "26.0"}}
      - {id: sim-b, name: Phone B Simulator, kind: simulator, haptics: false, os: {min: "26.0"}}
      - {id: phone-old, name: Phone Old, kind: device, haptics: true, os: {min: "15.0"}}
    fields:
      - {id: name, rules: [required]}
    testers:
      - {name: mei, devices: [phone-a, phone-b, sim-a, sim-b], time_zone: Asia/Shanghai}
      - {name: yuki, devices: [phone-c, phone-old], time_zone: Asia/Tokyo}
      - {name: "ji|woo", devices: [phone-d, phone-old]}
    plan:
      strategy: {kind: pairwise, strength: 2, effort: 0}   # the greedy array alone: fast in a debug build
    matrix:
      os: ["26.x", "18.x"]
      input_method: [pinyin, zhuyin, romaji, kana, korean]
      device: [phone-a, phone-b, phone-c, phone-d, sim-a, sim-b, phone-old]

    """

  final class Fixture: @unchecked Sendable {
    let files = InMemoryFileSystem(["/w": .folder, "/w/m.yaml": .file(Array(LintUseCaseTests.matrix.utf8))])
    var out = ""
    var err = ""
    var workflow: Workflow {
      Workflow(
        console: Console(
          environment: [:], currentDirectory: "/w", out: { self.out += $0 }, err: { self.err += $0 }),
        files: files, clock: FixedWallClock(secondsSince1970: 1_796_119_200))
    }
  }

  @Test func `under pairwise, lint counts the full product, then the cells the covering array picks`() throws
  {
    // Issue 23: lint printed "35 combinations, 0 impossible" for 70 with 30 impossible.
    let fixture = Fixture()
    let outcome = try fixture.workflow.lint(.init(matrix: "m.yaml"))
    #expect(outcome.status == .success)
    let lines = outcome.output.split(separator: "\n").map(String.init)
    #expect(
      lines.contains(
        "  matrix: os (2) x input_method (5) x device (7) = 70 combinations, 0 excluded, 30 impossible, "
          + "40 possible cells"))
    // The covering array's own count, as `plan --explain` reports it.
    let explainer = Fixture()
    var inputs = Workflow.PlanInputs(source: PlanSource(matrix: "m.yaml"))
    inputs.explain = true
    let explained = try explainer.workflow.plan(inputs)
    let cells = try #require(explained.output.split(separator: "\n").first { $0.hasPrefix("cells: ") })
    let chosen = try #require(cells.split(separator: " ").dropFirst().first.flatMap { Int($0) })
    #expect(cells == "cells: \(chosen) of 40 possible")
    #expect(chosen < 40)
    #expect(
      lines.contains {
        $0.hasPrefix(
          "  strategy: pairwise, strength 2, seed 0: \(chosen) of the 40 possible cells, covering every 2-way "
            + "interaction they can hold (6 are impossible")
      }, "\(outcome.output)")
    #expect(lines.contains("    - Phone A does not run iOS 18.x (supports 26.0 or later): 5 cells"))
    #expect(lines.contains("    - Phone D does not run iOS 18.x (supports 26.x): 5 cells"))
  }

  @Test func `the full strategy counts as before`() throws {
    let fixture = Fixture()
    try fixture.files.writeAtomically(
      Array(
        LintUseCaseTests.matrix.replacingOccurrences(
          of: "{kind: pairwise, strength: 2, effort: 0}", with: "full"
        ).utf8),
      to: "/w/full.yaml")
    let outcome = try fixture.workflow.lint(.init(matrix: "full.yaml"))
    #expect(
      outcome.output.contains(
        "  matrix: os (2) x input_method (5) x device (7) = 70 combinations, 0 excluded, 30 impossible, 40 cells\n"
      ))
    #expect(!outcome.output.contains("strategy: pairwise"))
  }

  @Test func `explain says which input methods each field crosses`() throws {
    let fixture = Fixture()
    try fixture.files.writeAtomically(
      Array(
        LintUseCaseTests.matrix.replacingOccurrences(
          of: "  - {id: name, rules: [required]}",
          with: """
              - {id: name, rules: [required], input_methods: [pinyin, {id: kana, recipe: たなか, expect: 田中}]}
              - {id: email, rules: [required, email], input_methods: []}
              - {id: any, rules: [required]}
            """
        ).utf8), to: "/w/scoped.yaml")
    // The manual items of each field, counted from the plan itself.
    let plan = try #require(try fixture.workflow.plan(.init(source: PlanSource(matrix: "scoped.yaml"))).value)
    let manual = { (field: String) in
      plan.items.filter { $0.kind == .manual && $0.configuration.field?.rawValue == field }.count
    }
    #expect(manual("name") > 0 && manual("any") > manual("name") && manual("email") == 0)
    var inputs = Workflow.PlanInputs(source: PlanSource(matrix: "scoped.yaml"))
    inputs.explain = true
    let lines = try fixture.workflow.plan(inputs).output.split(separator: "\n").map(String.init)
    let start = try #require(lines.firstIndex { $0.hasPrefix("fields (") })
    let manualOnly = "manual only: no engine"
    #expect(
      Array(lines[start..<(start + 4)]) == [
        "fields (each crosses only the input methods it declares, for automated and manual items alike):",
        "  name: declares pinyin (\(manualOnly)), kana (the field's own recipe; \(manualOnly)): 10 automated, "
          + "\(manual("name")) manual items",
        "  email: no input method ('input_methods: []'): paste, autofill, dictation and programmatic input only: "
          + "10 automated, 0 manual items",
        "  any: every input method of the catalog (no 'input_methods'): pinyin (\(manualOnly)), zhuyin "
          + "(\(manualOnly)), romaji (\(manualOnly)), kana (\(manualOnly)), korean (\(manualOnly)): 10 automated, "
          + "\(manual("any")) manual items",
      ])
  }

  @Test func `plan --assign writes the format asked for`() throws {
    // Issue 23: --assign ignored --format.
    var outputs: [String: String] = [:]
    for format in ["table", "markdown", "json"] {
      let fixture = Fixture()
      var inputs = Workflow.PlanInputs(source: PlanSource(matrix: "m.yaml"))
      inputs.assign = true
      inputs.format = format
      let plan = try #require(try fixture.workflow.plan(inputs).value)
      outputs[format] = fixture.out
      if format == "table" { #expect(fixture.out == plan.assignmentTable()) }
    }
    let markdown = try #require(outputs["markdown"])
    #expect(markdown.hasPrefix("# Assignment: Pairwise counts\n\n"))
    #expect(markdown.contains("| tester | time zone | sessions | items |\n| --- | --- | ---: | ---: |\n"))
    #expect(markdown.contains("| ji\\|woo | – |"), "a | in a name cannot split the row")
    #expect(markdown.contains("| `phone-old.18.x` |"))
    #expect(outputs["json"]?.hasPrefix("{\n  \"plan\": \"Pairwise counts\",") == true)
    #expect(Set(outputs.values).count == 3)
  }

  @Test func `checklist and pass make the default observations folder; plan and a named folder do not`()
    throws
  {
    let fixture = Fixture()
    _ = try fixture.workflow.plan(.init(source: PlanSource(matrix: "m.yaml")))
    #expect(fixture.files.kind(of: "/w/observations", followingLinks: true) == nil)
    _ = try fixture.workflow.checklist(.init(source: PlanSource(matrix: "m.yaml")))
    #expect(fixture.files.kind(of: "/w/observations", followingLinks: true) == .directory)
    #expect(fixture.files.kind(of: "/w/checklists", followingLinks: true) == .directory)

    let named = Fixture()
    var inputs = Workflow.ReportInputs(source: PlanSource(matrix: "m.yaml"))
    inputs.observations = "elsewhere"
    _ = try named.workflow.pass(inputs)
    #expect(named.files.kind(of: "/w/elsewhere", followingLinks: true) == nil)
    #expect(named.files.kind(of: "/w/observations", followingLinks: true) == nil)

    let passed = Fixture()
    _ = try passed.workflow.pass(.init(source: PlanSource(matrix: "m.yaml")))
    for folder in ["checklists", "reports", "observations"] {
      #expect(passed.files.kind(of: "/w/\(folder)", followingLinks: true) == .directory, "\(folder)")
    }
  }
}
