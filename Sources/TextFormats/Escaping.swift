/// Escaping for every output format qapass writes (XML, SVG, Markdown), in one tested place.
///
/// Each function takes arbitrary text (tester notes, field texts, ids) and returns text that is
/// safe in one syntactic position of one format.
///
/// ```swift
/// Escaping.xmlAttribute("a \"b\" <c>")   // a &quot;b&quot; &lt;c&gt;
/// Escaping.markdownTableCell("a | b")    // a \| b
/// ```
package enum Escaping {
  /// Text for an XML 1.0 element body: `&`, `<` and `>` escaped, forbidden characters dropped.
  ///
  /// XML 1.0 allows only tab, line feed and carriage return below U+0020, and neither U+FFFE nor
  /// U+FFFF; every other C0 control is dropped, since no escape can carry it.
  package static func xmlText(_ text: String) -> String {
    xml(text, inAttribute: false)
  }

  /// Text for a double-quoted XML 1.0 attribute value: as ``xmlText(_:)``, plus `"` and `'`, and
  /// tab, line feed and carriage return as character references so parsers keep them.
  package static func xmlAttribute(_ text: String) -> String {
    xml(text, inAttribute: true)
  }

  private static func xml(_ text: String, inAttribute: Bool) -> String {
    escaped(text, screen: xmlScreen) { scalar in
      guard isAllowedInXML(scalar) else { return "" }
      switch scalar {
      case "&": return "&amp;"
      case "<": return "&lt;"
      case ">": return "&gt;"
      case "\"" where inAttribute: return "&quot;"
      case "'" where inAttribute: return "&apos;"
      case "\t" where inAttribute, "\n" where inAttribute, "\r" where inAttribute:
        return "&#\(scalar.value);"
      default: return nil
      }
    }
  }

  /// Text for SVG `<text>` content and attributes (SVG is XML): as ``xmlAttribute(_:)``.
  package static func svgText(_ text: String) -> String {
    xmlAttribute(text)
  }

  /// What ``xml(_:inAttribute:)`` may change: C0 controls, the five markup characters, U+FFFE and
  /// U+FFFF (lead byte 0xEF).
  static let xmlScreen = ByteScreen(controls: true, ascii: "&<>\"'", bytes: [0xEF])

  /// Whether XML 1.0 allows `scalar` in a document at all.
  static func isAllowedInXML(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0x9, 0xA, 0xD: true
    case 0x20...0xD7FF, 0xE000...0xFFFD, 0x10000...0x10FFFF: true
    default: false
    }
  }

  /// Text for one cell of a GitHub-flavoured Markdown table.
  ///
  /// `|` is escaped (GFM splits cells before anything else, even inside code spans), line breaks
  /// become `<br>`, and the rest is escaped as ``markdownInline(_:)``.
  package static func markdownTableCell(_ text: String) -> String {
    var lines: [String] = []
    for line in text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline) {
      lines.append(markdownInline(String(line)))
    }
    return lines.joined(separator: "<br>")
  }

  /// The text with every line break replaced by a space, for one-line contexts: table rows and
  /// `<summary>` lines.
  package static func singleLine(_ text: String) -> String {
    String(text.map { $0.isNewline ? " " : $0 })
  }

  /// Inline Markdown text that renders as written: no emphasis, links, code, HTML or
  /// line-start block syntax.
  ///
  /// ASCII punctuation with a meaning in inline Markdown is backslash-escaped (`>` and the
  /// characters that open blocks only at the start), control
  /// characters other than tab are dropped, and line breaks become spaces. `|` is escaped too, so the
  /// result is also safe in a table cell.
  package static func markdownInline(_ text: String) -> String {
    var out = escaped(text, screen: markdownInlineScreen) { scalar in
      switch scalar {
      case "\\", "`", "*", "_", "[", "]", "<", "|", "~", "&": "\\" + String(scalar)
      case "\n", "\r", "\u{2028}", "\u{2029}": " "
      case "\t": nil
      default: scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) ? "" : nil
      }
    }
    // A leading `-`, `+`, `=`, `#`, `>` or `1.` could start a list, heading, quote or ordered list.
    if let first = out.unicodeScalars.first, "-+=#>".unicodeScalars.contains(first) {
      out = "\\" + out
    } else if let dot = out.firstIndex(where: { !$0.isASCII || !$0.isNumber }), dot != out.startIndex,
      out.distance(from: out.startIndex, to: dot) <= 9, out[dot] == "." || out[dot] == ")"
    {
      // An ordered-list marker needs a space, a tab or the end of the line after it (`1. x`, not `4.12`).
      let after = out.index(after: dot)
      if after == out.endIndex || out[after] == " " || out[after] == "\t" { out.insert("\\", at: dot) }
    }
    return out
  }

  /// What ``markdownInline(_:)`` may change: controls and DEL, its punctuation, U+0080–U+009F (lead
  /// byte 0xC2), U+2028 and U+2029 (lead byte 0xE2).
  static let markdownInlineScreen = ByteScreen(
    controls: true, ascii: "\\`*_[]<|~&", bytes: [0x7F, 0xC2, 0xE2])

  /// What ``markdownCode(_:)`` may change: controls, DEL and `|`.
  static let markdownCodeScreen = ByteScreen(controls: true, ascii: "|", bytes: [0x7F])

  /// Text for a Markdown code span: backticks and `|` cannot appear inside one safely in a
  /// table, so the span is fenced with enough backticks and `|` is escaped.
  ///
  /// Returns the whole span, backticks included: ``markdownCode("a`b")`` is ``` ``a`b`` ```.
  package static func markdownCode(_ text: String) -> String {
    let clean = escaped(text, screen: markdownCodeScreen) { scalar in
      switch scalar {
      case "\n", "\r": " "
      case "|": "\\|"
      default: scalar.value < 0x20 || scalar.value == 0x7F ? "" : nil
      }
    }
    var longest = 0
    var run = 0
    for character in clean {
      run = character == "`" ? run + 1 : 0
      longest = max(longest, run)
    }
    if clean.isEmpty { return "` `" }
    let fence = String(repeating: "`", count: longest + 1)
    let pad = clean.hasPrefix("`") || clean.hasSuffix("`") ? " " : ""
    return fence + pad + clean + pad + fence
  }
}
