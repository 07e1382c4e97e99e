extension BuiltInRule {
  /// `email`: an ASCII address of the everyday form `local@domain.tld`, a practical subset of RFC 5321
  /// and RFC 5322.
  ///
  /// Valid when the text is ASCII, at most 254 characters, and has exactly one `@` between
  /// - a local part of 1 to 64 letters, digits, dots and ``localSymbols``, with no dot first, last or
  ///   next to another (no quoted local parts), and
  /// - a domain of at least two dot-separated labels, each 1 to 63 letters, digits and hyphens with no
  ///   hyphen first or last, the last label (the top-level domain) at least two characters long and not
  ///   all digits.
  /// Anything else is invalid, which catches the full-width ＠ and ． a CJK keyboard left in full-width
  /// mode produces; internationalised addresses are not accepted.
  ///
  /// ```swift
  /// try BuiltInRule.email.verdict(of: "mei.li@example.cn")   // .valid
  /// try BuiltInRule.email.verdict(of: "mei.li＠example.cn")   // .invalid
  /// ```
  static func email(_ text: String) -> Verdict {
    if text.isEmpty { return .valid }
    let scalars = Array(text.unicodeScalars)
    guard scalars.count <= 254, scalars.allSatisfy(\.isASCII),
      let at = scalars.firstIndex(of: "@"), scalars.lastIndex(of: "@") == at
    else { return .invalid }
    let local = scalars[..<at]
    let domain = scalars[(at + 1)...]
    guard local.count <= 64, dotted(local, allowing: isLocalCharacter) else { return .invalid }
    let labels = domain.split(separator: ".", omittingEmptySubsequences: false)
    guard labels.count >= 2, dotted(domain, allowing: isLabelCharacter),
      labels.allSatisfy({ $0.count <= 63 && $0.first != "-" && $0.last != "-" }),
      let top = labels.last, top.count >= 2, !top.allSatisfy(isDigit)
    else { return .invalid }
    return .valid
  }

  /// The symbols an email's local part may hold besides letters, digits and dots (RFC 5322 `atext`).
  static let localSymbols: Set<Unicode.Scalar> = Set("!#$%&'*+/=?^_`{|}~-".unicodeScalars)

  /// Whether `part` is dot-separated non-empty runs of scalars `allowed` accepts.
  private static func dotted(_ part: ArraySlice<Unicode.Scalar>, allowing allowed: (Unicode.Scalar) -> Bool)
    -> Bool
  {
    part.split(separator: ".", omittingEmptySubsequences: false).allSatisfy { run in
      !run.isEmpty && run.allSatisfy(allowed)
    }
  }

  private static func isDigit(_ scalar: Unicode.Scalar) -> Bool { ("0"..."9").contains(scalar) }

  private static func isLetterOrDigit(_ scalar: Unicode.Scalar) -> Bool {
    isDigit(scalar) || ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar)
  }

  private static func isLocalCharacter(_ scalar: Unicode.Scalar) -> Bool {
    isLetterOrDigit(scalar) || localSymbols.contains(scalar)
  }

  private static func isLabelCharacter(_ scalar: Unicode.Scalar) -> Bool {
    isLetterOrDigit(scalar) || scalar == "-"
  }
}
