extension Escaping {
  /// Appends `text` to `out` one Unicode scalar at a time: the text `replacement` returns for a
  /// scalar stands in its place (`""` drops it); a scalar it returns `nil` for is kept as is.
  ///
  /// The loop every scalar-wise escape in this module shares (XML, Markdown, link destinations,
  /// JSON strings); each passes only its own table.
  ///
  /// ```swift
  /// var out = ""
  /// Escaping.appendEscaped("a<b", to: &out) { $0 == "<" ? "&lt;" : nil }   // a&lt;b
  /// ```
  ///
  /// - Complexity: O(*n*) in the number of scalars of `text`.
  static func appendEscaped(
    _ text: String, to out: inout String, _ replacement: (Unicode.Scalar) -> String?
  ) {
    for scalar in text.unicodeScalars {
      if let replaced = replacement(scalar) {
        out += replaced
      } else {
        out.unicodeScalars.append(scalar)
      }
    }
  }

  /// `text` escaped scalar by scalar as ``appendEscaped(_:to:_:)`` does.
  static func escaped(_ text: String, _ replacement: (Unicode.Scalar) -> String?) -> String {
    var out = ""
    appendEscaped(text, to: &out, replacement)
    return out
  }
}
