extension Escaping {
  /// Whether `scalar` is a control character qapass never prints as it is: a C0 control (tab and line
  /// feed included), DEL or a C1 control (general category Cc).
  ///
  /// ESC, BEL and the C1 controls start terminal escape sequences (OSC retitles a terminal, CSI moves
  /// the cursor and hides text); a carriage return, vertical tab or form feed ends a line where a
  /// shell or a reader sees none.
  package static func isControl(_ scalar: Unicode.Scalar) -> Bool {
    scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value)
  }

  /// How a control character is shown: `\u{1B}`, its code point in hexadecimal, upper case.
  package static func visibleControl(_ scalar: Unicode.Scalar) -> String {
    "\\u{\(String(scalar.value, radix: 16, uppercase: true))}"
  }

  /// Text for a terminal: every control character but tab and line feed shown as `\u{1B}`, so no text
  /// qapass prints (a matrix's names, a tester's note, a value quoted in a message) can retitle the
  /// terminal, move the cursor or hide what follows. The one sanitiser of terminal output.
  ///
  /// ```swift
  /// Escaping.terminalText("plan: \u{1B}]0;owned\u{07}x")   // plan: \u{1B}]0;owned\u{7}x
  /// Escaping.terminalText("a\tb\nc")                        // a\tb\nc, as it is
  /// ```
  ///
  /// - Complexity: O(*n*) in the length of `text`; text without a control character is returned as
  ///   it is after one pass over its bytes.
  package static func terminalText(_ text: String) -> String {
    sanitized(text, keepingLineBreaks: true)
  }

  /// ``terminalText(_:)`` for one line: line feeds (and U+2028, U+2029) shown too, as `\u{A}`.
  package static func terminalLine(_ text: String) -> String {
    sanitized(text, keepingLineBreaks: false)
  }

  private static func sanitized(_ text: String, keepingLineBreaks: Bool) -> String {
    guard hasTerminalControl(text, keepingLineBreaks: keepingLineBreaks) else { return text }
    return escaped(text) { scalar in
      switch scalar {
      case "\t": nil
      case "\n" where keepingLineBreaks: nil
      case "\u{2028}", "\u{2029}": keepingLineBreaks ? nil : visibleControl(scalar)
      default: isControl(scalar) ? visibleControl(scalar) : nil
      }
    }
  }

  /// Whether `text` holds a byte ``sanitized(_:keepingLineBreaks:)`` changes, found on its UTF-8
  /// bytes: C0 but tab (and line feed when kept), DEL, a C1 control (0xC2 then 0x80–0x9F), and the
  /// lead byte 0xE2 of U+2028 and U+2029 when line breaks are shown.
  private static func hasTerminalControl(_ text: String, keepingLineBreaks: Bool) -> Bool {
    func scan(_ bytes: some Collection<UInt8>) -> Bool {
      var previous: UInt8 = 0
      for byte in bytes {
        switch byte {
        case 0x09: break
        case 0x0A where keepingLineBreaks: break
        case 0..<0x20, 0x7F: return true
        case 0x80...0x9F where previous == 0xC2: return true
        case 0xE2 where !keepingLineBreaks: return true
        default: break
        }
        previous = byte
      }
      return false
    }
    return text.utf8.withContiguousStorageIfAvailable(scan) ?? scan(text.utf8)
  }
}
