import Foundation
import QAPassHarness
import ReducerForm
import Testing

/// The pack named by `QAPASS_PACK` (bench/outsiders/run.sh exports one per matrix), or none.
enum Pack {
  static let url = ProcessInfo.processInfo.environment["QAPASS_PACK"].map(URL.init(fileURLWithPath:))
  static let pack: ScenarioPack? = url.map { url in
    do {
      return try ScenarioPack.load(contentsOf: url)
    } catch {
      fatalError("cannot read the scenario pack at \(url.path): \(error)")
    }
  }
}

struct PackReplayTests {
  /// Every item of the pack, one case each; without `QAPASS_PACK` there is nothing to replay.
  @Test(.enabled(if: Pack.pack != nil), arguments: Pack.pack?.items ?? [])
  func `the form passes the item`(item: PackItem) {
    let result = PackRunner.run(item, subject: ReducerFormApp())
    #expect(result.passed, "\(result.problem)")
  }

  /// `QAPASS_RESULTS` names where the run's JSON goes (with JUnit XML beside it), for `qapass pass
  /// --automated` and bench/outsiders/run.sh.
  @Test(.enabled(if: Pack.pack != nil))
  func `results for qapass pass --automated`() throws {
    let pack = try #require(Pack.pack)
    let run = PackRunner.run(pack, subject: ReducerFormApp())
    #expect(run.results.count == pack.items.count + pack.unexported.count)
    guard let path = ProcessInfo.processInfo.environment["QAPASS_RESULTS"] else { return }
    let url = URL(fileURLWithPath: path)
    try run.json().write(to: url, atomically: true, encoding: .utf8)
    try run.junitXML().write(
      to: url.deletingPathExtension().appendingPathExtension("junit.xml"), atomically: true, encoding: .utf8)
  }

  /// Every committed text the pack judges (a step without marked text that checks the text, the
  /// message and the button), judged by the app's own rules, so a disagreement is seen even where an
  /// item stops at an earlier failing step. `QAPASS_VERDICTS` names a file for the disagreements.
  @Test(.enabled(if: Pack.pack != nil))
  func `the form's rules agree with every text the pack judges`() throws {
    let pack = try #require(Pack.pack)
    var seen = Set<String>()
    var disagreements: [String] = []
    for item in pack.items {
      guard case .composition(let script) = item.replay, let form = ReducerFormApp.fields[script.field.id]
      else {
        continue
      }
      for step in script.steps where step.marked == nil {
        guard let text = step.expect.text, let shown = step.expect.messageShown,
          let enabled = step.expect.submitEnabled
        else { continue }
        let key = script.field.rules.joined(separator: "+") + "\t" + text.debugDescription
        guard seen.insert(key).inserted else { continue }
        let expected = shown ? "invalid" : enabled ? "valid" : "incomplete"
        let judged = Self.name(form.validate(text))
        if judged != expected { disagreements.append("\(item.id)\t\(key)\tpack \(expected)\tapp \(judged)") }
      }
    }
    if let path = ProcessInfo.processInfo.environment["QAPASS_VERDICTS"] {
      try disagreements.map { $0 + "\n" }.joined().write(
        to: URL(fileURLWithPath: path), atomically: true, encoding: .utf8)
    }
    #expect(disagreements.isEmpty, "\(disagreements.count) of \(seen.count) texts judged otherwise")
  }

  static func name(_ verdict: Verdict) -> String {
    switch verdict {
    case .valid: "valid"
    case .invalid: "invalid"
    case .unfinished: "incomplete"
    }
  }
}
