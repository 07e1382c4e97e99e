/// Accepts an ASCII email address of the everyday form `local@domain.tld`.
///
/// The check (a practical subset of RFC 5321/5322, not the full grammar):
/// - exactly one `@`; the whole address is at most 254 characters;
/// - local part: 1–64 characters of letters, digits and ``localSymbols``, with dots allowed but
///   not leading, trailing or doubled (no quoted local parts);
/// - domain: at least two dot-separated labels of 1–63 letters, digits or hyphens, no label
///   starting or ending with a hyphen; the last label (top-level domain) has at least two
///   characters and no digits only.
/// Anything non-ASCII is rejected, which also catches the full-width ＠ and ． a CJK keyboard
/// produces when left in full-width mode. Internationalised (IDN) addresses are not accepted.
///
/// ```swift
/// EmailRule().evaluate("mei.li@example.cn")   // .valid
/// EmailRule().evaluate("mei.li＠example.cn")   // .invalid(.emailInvalid)
/// ```
public struct EmailRule: ValidationRule {
  /// The symbols allowed in the local part besides letters, digits and dots.
  public static let localSymbols: Set<Character> = Set("!#$%&'*+/=?^_`{|}~-")

  /// Creates the rule.
  public init() {}

  /// Judges `text`; empty text is valid (combine with ``RequiredRule``).
  ///
  /// - Complexity: O(n) in the length of `text`.
  public func evaluate(_ text: String) -> RuleVerdict {
    if text.isEmpty { return .valid }
    return Self.isValid(text) ? .valid : .invalid(.emailInvalid)
  }

  private static func isValid(_ text: String) -> Bool {
    guard text.count <= 254, text.allSatisfy(\.isASCII) else { return false }
    let parts = text.split(separator: "@", omittingEmptySubsequences: false)
    guard parts.count == 2 else { return false }
    return isValidLocalPart(parts[0]) && isValidDomain(parts[1])
  }

  private static func isValidLocalPart(_ local: Substring) -> Bool {
    guard (1...64).contains(local.count) else { return false }
    let atoms = local.split(separator: ".", omittingEmptySubsequences: false)
    return atoms.allSatisfy { atom in
      !atom.isEmpty && atom.allSatisfy { $0.isLetter || $0.isNumber || localSymbols.contains($0) }
    }
  }

  private static func isValidDomain(_ domain: Substring) -> Bool {
    let labels = domain.split(separator: ".", omittingEmptySubsequences: false)
    guard labels.count >= 2, let tld = labels.last else { return false }
    let labelsOK = labels.allSatisfy { label in
      (1...63).contains(label.count) && label.first != "-" && label.last != "-"
        && label.allSatisfy { $0.isLetter || $0.isNumber || $0 == "-" }
    }
    return labelsOK && tld.count >= 2 && !tld.allSatisfy(\.isNumber)
  }
}
