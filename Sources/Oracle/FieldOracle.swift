/// The verdicts of one field: its rules in order, and the texts the team has decided itself.
///
/// A text the team lists among the field's samples has the team's verdict: the team decides what its
/// own app accepts. Any other text is computed: each built-in rule from its definition, combined in
/// field order (the first verdict that is not valid). A regex rule is judged only by the samples,
/// except that it accepts the empty text as every rule but `required` does; where a regex rule's
/// verdict would decide, the oracle has no verdict rather than a guess. Where it cannot change the
/// result (a later built-in rule finds the text invalid) the verdict is still computed.
///
/// ```swift
/// let furigana = FieldOracle(
///   rules: [.builtIn(.required), .regex("[ぁ-ゖー]+")],
///   samples: [("たかはし", .valid), ("高橋", .invalid)])
/// try furigana.verdict(of: "たかはし")   // .valid: the team's sample
/// try furigana.verdict(of: "")          // .invalid: required
/// try furigana.verdict(of: "たかは")     // throws NoVerdict.regex("[ぁ-ゖー]+")
/// ```
package struct FieldOracle: Hashable, Sendable {
  /// One rule of a field.
  package enum Rule: Hashable, Sendable {
    /// A rule computed from its definition.
    case builtIn(BuiltInRule)
    /// A regular expression (its pattern), judged by the field's samples.
    case regex(String)
  }

  /// The rules, in evaluation order.
  package var rules: [Rule]
  /// The team's verdicts by the text's scalars; the first listing of a text counts. Texts are told apart
  /// scalar by scalar, never by canonical equivalence: 한 as a syllable and 한 in conjoining jamo, or
  /// 朗 U+F929 and 朗 U+6717, are two texts (a name's code points are the user's data).
  package var samples: [[Unicode.Scalar]: Verdict]
  /// The team's separator choices (``NamePolicies``), which the name rules follow.
  package var policies: NamePolicies

  /// Creates the oracle of a field.
  ///
  /// - Parameters:
  ///   - rules: The field's rules, in order.
  ///   - samples: The team's own decisions, in the order written.
  ///   - policies: The team's separator choices; the definitions alone by default.
  package init(
    rules: [Rule], samples: [(text: String, verdict: Verdict)] = [], policies: NamePolicies = NamePolicies()
  ) {
    self.rules = rules
    self.samples = Dictionary(
      samples.map { (Array($0.text.unicodeScalars), $0.verdict) }, uniquingKeysWith: { first, _ in first })
    self.policies = policies
  }

  /// The verdict on `text`: the team's sample if it lists the text, the computed verdict otherwise.
  ///
  /// - Throws: ``NoVerdict`` when a regex rule would decide and no sample lists the text, or the
  ///   Unicode data is too old for a name rule.
  package func verdict(of text: String) throws(NoVerdict) -> Verdict {
    if let decided = samples[Array(text.unicodeScalars)] { return decided }
    return try computedVerdict(of: text)
  }

  /// The verdict the rules' definitions give `text`, ignoring the team's samples.
  ///
  /// - Throws: ``NoVerdict``, as ``verdict(of:)``.
  /// - Complexity: O(n × r) for a text of n scalars and r rules.
  package func computedVerdict(of text: String) throws(NoVerdict) -> Verdict {
    var undecidedRegex: String?
    for rule in rules {
      switch rule {
      case .regex(let pattern):
        if !text.isEmpty, undecidedRegex == nil { undecidedRegex = pattern }
      case .builtIn(let builtIn):
        let verdict: Verdict
        do {
          verdict = try builtIn.verdict(of: text, policies: policies)
        } catch {
          throw .unicodeDataTooOld(error)
        }
        if verdict == .valid { continue }
        // An earlier regex says valid or invalid; invalid stays invalid either way, incomplete does not.
        if let pattern = undecidedRegex, verdict == .incomplete { throw .regex(pattern) }
        return verdict
      }
    }
    if let pattern = undecidedRegex { throw .regex(pattern) }
    return .valid
  }
}

/// Why ``FieldOracle`` has no verdict for a text.
package enum NoVerdict: Error, Hashable, Sendable, CustomStringConvertible {
  /// A regex rule (its pattern) would decide, and no sample of the field lists the text.
  case regex(String)
  /// A name rule met a code point this build's Unicode data does not know.
  case unicodeDataTooOld(UnicodeDataTooOld)

  /// One sentence that never quotes the text.
  package var description: String {
    switch self {
    case .regex(let pattern):
      "the regex rule '\(pattern)' is judged only by the field's 'samples:', and they do not list this text"
    case .unicodeDataTooOld(let error): error.description
    }
  }
}
