import Foundation
import QAPassHarness

/// The scenario pack a run replays: the file `QAPASS_PACK` names (bench/outsiders/run.sh exports one
/// per matrix), or none; and where the results go.
public enum PackUnderTest {
  private static let environment = ProcessInfo.processInfo.environment

  /// The pack, or `nil` without `QAPASS_PACK` (there is then nothing to replay).
  public static let pack: ScenarioPack? = environment["QAPASS_PACK"].map { path in
    do {
      return try ScenarioPack.load(contentsOf: URL(fileURLWithPath: path))
    } catch {
      fatalError("cannot read the scenario pack at \(path): \(error)")
    }
  }

  /// Writes `run` as JSON to the file `QAPASS_RESULTS` names, with JUnit XML beside it
  /// (`x.json` → `x.junit.xml`), for `qapass pass --automated` and run.sh; nothing without it.
  public static func write(_ run: HarnessRun) throws {
    guard let path = environment["QAPASS_RESULTS"] else { return }
    let url = URL(fileURLWithPath: path)
    try run.json().write(to: url, atomically: true, encoding: .utf8)
    try run.junitXML().write(
      to: url.deletingPathExtension().appendingPathExtension("junit.xml"), atomically: true, encoding: .utf8)
  }

  /// Every committed text `pack` judges (a step without marked text that checks the text, the
  /// message and the button), once per field's rules, that `judge` decides otherwise: the item, the
  /// rules, the text, the pack's verdict and the app's, tab-separated. `judge` gives the app's verdict
  /// (`valid`, `invalid`, `incomplete`) of a text in a field, or `nil` when the app has no such field.
  /// The lines also go to the file `QAPASS_VERDICTS` names.
  ///
  /// Unlike the runner, which stops an item at its first failing step, this sees every text.
  public static func disagreements(
    in pack: ScenarioPack, judge: (PackField, String) -> String?
  ) throws -> (judged: Int, lines: [String]) {
    var seen = Set<String>()
    var lines: [String] = []
    for item in pack.items {
      guard case .composition(let script) = item.replay else { continue }
      for step in script.steps where step.marked == nil {
        guard let text = step.expect.text, let shown = step.expect.messageShown,
          let enabled = step.expect.submitEnabled, let judged = judge(script.field, text)
        else { continue }
        let key = script.field.rules.joined(separator: "+") + "\t" + text.debugDescription
        guard seen.insert(key).inserted else { continue }
        let expected = shown ? "invalid" : enabled ? "valid" : "incomplete"
        if judged != expected { lines.append("\(item.id)\t\(key)\tpack \(expected)\tapp \(judged)") }
      }
    }
    if let path = environment["QAPASS_VERDICTS"] {
      try lines.map { $0 + "\n" }.joined().write(
        to: URL(fileURLWithPath: path), atomically: true, encoding: .utf8)
    }
    return (seen.count, lines)
  }
}
