/// The choices about names that neither the articles nor a verified fact decides, each a policy the
/// team declares in its matrix: which dots join the parts of a name.
///
/// Only U+00B7 MIDDLE DOT is the separator of a Chinese name by a verified fact (docs/DOMAIN.md 5.2: the
/// standard separator, what GB18030, Big5 and CP950 decode to); every other dot of that table (U+30FB
/// from Japanese IMEs and Python's GB2312 table, U+2027 from CP950, U+FF65, U+2022 and the look-alikes
/// users paste) is a choice "to reject or normalise deliberately". Japanese names take no dot by
/// qapass's definition, while a foreign name in katakana is commonly joined by ・ (ジョン・スミス): a
/// choice too. Until a team declares a rule's separators, the texts those choices decide are left out
/// of the pack; once it does, every dot of the table is probed, valid exactly when declared.
///
/// ```swift
/// var policies = NamePolicies()
/// policies.hanNameSeparators = ["\u{30FB}"]
/// try BuiltInRule.hanName.verdict(of: "阿沛・阿旺晋美", policies: policies)   // .valid
/// try BuiltInRule.hanName.verdict(of: "阿沛・阿旺晋美")                       // .invalid
/// ```
package struct NamePolicies: Hashable, Sendable {
  /// The dots the team's `han-name` takes between parts besides U+00B7 (`han_name_separators`), or
  /// `nil` when the team declared none.
  package var hanNameSeparators: Set<Unicode.Scalar>?
  /// The dots the team's `japanese-name` takes between parts (`japanese_name_separators`), or `nil`.
  package var japaneseNameSeparators: Set<Unicode.Scalar>?

  /// The definitions alone: U+00B7 between the parts of a Chinese name, no dot in a Japanese one.
  package init(
    hanNameSeparators: Set<Unicode.Scalar>? = nil, japaneseNameSeparators: Set<Unicode.Scalar>? = nil
  ) {
    self.hanNameSeparators = hanNameSeparators
    self.japaneseNameSeparators = japaneseNameSeparators
  }

  /// The separator of a Chinese name by a verified fact.
  package static let middleDot: Unicode.Scalar = "\u{00B7}"

  /// The dots of docs/DOMAIN.md 5.2, in its order: what a policy may list.
  package static let dots: [Unicode.Scalar] = [
    "\u{00B7}", "\u{30FB}", "\u{FF65}", "\u{2027}", "\u{2022}", "\u{2219}", "\u{22C5}", "\u{2E31}",
    "\u{318D}",
    "\u{A78F}",
  ]

  /// The separators `rule` takes.
  package func separators(for rule: BuiltInRule) -> Set<Unicode.Scalar> {
    switch rule {
    case .hanName: (hanNameSeparators ?? []).union([Self.middleDot])
    case .japaneseName: japaneseNameSeparators ?? []
    default: []
    }
  }

  /// Whether the team declared `rule`'s separators, so the texts they decide are probed.
  package func isDeclared(_ rule: BuiltInRule) -> Bool {
    switch rule {
    case .hanName: hanNameSeparators != nil
    case .japaneseName: japaneseNameSeparators != nil
    default: false
    }
  }

  /// The texts whose verdict the separator choice of `rule` decides: a name joined by each dot of
  /// ``dots`` that the definitions do not decide (for `han-name`, every dot but U+00B7).
  package static func contestedTexts(for rule: BuiltInRule) -> [String] {
    switch rule {
    case .hanName: dots.filter { $0 != middleDot }.map { "阿沛" + String($0) + "阿旺晋美" }
    case .japaneseName: dots.map { "ジョン" + String($0) + "スミス" }
    default: []
    }
  }

  /// `U+30FB`.
  package static func spelling(_ scalar: Unicode.Scalar) -> String {
    let hex = String(scalar.value, radix: 16, uppercase: true)
    return "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
  }
}
