import Observations
import QAPassHarness

/// How the writers word a manual item's typed facts: the report keeps them as values, and the
/// Markdown, JSON and JUnit writers say them the same way.
extension ReportItem {
  /// Why a stale item no longer counts, every reason in one clause list; `nil` when it is not stale.
  var staleReasonText: String? { self.staleReasons.isEmpty ? nil : self.staleReasons.sentence }

  /// For an item that judges several texts (`p2`) and fails some: `2 of 14 texts fail: "阿沛・阿旺晋美",
  /// "金朗"`, every failing text named; `nil` otherwise.
  var failingTextsSentence: String? { TextResult.failingSentence(self.texts) }

  /// One line per text of an item that judges several: `"张伟": pass`, or `"金朗" (U+91D1 U+F929): fail:
  /// step 3 …` with the text's code points and its failures.
  var textLines: [String] { self.texts.map(\.line) }
}

extension Observation {
  /// When it was observed, as ISO 8601 text (`2026-11-29T18:04:05Z`); empty for an entry without a time.
  var timeText: String { time?.text ?? "" }

  /// The haptic parameters felt, sorted by name.
  var hapticParametersByName: [(key: String, value: String)] {
    hapticParameters.sorted { $0.key < $1.key }
  }
}
