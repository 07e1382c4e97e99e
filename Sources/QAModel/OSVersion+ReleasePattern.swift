extension OSVersion {
  /// Whether `text` is one exact release of the OS an item is planned for: a concrete version `planned`
  /// admits (``observed(_:isWithin:)``), never a wildcard. A planned text that is no version admits only
  /// itself.
  ///
  /// This is the one rule for the OS a tester records: `qapass record`, its terminal walk and the
  /// served API apply it, and the HTML checklist applies it through ``releasePattern(for:)``, the same
  /// rule as a regular expression.
  ///
  /// ```swift
  /// OSVersion.isRelease("26.4.1", of: "26.x")   // true
  /// OSVersion.isRelease("26.x", of: "26.x")     // false: a series, not one release
  /// OSVersion.isRelease("27.0", of: "26.x")     // false: outside the series
  /// OSVersion.isRelease("26.1", of: "26.1")     // true
  /// ```
  ///
  /// - Parameters:
  ///   - text: The OS as the tester gives it.
  ///   - planned: The OS as the plan writes it.
  /// - Returns: Whether `text` may be recorded as the exact OS of an item planned on `planned`.
  package static func isRelease(_ text: String, of planned: String) -> Bool {
    OSVersion(text)?.hasWildcard != true && observed(text, isWithin: planned)
  }

  /// Whether an item planned on `planned` names its release already (`26.1`, `26.1.2`), so a tester
  /// need not give it; `26.x` is a series of releases, and the tester gives the one the device runs.
  ///
  /// - Parameter planned: The OS as the plan writes it.
  /// - Returns: Whether `planned` is a release of itself (``isRelease(_:of:)``).
  package static func isExact(_ planned: String) -> Bool { isRelease(planned, of: planned) }

  /// A release of `planned` to show as an example: `26.4.1` for `26.x` (the HTML checklist's
  /// placeholder, the walk's prompt and `record`'s messages), `26.1.4` for `26.1`; a text that is no
  /// version is its own example.
  ///
  /// - Parameter planned: The OS as the plan writes it.
  /// - Returns: A release for which ``isRelease(_:of:)`` holds.
  package static func exampleRelease(of planned: String) -> String {
    guard let version = OSVersion(planned) else { return planned }
    var parts = version.parts
    if parts.count < 3 { parts += [4, 1].prefix(3 - parts.count) }
    return parts.map(String.init).joined(separator: ".")
  }

  /// A regular expression that matches exactly the texts ``isRelease(_:of:)`` accepts for an item
  /// planned on `planned`: the concrete versions ``observed(_:isWithin:)`` admits, written with ASCII
  /// digits and dots (each part at most 18 digits after its leading zeros, as ``init(_:)`` reads
  /// them), and never a wildcard.
  ///
  /// The pattern uses the syntax ECMAScript and `NSRegularExpression` share, so a page's script checks
  /// a typed version the way `record` and ingest will. A text that is no version admits only itself.
  ///
  /// ```swift
  /// OSVersion.releasePattern(for: "26.x")   // ^0*26(?:\.0*[0-9]{1,18}){1,2}$: 26.4, 26.4.1, not 26.x or 27.1
  /// OSVersion.releasePattern(for: "26.1")   // ^(?:26\.1|0*26\.0*1(?:\.0*[0-9]{1,18}){1,1})$
  /// ```
  ///
  /// - Parameter planned: The OS as the plan writes it.
  /// - Returns: An anchored pattern.
  package static func releasePattern(for planned: String) -> String {
    guard let version = OSVersion(planned) else { return "^" + escaped(planned) + "$" }
    let leading = version.parts.map { "0*\($0)" }.joined(separator: "\\.")
    // A longer release: one to (3 − parts) more parts, as `admits` takes them.
    let room = 3 - version.parts.count
    let longer = room > 0 ? leading + "(?:\\.0*[0-9]{1,\(maxDigits)}){1,\(room)}" : nil
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
