import AcceptanceCore
import CoreAdapters
import Effects
import Foundation
import QAPassHarness
import QAPassWorkflow
import Reporting
import ScenarioEngine
import TestSupport
import Testing

/// `pass --automated` on a matrix whose samples declare the team's decisions (issue 34): a regex field
/// whose samples call the texts of 별빛 being typed incomplete, and a han-name field whose samples refuse
/// U+30FB and U+2027 between the parts. qapass's own core, bound by the samples, passes every item, and
/// an app written to follow them is ACCEPTED.
struct DeclaredDecisionsPassTests {
  /// An app whose own rules follow the team's decisions: the nickname takes two to sixteen syllables
  /// and calls a lone jamo or one syllable still being typed; the name takes only U+00B7 between parts.
  struct SampleFollowingApp: HarnessSubject {
    var name: String { "TeamApp" }
    var version: String { "1.0.0 (1)" }

    /// Two to sixteen Hangul syllables; one syllable or one compatibility jamo is still being typed.
    struct NicknameRule: ValidationRule {
      func evaluate(_ text: String) -> RuleVerdict {
        let scalars = Array(text.unicodeScalars)
        if scalars.isEmpty { return .valid }
        let syllables = scalars.allSatisfy { (0xAC00...0xD7A3).contains($0.value) }
        if syllables, (2...16).contains(scalars.count) { return .valid }
        if scalars.count == 1, syllables || (0x3131...0x318E).contains(scalars[0].value) {
          return .incomplete(MessageKey("nickname.typing"))
        }
        return .invalid(MessageKey("nickname.invalid"))
      }
    }

    /// Refuses every dot but U+00B7 between the parts of a name.
    struct MiddleDotOnlyRule: ValidationRule {
      func evaluate(_ text: String) -> RuleVerdict {
        text.unicodeScalars.contains { $0 == "\u{30FB}" || $0 == "\u{2027}" }
          ? .invalid(MessageKey("name.dot")) : .valid
      }
    }

    func compositionSubject(for item: PackItem, environment: CompositionEnvironment) -> (
      any CompositionSubject
    )? {
      let rule: any ValidationRule
      switch environment.field.id {
      case "name": rule = AllOfRule([RequiredRule(), HanNameRule(), MiddleDotOnlyRule()])
      case "nickname": rule = AllOfRule([RequiredRule(), NicknameRule()])
      default: return nil
      }
      return FieldValidatingAdapter(
        FieldValidator(field: TextFieldModel(), rule: rule), recorder: environment.recorder)
    }

    func saveFlowSubject(for item: PackItem, environment: SaveFlowEnvironment) -> (any SaveFlowSubject)? {
      ReferenceCoreSubject(version: "test").saveFlowSubject(for: item, environment: environment)
    }
  }

  static let path = "Tests/ScenarioEngineTests/Fixtures/declared-decisions.yaml"
  static let source = PlanSource(matrix: "m.yaml")

  @Test(.needsEngines) func `the core passes every item and an app that follows the samples is ACCEPTED`()
    throws
  {
    let matrix = try Data(contentsOf: PythonOracles.repositoryRoot.appendingPathComponent(Self.path))
    let files = InMemoryFileSystem(["/w": .folder, "/w/m.yaml": .file(Array(matrix))])
    var out = ""
    var err = ""
    let workflow = Workflow(
      console: Console(
        environment: ["QAPASS_TESTER": "mei"], currentDirectory: "/w", out: { out += $0 }, err: { err += $0 }),
      files: files, clock: UseCaseTests.clock)

    var export = Workflow.ExportScenariosInputs(source: Self.source, generator: "qapass 0.1.0")
    export.output = "pack.json"
    #expect(try workflow.exportScenarios(export).status == .success)
    let (pack, fingerprint) = try ScenarioPack.loadVerified(
      Data(try #require(files.text("/w/pack.json")).utf8))
    #expect(pack.unexported.isEmpty)

    let core = PackRunner.run(pack, subject: ReferenceCoreSubject(version: "test"), fingerprint: fingerprint)
    #expect(core.results.filter { $0.status != .pass }.map(\.problem) == [])
    let app = PackRunner.run(pack, subject: SampleFollowingApp(), fingerprint: fingerprint)
    #expect(app.results.filter { $0.status != .pass }.map(\.problem) == [])
    try files.writeAtomically(Array(app.json().utf8), to: "/w/results.json")

    var planInputs = Workflow.PlanInputs(source: Self.source)
    planInputs.format = "json"
    let plan = try #require(try workflow.plan(planInputs).value)
    let manual = plan.items.filter { $0.kind == .manual }
    #expect(manual.count == 11)
    for item in manual {
      var inputs = Workflow.RecordInputs(source: Self.source, item: item.id.rawValue)
      inputs.result = .pass
      inputs.os = "26.1"
      _ = try workflow.record(inputs)
    }
    var pass = Workflow.ReportInputs(source: Self.source)
    pass.pack = "pack.json"
    pass.automated = ["results.json"]
    pass.requiredSubjects = ["TeamApp"]
    let completion = try workflow.pass(pass)
    #expect(completion.value.verdict == .accepted, "\(completion.value.reasons)")
    #expect(completion.status == .success)
    #expect(
      completion.output.contains("67 of 67 passed, 0 not run (TeamApp 1.0.0 (1))"), "\(completion.output)")
  }
}
