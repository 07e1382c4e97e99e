import TextFormats

/// Renders diagnostics the way compilers do, so editors and CI logs can jump to them.
///
/// ```text
/// matrices/default.yaml:12:17: error: unknown input method 'zh-pinyn'; did you mean 'zh-pinyin'?
///    12 |   input_method: [zh-pinyn, ja-romaji]
///       |                 ^
/// ```
package struct DiagnosticRenderer: Sendable {
  /// Whether to colour the severity word (only on a TTY, never with `NO_COLOR`).
  package var colored: Bool

  package init(colored: Bool = false) {
    self.colored = colored
  }

  /// Renders one diagnostic (and its notes), each line ending with `\n`.
  ///
  /// - Parameters:
  ///   - diagnostic: What to render.
  ///   - source: The text of `diagnostic.path`, for the excerpt; `nil` renders the header only.
  package func render(_ diagnostic: Diagnostic, source: String?) -> String {
    render([diagnostic]) { $0 == diagnostic.path ? source : nil }
  }

  /// Renders diagnostics (and their notes) in order, reading each file's text once however many of them
  /// point into it.
  ///
  /// Prefer this to rendering one diagnostic at a time when there may be many: each file is walked
  /// once, not once per diagnostic.
  ///
  /// ```swift
  /// let source = "devices: [iphone-16e]\ninput_methods: [zh-pinyn, ja-romaji, ko-2sat]\n"
  /// let diagnostics = [
  ///   Diagnostic(
  ///     path: "matrices/team.yaml", location: TextPosition(line: 2, column: 17),
  ///     message: "unknown input method 'zh-pinyn'; did you mean 'zh-pinyin'?"),
  ///   Diagnostic(
  ///     path: "matrices/team.yaml", location: TextPosition(line: 2, column: 38),
  ///     message: "unknown input method 'ko-2sat'; did you mean 'ko-2set'?"),
  /// ]
  /// // The file is read once for both excerpts.
  /// let text = DiagnosticRenderer().render(diagnostics) { $0 == "matrices/team.yaml" ? source : nil }
  /// ```
  ///
  /// - Parameters:
  ///   - diagnostics: What to render, in the order given.
  ///   - sources: The text of a path, for the excerpts; `nil` renders that path's headers only.
  /// - Complexity: O(*n* + *d* log *d*) for *n* characters of source and *d* diagnostics.
  package func render(_ diagnostics: [Diagnostic], sources: (String) -> String?) -> String {
    var locations: [String: [TextPosition]] = [:]
    func gather(_ diagnostic: Diagnostic) {
      if let location = diagnostic.location { locations[diagnostic.path, default: []].append(location) }
      diagnostic.notes.forEach(gather)
    }
    diagnostics.forEach(gather)
    var excerpts: [String: SourceExcerpts] = [:]
    for (path, pathLocations) in locations {
      guard let source = sources(path) else { continue }
      excerpts[path] = SourceExcerpts(source: source, locations: pathLocations, width: Self.maxExcerptScalars)
    }
    var out = ""
    func emit(_ diagnostic: Diagnostic) {
      out += header(diagnostic) + "\n"
      if let location = diagnostic.location, let window = excerpts[diagnostic.path]?.windows[location] {
        out += excerpt(window, at: location)
      }
      diagnostic.notes.forEach(emit)
    }
    diagnostics.forEach(emit)
    return out
  }

  private func header(_ d: Diagnostic) -> String {
    let word = d.severity.rawValue
    let painted: String
    if colored {
      let code =
        switch d.severity {
        case .error: "31"
        case .warning: "33"
        case .note: "36"
        }
      painted = "\u{1B}[1;\(code)m\(word)\u{1B}[0m"
    } else {
      painted = word
    }
    // The path and the message may quote a file's text: shown as any terminal text is, before colour.
    let path = Escaping.terminalLine(d.path)
    let message = Escaping.terminalText(d.message)
    if let location = d.location {
      return "\(path):\(location.line):\(location.column): \(painted): \(message)"
    }
    return "\(path): \(painted): \(message)"
  }

  /// The offending line (or, far along a long line, the part around the column), sanitised for a
  /// terminal, and a caret under the column.
  func excerpt(_ window: SourceExcerpts.Window, at location: TextPosition) -> String {
    let number = String(location.line)
    let gutter = String(repeating: " ", count: number.count)
    let clipped = window.firstColumn > 1
    var shown = clipped ? "…" : ""
    var pad = clipped ? " " : ""
    var column = window.firstColumn
    for scalar in window.scalars {
      let printable = Self.printable(scalar)
      shown += printable
      if column < location.column {
        // Keep tabs so the caret lines up under the same tab stops; wide CJK needs two cells.
        pad += scalar == "\t" ? "\t" : String(repeating: " ", count: printable.displayWidth)
      }
      column += 1
    }
    if window.continues { shown += "…" }
    // A column past the end of the line (an error at the line break) puts the caret after it, and a
    // column far past it is capped rather than padded with millions of spaces.
    if location.column > column {
      pad += String(repeating: " ", count: min(location.column - column, Self.maxExcerptScalars))
    }
    return "\(number) | \(shown)\n\(gutter) | \(pad)^\n"
  }

  /// The most scalars of a line an excerpt shows.
  static let maxExcerptScalars = 200

  /// Control characters and NUL would garble a terminal; show them as `\u{…}` escapes, as every
  /// terminal text is (``Escaping/terminalText(_:)``); a tab is kept so the caret lines up.
  static func printable(_ scalar: Unicode.Scalar) -> String {
    scalar != "\t" && Escaping.isControl(scalar) ? Escaping.visibleControl(scalar) : String(scalar)
  }

}
