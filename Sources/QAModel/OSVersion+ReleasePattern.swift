extension OSVersion {
  /// A regular expression that matches the exact releases a tester may record for an item planned on
  /// `planned`: the concrete versions ``observed(_:isWithin:)`` admits, written with ASCII digits and
  /// dots, and never a wildcard.
  ///
  /// The pattern uses the syntax ECMAScript and `NSRegularExpression` share, so a page's script checks
  /// a typed version the way ingest will. A text that is no version (`26 beta`) admits only itself.
  ///
  /// ```swift
  /// OSVersion.releasePattern(for: "26.x")   // ^0*26(?:\.[0-9]+){1,2}$: 26.4, 26.4.1, not 26.x or 27.1
  /// OSVersion.releasePattern(for: "26.1")   // ^(?:26\.1|0*26\.0*1(?:\.[0-9]+){1,1})$
  /// ```
  ///
  /// - Parameter planned: The OS as the plan writes it.
  /// - Returns: An anchored pattern.
  package static func releasePattern(for planned: String) -> String {
    guard let version = OSVersion(planned) else { return "^" + escaped(planned) + "$" }
    let leading = version.parts.map { "0*\($0)" }.joined(separator: "\\.")
    // A longer release: one to (3 − parts) more parts, as `admits` takes them.
    let room = 3 - version.parts.count
    let longer = room > 0 ? leading + "(?:\\.[0-9]+){1,\(room)}" : nil
    if version.hasWildcard { return "^" + (longer ?? "(?!)") + "$" }
    guard let longer else { return "^" + escaped(planned) + "$" }
    return "^(?:" + escaped(planned) + "|" + longer + ")$"
  }

  /// `text` with every character a pattern gives a meaning to escaped.
  private static func escaped(_ text: String) -> String {
    var out = ""
    for character in text {
      if "\\^$.|?*+()[]{}/".contains(character) { out.append("\\") }
      out.append(character)
    }
    return out
  }
}
