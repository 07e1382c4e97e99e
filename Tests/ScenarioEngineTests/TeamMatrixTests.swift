import AcceptanceCore
import CoreAdapters
import Foundation
import QAPassHarness
import TestSupport
import Testing

@testable import ScenarioEngine

/// A team's own matrix, with names no verdict table ever held (issue 21, "Names outside a table
/// cannot be judged"): 王伟, 欧阳娜娜, 高橋, 渡辺, 김민수, 최지후 and a furigana field whose regex rule
/// is judged by the team's samples. Every item is exported, and every expectation of the pack agrees
/// with the rules' definitions written again in Python (`Fixtures/rule_definitions.py`).
struct TeamMatrixTests {
  static let path = "Tests/ScenarioEngineTests/Fixtures/team-names.yaml"
  static let script = Fixtures.repositoryRoot.appendingPathComponent(
    "Tests/ScenarioEngineTests/Fixtures/rule_definitions.py"
  ).path

  static let plan: Result<Plan, any Error> = Result { try Plan.make(file: Fixtures.loadMatrix(path)) }
  static let pack: Result<ScenarioPack, any Error> = plan.map { PackExport.make($0, generator: "test") }

  @Test(.needsEngines) func `every item is exported, none left out for want of a verdict`() throws {
    let plan = try Self.plan.get()
    let pack = try Self.pack.get()
    #expect(pack.unexported.map(\.id) == [])
    #expect(pack.items.count == plan.summary.automatedItems)
    // Every field has its composition and paste items, the regex field included.
    for field in [
      "name", "display-name", "family-name", "contact-name", "furigana", "korean-name", "nickname",
    ] {
      #expect(pack.items.contains { $0.id.hasPrefix("auto.c2.") && $0.id.contains(".\(field).") }, "\(field)")
      #expect(pack.items.contains { $0.id.hasPrefix("auto.p1.paste.\(field).") }, "\(field)")
    }
    #expect(pack.items.contains { $0.id == "auto.p2.furigana" })
  }

  @Test(.needsEngines) func `the recipes commit the team's names, and the pack judges them`() throws {
    let expectations = Self.expectations(try Self.pack.get())
    for name in ["王伟", "欧阳娜娜", "高橋", "渡辺", "김민수", "최지후", "たかはし"] {
      #expect(expectations.contains { $0.text == name && $0.expect == "valid" }, "\(name)")
    }
    // What one delete leaves, and the Korean syllables still being typed in place.
    #expect(expectations.contains { $0.text == "たかは" && $0.expect == "valid" })
    for typing in ["ㅊ", "김ㅁ", "김민ㅅ"] {
      #expect(expectations.contains { $0.text == typing && $0.expect == "incomplete" }, "\(typing)")
    }
  }

  @Test(.needsEngines) func `qapass's own core passes the team's pack`() throws {
    let run = PackRunner.run(try Self.pack.get(), subject: ReferenceCoreSubject(version: "test"))
    #expect(run.results.filter { $0.status != .pass }.map(\.id) == [])
  }

  @Test(.needsEngines, .enabled(if: PythonOracles.available, PythonOracles.skipReason))
  func `every expectation agrees with the definitions written again in Python`() throws {
    let expectations = Self.expectations(try Self.pack.get())
    #expect(expectations.count > 1000)
    #expect(Set(expectations.map(\.expect)) == ["valid", "invalid", "incomplete", "not-valid"])
    let checked = try Self.check(expectations)
    #expect(checked.status == 0, "\(checked.output)")
    #expect(checked.output.hasSuffix("0 disagreements, 0 undecided\n"), "\(checked.output)")
    // Negative control: one expectation turned around is found.
    var wrong = expectations
    let index = try #require(wrong.firstIndex { $0.text == "欧阳娜娜" && $0.expect == "valid" })
    wrong[index].expect = "invalid"
    let caught = try Self.check(wrong)
    #expect(caught.status == 1)
    #expect(caught.output.contains("1 disagreements"), "\(caught.output)")
  }

  // MARK: The pack's expectations as verdicts

  /// One expectation of the pack as a verdict on a text: what the Python check reads.
  struct Expectation: Codable, Hashable {
    var rules: [String]
    var text: String
    /// `valid`, `invalid`, `incomplete`, or `not-valid` (a refused submission: invalid or incomplete).
    var expect: String
    var `where`: String
  }

  /// Every verdict the pack's composition steps expect, on the text the field holds at that step.
  ///
  /// The text is tracked by replaying each step's operations into a field model with no rule at all,
  /// so nothing here judges: a settled state (message, button) is the verdict it shows; an accepted
  /// submission says valid; a refused one, not valid; an in-place step that must show nothing with the
  /// button disabled says incomplete.
  static func expectations(_ pack: ScenarioPack) -> [Expectation] {
    var result: [Expectation] = []
    for item in pack.items {
      guard case .composition(let script) = item.replay else { continue }
      let tracker = FieldValidatingAdapter(
        FieldValidator(field: TextFieldModel(), rule: AllOfRule([])), recorder: SubmissionRecorder())
      for (index, step) in script.steps.enumerated() {
        for action in step.actions { _ = tracker.perform(action) }
        let place = "\(item.id) step \(index + 1)"
        func add(_ text: String, _ verdict: String) {
          result.append(Expectation(rules: script.field.rules, text: text, expect: verdict, where: place))
        }
        let expect = step.expect
        if let text = expect.text, let shown = expect.messageShown, let enabled = expect.submitEnabled {
          add(text, enabled ? "valid" : shown ? "invalid" : "incomplete")
        } else if expect.text == nil, expect.messageShown == false, expect.submitEnabled == false,
          expect.submission == nil, step.marked == nil
        {
          add(tracker.text, "incomplete")
        }
        switch expect.submission {
        case .accepted(let text): add(text, "valid")
        case .refusedInvalid: add(tracker.text, "not-valid")
        default: break
        }
      }
    }
    return result
  }

  /// Runs the Python check over `expectations`.
  static func check(_ expectations: [Expectation]) throws -> (status: Int32, output: String) {
    try PythonOracles.run(script, [], code: false, input: try JSONEncoder().encode(expectations))
  }
}
