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
  /// `screen` makes the common case cheap: it must hold at least one UTF-8 byte of every scalar
  /// `replacement` changes (the ASCII byte itself, or the lead byte of a longer scalar), so a text with
  /// none of its bytes is appended whole without looking at its scalars.
  ///
  /// - Complexity: O(*n*) in the number of scalars of `text`.
  static func appendEscaped(
    _ text: String, to out: inout String, screen: ByteScreen? = nil,
    _ replacement: (Unicode.Scalar) -> String?
  ) {
    if let screen, !screen.matches(text) {
      out += text
      return
    }
    // Runs of kept scalars are copied whole.
    let scalars = text.unicodeScalars
    var kept = scalars.startIndex
    var index = kept
    while index != scalars.endIndex {
      let next = scalars.index(after: index)
      if let replaced = replacement(scalars[index]) {
        if kept != index { out += Substring(scalars[kept..<index]) }
        out += replaced
        kept = next
      }
      index = next
    }
    if kept == scalars.startIndex {
      out += text
    } else if kept != scalars.endIndex {
      out += Substring(scalars[kept...])
    }
  }

  /// `text` escaped scalar by scalar as ``appendEscaped(_:to:screen:_:)`` does.
  static func escaped(
    _ text: String, screen: ByteScreen? = nil, _ replacement: (Unicode.Scalar) -> String?
  ) -> String {
    var out = ""
    appendEscaped(text, to: &out, screen: screen, replacement)
    return out
  }

  /// `text` escaped one `Character` at a time: the text `replacement` returns for a character stands
  /// in its place; a character it returns `nil` for is kept as is. For escapes whose table names
  /// line breaks as characters, so `\r\n` is one break: Markdown cells with markup, plan fingerprint
  /// members.
  ///
  /// ```swift
  /// Escaping.escaped(characters: "a\r\nb") { $0.isNewline ? "<br>" : nil }   // a<br>b
  /// ```
  ///
  /// - Complexity: O(*n*) in the number of characters of `text`.
  package static func escaped(characters text: String, _ replacement: (Character) -> String?) -> String {
    // Runs of kept characters are copied whole; text that needs no escape is returned as it is.
    var out = ""
    var kept = text.startIndex
    var index = kept
    while index != text.endIndex {
      let next = text.index(after: index)
      if let replaced = replacement(text[index]) {
        if kept != index { out += text[kept..<index] }
        out += replaced
        kept = next
      }
      index = next
    }
    if kept == text.startIndex { return text }
    if kept != text.endIndex { out += text[kept...] }
    return out
  }
}
