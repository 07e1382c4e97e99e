import Diagnostics
import Oracle
import YAMLDecoding

extension MatrixFile {
  /// The team's declared policies (optional `policies:`): what the automated composition items
  /// expect beyond the articles and the verified facts of docs/DOMAIN.md (section 1.9 lists every
  /// expectation and what it rests on). Each default is what the articles' own code, with the
  /// corrections they state, passes.
  ///
  /// ```yaml
  /// policies:
  ///   settle_ms: 1000
  ///   silent_commit_return: submits
  ///   delivery_variants: [every-update, no-change-on-commit, duplicate-change-on-commit]
  ///   han_name_separators: ["U+30FB"]       # besides U+00B7; until declared, texts joined by
  ///   japanese_name_separators: []          # other dots are left out of the pack
  /// ```
  package struct Policies: Sendable, Hashable {
    /// The default ``settleMilliseconds``: above the 250–500 ms debounces form code commonly uses.
    package static let defaultSettleMilliseconds = 1000
    /// The largest ``settleMilliseconds`` accepted (a minute).
    package static let maximumSettleMilliseconds = 60_000
    /// The spellings of ``silentCommitReturn``: `submits` (the default) and `judges`.
    package static let silentCommitReturnValues = ["submits", "judges"]
    /// The spellings of ``deliveryVariants``, in plan order (ScenarioEngine's `DeliveryVariant`).
    package static let deliveryVariantValues = [
      "every-update", "no-change-on-commit", "duplicate-change-on-commit",
    ]

    /// How long after a change the form may take to show its verdict: each automated step's display
    /// is read this many milliseconds after its actions (`settle_ms`).
    package var settleMilliseconds = Policies.defaultSettleMilliseconds
    /// What a Return right after a commit no event announced does: `submits` (an ordinary
    /// submission, as the articles' `submit` refuses only while text is marked) or `judges` (taken as
    /// the key that confirmed the candidate: judged, not submitted).
    package var silentCommitReturn = "submits"
    /// How marked-text commits may be announced, the variants the composition items cross
    /// (`delivery_variants`): one `editingChanged`, none (only the selection change; with it the items
    /// whose commits arrive with no `editingChanged`, `r3` and `r4`, are planned), or two.
    package var deliveryVariants = Policies.deliveryVariantValues
    /// The team's separator choices (`han_name_separators`, `japanese_name_separators`): which dots
    /// join the parts of a name besides U+00B7 in a Chinese one; `nil` for each not declared.
    package var names = NamePolicies()
    /// Where `policies:` is written, when it is.
    package var location: TextPosition?

    /// The policy keys a matrix may write, in the order `lint` lists them.
    package static let keys = [
      "settle_ms", "silent_commit_return", "delivery_variants", "han_name_separators",
      "japanese_name_separators",
    ]

    /// qapass's defaults.
    package init() {}

    /// The lines the plan's fingerprint covers: `settle_ms=1000`, … in a fixed order.
    package var canonicalLines: [String] {
      [
        "settle_ms=\(settleMilliseconds)", "silent_commit_return=\(silentCommitReturn)",
        "delivery_variants=" + deliveryVariants.joined(separator: ","),
      ] + Self.separatorLines(names)
    }

    /// The separator choices a matrix can switch on, each with what it declares (`nil`: not declared,
    /// the definitions' default) and the dots it may list, as `U+30FB`: what `lint` and
    /// `plan --format json` list.
    package var separatorChoices: [(key: String, declared: [String]?, values: [String], otherwise: String)] {
      func spelt(_ set: Set<Unicode.Scalar>?) -> [String]? {
        set.map { chosen in NamePolicies.dots.filter(chosen.contains).map(NamePolicies.spelling) }
      }
      return [
        (
          "han_name_separators", spelt(names.hanNameSeparators),
          NamePolicies.dots.filter { $0 != NamePolicies.middleDot }.map(NamePolicies.spelling),
          "U+00B7 alone between the parts of a Chinese name"
        ),
        (
          "japanese_name_separators", spelt(names.japaneseNameSeparators),
          NamePolicies.dots.map(NamePolicies.spelling),
          "no dot in a Japanese name"
        ),
      ]
    }

    /// `han_name_separators=U+30FB,U+2027` for each declared choice, the dots in the order of
    /// ``Oracle/NamePolicies/dots``; nothing for a choice not declared, so a plan's fingerprint stays
    /// what it was for a matrix that declares none.
    static func separatorLines(_ names: NamePolicies) -> [String] {
      [
        ("han_name_separators", names.hanNameSeparators),
        ("japanese_name_separators", names.japaneseNameSeparators),
      ]
      .compactMap { key, separators in
        separators.map { chosen in
          key + "="
            + NamePolicies.dots.filter(chosen.contains).map(NamePolicies.spelling).joined(separator: ",")
        }
      }
    }
  }
}

extension NodeReader {
  /// `policies:`: the team's declared policies, each key optional.
  mutating func policiesBlock(_ node: Node) -> MatrixFile.Policies {
    var policies = MatrixFile.Policies()
    policies.location = node.start
    guard
      let keys = mapping(
        node, context: "'policies'", allowed: MatrixFile.Policies.keys)
    else { return policies }
    if let settleNode = keys["settle_ms"]?.value, let settle = integer(settleNode, "'settle_ms'") {
      if (0...MatrixFile.Policies.maximumSettleMilliseconds).contains(settle) {
        policies.settleMilliseconds = settle
      } else {
        error(
          "'settle_ms' must be from 0 to \(MatrixFile.Policies.maximumSettleMilliseconds) milliseconds, "
            + "found \(settle)", at: settleNode.start)
      }
    }
    if let returnNode = keys["silent_commit_return"]?.value,
      let value = string(returnNode, "'silent_commit_return'")
    {
      let values = MatrixFile.Policies.silentCommitReturnValues
      if values.contains(value) {
        policies.silentCommitReturn = value
      } else {
        error(
          "unknown 'silent_commit_return' '\(value)'; expected 'submits' (a Return after a silent commit "
            + "submits, as the articles have it) or 'judges'\(Suggestion.hint(for: value, among: values))",
          at: returnNode.start)
      }
    }
    if let variantsNode = keys["delivery_variants"]?.value,
      let items = sequence(variantsNode, "'delivery_variants'")
    {
      let known = MatrixFile.Policies.deliveryVariantValues
      var chosen: [String] = []
      for item in items {
        guard let value = string(item, "a delivery variant") else { continue }
        if !known.contains(value) {
          error(
            "unknown delivery variant '\(value)'" + Suggestion.hint(for: value, among: known), at: item.start)
        } else if chosen.contains(value) {
          error("delivery variant '\(value)' is listed twice", at: item.start)
        } else {
          chosen.append(value)
        }
      }
      if items.isEmpty {
        error(
          "'delivery_variants' is empty; list at least one of \(known.map { "'\($0)'" }.joined(separator: ", "))",
          at: variantsNode.start)
      } else if !chosen.isEmpty {
        policies.deliveryVariants = known.filter(chosen.contains)
      }
    }
    if let separators = keys["han_name_separators"]?.value {
      policies.names.hanNameSeparators = separatorList(separators, key: "han_name_separators")
    }
    if let separators = keys["japanese_name_separators"]?.value {
      policies.names.japaneseNameSeparators = separatorList(separators, key: "japanese_name_separators")
    }
    return policies
  }

  /// A list of dots as `U+30FB`, each one of docs/DOMAIN.md 5.2's (``NamePolicies/dots``); an unknown
  /// or repeated one is an error at its place. An empty list declares that the rule takes no other dot.
  mutating func separatorList(_ node: Node, key: String) -> Set<Unicode.Scalar> {
    guard let items = sequence(node, "'\(key)'") else { return [] }
    let known = NamePolicies.dots.map(NamePolicies.spelling)
    var chosen: Set<Unicode.Scalar> = []
    for item in items {
      guard let value = string(item, "a separator of '\(key)'") else { continue }
      guard let index = known.firstIndex(of: value.uppercased()) else {
        error(
          "unknown separator '\(value)' in '\(key)'; expected one of the dots of docs/DOMAIN.md 5.2: "
            + known.map { "'\($0)'" }.joined(separator: ", ") + Suggestion.hint(for: value, among: known),
          at: item.start)
        continue
      }
      if !chosen.insert(NamePolicies.dots[index]).inserted {
        error("separator '\(value)' is listed twice in '\(key)'", at: item.start)
      }
    }
    return chosen
  }
}
