import Diagnostics
import Oracle
import YAMLDecoding

extension NodeReader {
  /// A field's `samples:`, the team's own verdicts: `{valid: [...], invalid: [...], incomplete: [...]}`,
  /// each a list of texts.
  ///
  /// A text listed twice (in one list or two) is an error at the second listing, with a note at the
  /// first. Messages never quote a sample: it is a text typed into a field under test.
  ///
  /// ```yaml
  /// samples: {valid: [たかはし, わたなべ], invalid: [高橋, takahashi]}
  /// ```
  mutating func fieldSamples(_ node: Node, field: String) -> [MatrixFile.Field.Sample] {
    let context = "'samples' of field '\(field)'"
    guard let lists = mapping(node, context: context, allowed: Verdict.allCases.map(\.rawValue)) else {
      return []
    }
    var samples: [MatrixFile.Field.Sample] = []
    for verdict in Verdict.allCases {
      guard let list = lists[verdict.rawValue]?.value,
        let items = sequence(list, "'samples.\(verdict.rawValue)' of field '\(field)'")
      else { continue }
      for item in items {
        guard let text = string(item, "a sample text of field '\(field)'") else { continue }
        if let first = samples.first(where: { $0.text == text }) {
          error(
            MatrixDocument.Message.sampleTwice(field: field, first: first.verdict, again: verdict),
            at: item.start,
            notes: [note("first listed here", at: first.location)])
          continue
        }
        samples.append(MatrixFile.Field.Sample(text: text, verdict: verdict, location: item.start))
      }
    }
    return samples
  }
}

extension MatrixDocument.Message {
  /// A sample text listed again, without quoting it.
  static func sampleTwice(field: String, first: Verdict, again: Verdict) -> String {
    first == again
      ? "this text is listed twice in 'samples.\(again.rawValue)' of field '\(field)'"
      : "this text of field '\(field)' is listed as \(again.rawValue) and already as \(first.rawValue); "
        + "a sample has one verdict"
  }
}
