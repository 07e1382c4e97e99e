import Observations

/// How the writers word a manual item's typed facts: the report keeps them as values, and the
/// Markdown, JSON and JUnit writers say them the same way.
extension ReportItem {
  /// Why a stale item no longer counts, every reason in one clause list; `nil` when it is not stale.
  var staleReasonText: String? { self.staleReasons.isEmpty ? nil : self.staleReasons.sentence }
}

extension Observation {
  /// When it was observed, as ISO 8601 text (`2026-11-29T18:04:05Z`); empty for an entry without a time.
  var timeText: String { time?.text ?? "" }

  /// The haptic parameters felt, sorted by name.
  var hapticParametersByName: [(key: String, value: String)] {
    hapticParameters.sorted { $0.key < $1.key }
  }
}
