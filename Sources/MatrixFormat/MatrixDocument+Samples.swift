import Diagnostics
import Oracle
import YAMLDecoding

extension NodeReader {
  /// A field's `samples:`, the team's own verdicts: `{valid: [...], invalid: [...], incomplete: [...]}`,
  /// each a list of texts.
  ///
  /// A text listed twice (in one list or two, the same code points) is an error at the second listing,
  /// with a note at the first; one that differs from an earlier one only by normalisation (canonically
  /// equivalent: 한 as a syllable and in conjoining jamo, 朗 U+F929 and U+6717) is another text, with a
  /// warning that the two are equivalent. Messages never quote a sample: it is a text typed into a field under test.
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
        // Scalar by scalar: a text that differs from another only by normalisation is another text.
        if let first = samples.first(where: { $0.text.unicodeScalars.elementsEqual(text.unicodeScalars) }) {
          error(
            MatrixDocument.Message.sampleTwice(field: field, first: first.verdict, again: verdict),
            at: item.start,
            notes: [note("first listed here", at: first.location)])
          continue
        }
        if let equivalent = samples.first(where: { $0.text == text }) {
          warning(
            MatrixDocument.Message.sampleEquivalent(field: field, first: equivalent.verdict, again: verdict)
              + " (first listed at line \(equivalent.location.line))",
            at: item.start)
        }
        samples.append(MatrixFile.Field.Sample(text: text, verdict: verdict, location: item.start))
      }
    }
    return samples
  }
}

extension MatrixDocument.Message {
  /// A sample canonically equivalent to an earlier one, with other code points: two texts.
  static func sampleEquivalent(field: String, first: Verdict, again: Verdict) -> String {
    "this \(again.rawValue) text of field '\(field)' is canonically equivalent to a \(first.rawValue) one listed "
      + "before, with other code points (a normalisation of it); qapass compares texts scalar by scalar, so they "
      + "are two samples"
  }

  /// A sample text listed again, without quoting it.
  static func sampleTwice(field: String, first: Verdict, again: Verdict) -> String {
    first == again
      ? "this text is listed twice in 'samples.\(again.rawValue)' of field '\(field)'"
      : "this text of field '\(field)' is listed as \(again.rawValue) and already as \(first.rawValue); "
        + "a sample has one verdict"
  }
}
