import QAModel

/// One text of an item that judges several texts, each entered afresh (`p2`, every text the oracle
/// knows for a field's rules): its own result, so a text the app judges otherwise hides none of the
/// others. The item fails when any of its texts fails, and names each one that does.
///
/// ```swift
/// let result = TextResult(text: "阿沛・阿旺晋美", status: .fail)
/// result.status  // .fail: the item that holds it fails too
/// ```
public struct TextResult: Codable, Hashable, Sendable {
  /// The text, as the pack enters it.
  public var text: String
  /// `pass` or `fail`.
  public var status: Outcome
  /// Every step of this text that failed, in order.
  public var failures: [StepFailure]

  public init(text: String, status: Outcome, failures: [StepFailure] = []) {
    self.text = text
    self.status = status
    self.failures = failures
  }

  /// For texts of which some fail: `2 of 14 texts fail: "阿沛・阿旺晋美", "金朗"`, every failing text
  /// named; `nil` when none fails. The message of the item's failure wherever it is reported.
  package static func failingSentence(_ texts: [TextResult]) -> String? {
    let failing = texts.filter { $0.status != .pass }
    guard !failing.isEmpty else { return nil }
    return "\(failing.count) of \(texts.count) texts fail: "
      + failing.map { "\"\($0.text)\"" }.joined(separator: ", ")
  }

  /// `"张伟": pass`, or `"金朗" (U+91D1 U+F929): fail: step 3 …` with the text's code points and its
  /// failures: one line per text, wherever an item's texts are listed.
  package var line: String {
    guard status != .pass else { return "\"\(text)\": pass" }
    return "\"\(text)\" (\(text.scalarList)): \(status.rawValue): "
      + failures.map(\.description).joined(separator: "; ")
  }

  /// The results of `script`'s texts (``CompositionStep/knownText``), in the order entered, given the
  /// failures of its replay; empty for a script whose steps name no text.
  static func make(_ script: CompositionScript, failures: [StepFailure]) -> [TextResult] {
    var results: [TextResult] = []
    var resultOfStep: [Int: Int] = [:]
    for (index, step) in script.steps.enumerated() {
      guard let text = step.knownText else { continue }
      if let existing = results.firstIndex(where: { $0.text.hasSameScalars(as: text) }) {
        resultOfStep[index + 1] = existing
      } else {
        resultOfStep[index + 1] = results.count
        results.append(TextResult(text: text, status: .pass))
      }
    }
    for failure in failures {
      guard let owner = resultOfStep[failure.step] else { continue }
      results[owner].status = .fail
      results[owner].failures.append(failure)
    }
    return results
  }
}
