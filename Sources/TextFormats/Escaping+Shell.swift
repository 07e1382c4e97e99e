extension Escaping {
  /// `text` as one word of a POSIX shell command line (sh, bash, zsh), the one quoting function for
  /// every command qapass prints: as it is when it has only characters no shell changes; in single
  /// quotes (`'` written `'\''`) otherwise; and, when it holds a control character (a line break, a
  /// tab, ESC), in ANSI-C quotes with each control byte as `\xHH`, so the printed command stays on one
  /// line, shows every byte, and runs with the argument exactly as given.
  ///
  /// ```swift
  /// Escaping.shellWord("zh_Hans-Pinyin@sw=Pinyin-Simplified;hw=Automatic")
  ///   // 'zh_Hans-Pinyin@sw=Pinyin-Simplified;hw=Automatic'
  /// Escaping.shellWord("it's")            // 'it'\''s'
  /// Escaping.shellWord("en\ntouch /x")    // $'en\x0Atouch /x'
  /// ```
  package static func shellWord(_ text: String) -> String {
    let plain =
      !text.isEmpty
      && text.unicodeScalars.allSatisfy { scalar in
        scalar.isASCII
          && (("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar) || ("0"..."9").contains(scalar)
            || "-_./:=,+%@".unicodeScalars.contains(scalar))
      }
    if plain { return text }
    guard text.unicodeScalars.contains(where: isControl) else {
      return "'" + text.split(separator: "'", omittingEmptySubsequences: false).joined(separator: "'\\''")
        + "'"
    }
    let body = escaped(text) { scalar in
      switch scalar {
      case "\\": "\\\\"
      case "'": "\\'"
      default:
        isControl(scalar)
          ? String(Character(scalar)).utf8.map {
            "\\x" + (($0 < 16 ? "0" : "") + String($0, radix: 16, uppercase: true))
          }
          .joined()
          : nil
      }
    }
    return "$'" + body + "'"
  }

  /// A shell comment made of `text`: `# ` and the text on one line, its line breaks and control
  /// characters shown as ``terminalLine(_:)`` shows them, so no text from a matrix or a simulator
  /// list ends the comment and runs as a command.
  ///
  /// ```swift
  /// Escaping.shellComment("set the language to 'en\ntouch /tmp/x'")
  ///   // # set the language to 'en\u{A}touch /tmp/x'
  /// ```
  package static func shellComment(_ text: String) -> String {
    "# " + terminalLine(text)
  }
}
