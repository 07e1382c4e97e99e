extension Escaping {
  /// The schemes a link qapass writes may have: web and mail links. A link without a scheme (a
  /// relative path, `#fragment`, `?query`) is allowed too.
  package static let linkSchemes: Set<String> = ["http", "https", "mailto"]

  /// Whether `target` may be the destination of a link qapass writes: the one link-destination rule
  /// every writer applies.
  ///
  /// The target and the text a renderer makes of it, with its HTML character references decoded
  /// (`&#58;`, `&#x3A;`, `&colon;`), must both be non-empty, hold no control character (C0 — tab,
  /// vertical tab and line breaks included — DEL, C1, U+2028 and U+2029), and either have a scheme of
  /// ``linkSchemes`` (compared without case) or no scheme at all. The scheme is what comes before a
  /// `:` that precedes any `/`, `?` and `#`, so `./a:b` and `a/b:c` are relative, and `java%09script:x`
  /// or ` javascript:x` is a scheme outside the list.
  ///
  /// ```swift
  /// Escaping.isAllowedLink("https://tracker.example/QA-812")   // true
  /// Escaping.isAllowedLink("recordings/m2.mov")                // true
  /// Escaping.isAllowedLink("javascript&#58;alert(1)")          // false
  /// Escaping.isAllowedLink("\tjavascript:alert(1)")            // false
  /// ```
  package static func isAllowedLink(_ target: String) -> Bool {
    for candidate in [target, decodingCharacterReferences(target)] {
      guard !candidate.isEmpty, !candidate.unicodeScalars.contains(where: isRefusedInLink) else {
        return false
      }
      guard let end = candidate.firstIndex(where: { ":/?#".contains($0) }), candidate[end] == ":" else {
        continue
      }
      guard linkSchemes.contains(candidate[..<end].lowercased()) else { return false }
    }
    return true
  }

  /// Whether `scalar` is refused anywhere in a link: a C0 or C1 control, DEL, U+2028 or U+2029.
  static func isRefusedInLink(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0..<0x20, 0x7F...0x9F, 0x2028, 0x2029: true
    default: false
    }
  }

  /// A link destination for Markdown, or `nil` when ``isAllowedLink(_:)`` refuses `target`.
  ///
  /// The `<…>` form, with `<`, `>`, spaces and `\` percent-encoded and `&` written `&amp;`, so a
  /// renderer's link is `target` exactly: no character reference or backslash escape in it is decoded.
  ///
  /// ```swift
  /// Escaping.markdownLinkDestination("recordings/m 2.mov")   // <recordings/m%202.mov>
  /// Escaping.markdownLinkDestination("javascript:alert(1)")  // nil
  /// ```
  package static func markdownLinkDestination(_ target: String) -> String? {
    guard isAllowedLink(target) else { return nil }
    let out = escaped(target) { scalar in
      switch scalar {
      case "<": "%3C"
      case ">": "%3E"
      case " ": "%20"
      case "\\": "%5C"
      case "&": "&amp;"
      default: nil
      }
    }
    return "<" + out + ">"
  }

  /// `text` with its HTML character references decoded as a Markdown renderer decodes them in a link:
  /// decimal (`&#58;`, up to 7 digits) and hexadecimal (`&#x3A;`, up to 6 digits) references, U+0000
  /// and code points that are not scalars as U+FFFD, and the named references whose text is ASCII
  /// (`&colon;`, `&Tab;`, `&NewLine;`; the others cannot form a scheme or a control character).
  ///
  /// - Complexity: O(*n*) in the length of `text`.
  package static func decodingCharacterReferences(_ text: String) -> String {
    guard text.contains("&") else { return text }
    var out = ""
    var rest = Substring(text)
    while let ampersand = rest.firstIndex(of: "&") {
      out += rest[..<ampersand]
      let reference = rest[rest.index(after: ampersand)...]
      if let semicolon = reference.prefix(33).firstIndex(of: ";"),
        let decoded = decodedReference(reference[..<semicolon])
      {
        out += decoded
        rest = reference[reference.index(after: semicolon)...]
      } else {
        out += "&"
        rest = reference
      }
    }
    return out + rest
  }

  /// The text of one character reference's name (what is between `&` and `;`), or `nil` when it is
  /// not one ``decodingCharacterReferences(_:)`` decodes.
  static func decodedReference(_ name: Substring) -> String? {
    guard name.first == "#" else { return asciiNamedReferences[String(name)] }
    let hex = name.dropFirst().first.map { $0 == "x" || $0 == "X" } ?? false
    let digits = name.dropFirst(hex ? 2 : 1)
    guard !digits.isEmpty, digits.count <= (hex ? 6 : 7),
      digits.allSatisfy({ hex ? $0.isHexDigit : ("0"..."9").contains($0) }),
      let value = UInt32(digits, radix: hex ? 16 : 10)
    else { return nil }
    guard value != 0, let scalar = Unicode.Scalar(value) else { return "\u{FFFD}" }
    return String(Character(scalar))
  }

  /// The HTML5 named character references whose text is ASCII or U+00A0 (every one of them).
  static let asciiNamedReferences: [String: String] = [
    "Tab": "\t", "NewLine": "\n", "excl": "!", "QUOT": "\"", "quot": "\"", "num": "#", "dollar": "$",
    "percnt": "%", "AMP": "&", "amp": "&", "apos": "'", "lpar": "(", "rpar": ")", "ast": "*", "midast": "*",
    "plus": "+", "comma": ",", "period": ".", "sol": "/", "colon": ":", "semi": ";", "LT": "<", "lt": "<",
    "equals": "=", "GT": ">", "gt": ">", "quest": "?", "commat": "@", "lbrack": "[", "lsqb": "[",
    "bsol": "\\", "rbrack": "]", "rsqb": "]", "Hat": "^", "lowbar": "_", "UnderBar": "_",
    "DiacriticalGrave": "`", "grave": "`", "fjlig": "fj", "lbrace": "{", "lcub": "{", "verbar": "|",
    "vert": "|", "VerticalLine": "|", "rbrace": "}", "rcub": "}", "nbsp": "\u{A0}",
    "NonBreakingSpace": "\u{A0}",
  ]
}
