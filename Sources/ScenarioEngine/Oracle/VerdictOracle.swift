import MatrixFormat
import Oracle

/// What qapass expects of a field's rules, independent of any implementation under test.
///
/// Verdicts are computed for any text by the `Oracle` module, from each rule's written definition
/// (docs/DOMAIN.md section 8) with character classes from the standard library's Unicode
/// properties; it shares no code or table with `AcceptanceCore`. The field's own `samples:` come
/// first: the team decides what its app accepts, and a regex rule is judged by them alone. Verdicts
/// of several rules combine in field order: the first that is not valid.
///
/// A text with no verdict (a regex field's text its samples do not list, or a code point this
/// build's Unicode data does not know) fails the export of its item, which says so, rather than a
/// guess; `qapass lint` names every such text at its place (``VerdictPreflight``).
///
/// ```swift
/// try VerdictOracle.verdict(of: "欧阳娜娜", rules: [.required, .hanName])   // .valid
/// try VerdictOracle.verdict(of: "최지ㅎ", rules: [.koreanName])             // .incomplete
/// ```
package enum VerdictOracle {
  /// A rule's verdict on a text: valid, invalid or incomplete.
  package typealias Verdict = Oracle.Verdict

  /// Why the oracle cannot judge a text.
  package struct Unknown: Error, Hashable, Sendable, CustomStringConvertible {
    /// The rule that would decide: `regex:<pattern>`, or the name rules for a code point the
    /// Unicode data does not know.
    package var rule: String
    /// The text (never printed: it is typed into a field under test).
    package var text: String
    /// What the oracle lacks.
    package var reason: NoVerdict

    /// Says why, without the text.
    package var description: String {
      "no verdict for a text this item types, pastes or leaves: \(reason) ('qapass lint' names it)"
    }
  }

  /// The verdict of the combined `rules` on `text`, the field's `samples` first.
  ///
  /// - Throws: ``Unknown`` when no sample lists the text and a regex rule would decide, or a name
  ///   rule meets a code point the Unicode data does not know.
  package static func verdict(
    of text: String, rules: [MatrixFile.Rule], samples: [MatrixFile.Field.Sample] = [],
    policies: NamePolicies = NamePolicies()
  ) throws(Unknown) -> Verdict {
    try verdict(of: text, oracle: oracle(rules: rules, samples: samples, policies: policies))
  }

  /// The verdict of `oracle` on `text`.
  ///
  /// - Throws: ``Unknown``, as ``verdict(of:rules:samples:)``.
  package static func verdict(of text: String, oracle: FieldOracle) throws(Unknown) -> Verdict {
    do {
      return try oracle.verdict(of: text)
    } catch {
      let rule: String
      switch error {
      case .regex(let pattern): rule = "regex:" + pattern
      case .unicodeDataTooOld: rule = "the name rules"
      }
      throw Unknown(rule: rule, text: text, reason: error)
    }
  }

  /// The computed oracle of a field's rules and samples, with the team's separator choices.
  package static func oracle(
    rules: [MatrixFile.Rule], samples: [MatrixFile.Field.Sample] = [], policies: NamePolicies = NamePolicies()
  ) -> FieldOracle {
    FieldOracle(
      rules: rules.map { rule in
        switch rule {
        case .required: .builtIn(.required)
        case .hanName: .builtIn(.hanName)
        case .japaneseName: .builtIn(.japaneseName)
        case .koreanName: .builtIn(.koreanName)
        case .email: .builtIn(.email)
        case .regex(let pattern): .regex(pattern)
        }
      }, samples: samples.map { ($0.text, $0.verdict) }, policies: policies)
  }

  /// The first texts the combined `rules` judge valid, invalid and incomplete: the field's samples
  /// in the order written, then each rule's probes (``Oracle/BuiltInRule/probes``) in field order,
  /// then every other rule's probes, then (as an invalid sample only: `required` rejects it) the
  /// empty text; `nil` where none fits.
  package static func samples(
    for rules: [MatrixFile.Rule], samples teamSamples: [MatrixFile.Field.Sample] = [],
    policies: NamePolicies = NamePolicies()
  ) -> (valid: String?, invalid: String?, incomplete: String?) {
    let oracle = oracle(rules: rules, samples: teamSamples, policies: policies)
    let candidates = candidates(oracle, teamSamples)
    func first(_ wanted: Verdict) -> String? {
      (candidates + (wanted == .invalid ? [""] : [])).first { (try? oracle.verdict(of: $0)) == wanted }
    }
    return (first(.valid), first(.invalid), first(.incomplete))
  }

  /// The first invalid text (in the order of ``samples(for:samples:)``) that no sample sets against
  /// the rules' definitions: what `r4` pastes before typing, since the texts it begins are judged by
  /// the definitions. A sample decides its own text only: a team that accepts 阿沛・阿旺晋美 by a
  /// sample where the definitions refuse U+30FB would otherwise see 阿沛・阿旺晋美王伟 expected invalid.
  /// A regex rule has no definition to contradict, so its samples count.
  package static func recompositionSample(
    for rules: [MatrixFile.Rule], samples teamSamples: [MatrixFile.Field.Sample] = [],
    policies: NamePolicies = NamePolicies()
  ) -> String? {
    let oracle = oracle(rules: rules, samples: teamSamples, policies: policies)
    return (candidates(oracle, teamSamples) + [""]).first { text in
      guard (try? oracle.verdict(of: text)) == .invalid else { return false }
      guard let computed = try? oracle.computedVerdict(of: text) else { return true }
      return computed == .invalid
    }
  }

  /// The field's samples in the order written, then each rule's probes in field order, then every
  /// other rule's probes.
  private static func candidates(_ oracle: FieldOracle, _ teamSamples: [MatrixFile.Field.Sample]) -> [String]
  {
    var candidates = teamSamples.map(\.text)
    for rule in oracle.rules {
      if case .builtIn(let builtIn) = rule { candidates += builtIn.probes(policies: oracle.policies) }
    }
    for builtIn in BuiltInRule.allCases.sorted(by: { $0.rawValue < $1.rawValue }) {
      candidates += builtIn.probes
    }
    return candidates
  }

  /// The texts p2 submits for `rules`, each once with its verdict: the probes of the field's rules in
  /// order (with the texts of the separator choices the team declared, ``Oracle/NamePolicies``), then
  /// the field's samples, then the blanks `required` judges (empty, a space, an ideographic space);
  /// texts without a verdict (a regex field's probes) are left out.
  package static func knownTexts(
    for rules: [MatrixFile.Rule], samples teamSamples: [MatrixFile.Field.Sample] = [],
    policies: NamePolicies = NamePolicies()
  ) -> [(text: String, verdict: Verdict)] {
    let oracle = oracle(rules: rules, samples: teamSamples, policies: policies)
    var candidates: [String] = []
    for rule in oracle.rules {
      if case .builtIn(let builtIn) = rule { candidates += builtIn.probes(policies: policies) }
    }
    candidates += teamSamples.map(\.text) + ["", " ", "\u{3000}"]
    // Scalar by scalar: canonically equivalent texts with other code points are other texts.
    var seen: Set<[Unicode.Scalar]> = []
    var known: [(text: String, verdict: Verdict)] = []
    for text in candidates where seen.insert(Array(text.unicodeScalars)).inserted {
      if let verdict = try? oracle.verdict(of: text) { known.append((text, verdict)) }
    }
    return known
  }
}
