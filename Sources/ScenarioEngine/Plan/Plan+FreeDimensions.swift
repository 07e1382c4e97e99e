import Digests
import MatrixExpansion

extension Plan {
  /// The most characters a free dimension's value keeps in an item id.
  static let freeValueLimit = 16
  /// The most characters the free dimensions' part of an item id keeps, dots included.
  static let freeSuffixLimit = 32

  /// The part of a keyboard item's id its cell's free dimensions make (matrix keys other than `os`,
  /// `input_method` and `device`): short, and the same for the same cell whatever the rest of the plan.
  ///
  /// While every value is a string, number or boolean of at most ``freeValueLimit`` characters and
  /// the part is at most ``freeSuffixLimit``, it is each value in the cell's order (`.dark.xxxl`, as
  /// ids have always been); otherwise it is one segment, `.v-` and 8 hexadecimal digits of the
  /// SHA-256 of the cell's `key=value` lines sorted by key (objects with sorted keys), so an id never
  /// grows with the number of dimensions or the length of their values. The values themselves are
  /// always in the item's configuration.
  ///
  /// ```swift
  /// Plan.freeDimensionSuffix([MatrixMember("appearance", .string("dark"))])  // ".dark"
  /// let locale = MatrixValue.object([
  ///   MatrixMember("language", .string("ja")), MatrixMember("region", .string("JP")),
  /// ])
  /// Plan.freeDimensionSuffix([MatrixMember("locale", locale)])                // ".v-f535077e"
  /// ```
  ///
  /// - Complexity: O(n) in the length of the values' text.
  static func freeDimensionSuffix(_ extras: [MatrixMember]) -> String {
    var suffix = ""
    var readable = true
    for member in extras {
      switch member.value {
      case .string, .number, .bool: break
      case .null, .array, .object: readable = false
      }
      let text = sanitized(member.value.displayText)
      if text.count > freeValueLimit { readable = false }
      suffix += "." + text
    }
    if readable, suffix.count <= freeSuffixLimit { return suffix }
    let lines = extras.sorted { $0.key < $1.key }.map { "\($0.key)=\(canonicalText($0.value))\n" }.joined()
    return ".v-" + String(Digest.sha256Hex(of: lines).prefix(8))
  }

  /// `value` as compact JSON with object keys sorted, so equal values (which ignore key order) give
  /// the same text.
  static func canonicalText(_ value: MatrixValue) -> String {
    switch value {
    case .array(let items): "[" + items.map(canonicalText).joined(separator: ",") + "]"
    case .object(let members):
      "{"
        + members.sorted { $0.key < $1.key }.map { "\($0.key.jsonQuoted):\(canonicalText($0.value))" }
        .joined(separator: ",") + "}"
    default: value.json
    }
  }
}
