/// Renders diagnostics the way compilers do, so editors and CI logs can jump to them.
///
/// ```text
/// matrices/default.yaml:12:17: error: unknown input method 'zh-pinyn'; did you mean 'zh-pinyin'?
///    12 |   input_method: [zh-pinyn, ja-romaji]
///       |                 ^
/// ```
public struct DiagnosticRenderer: Sendable {
  /// Whether to colour the severity word (only on a TTY, never with `NO_COLOR`).
  public var colored: Bool

  public init(colored: Bool = false) {
    self.colored = colored
  }

  /// Renders one diagnostic (and its notes), each line ending with `\n`.
  ///
  /// - Parameters:
  ///   - diagnostic: What to render.
  ///   - source: The text of `diagnostic.path`, for the excerpt; `nil` renders the header only.
  public func render(_ diagnostic: Diagnostic, source: String?) -> String {
    var out = header(diagnostic) + "\n"
    if let location = diagnostic.location, let source {
      out += excerpt(source, at: location)
    }
    for note in diagnostic.notes {
      out += render(note, source: note.path == diagnostic.path ? source : nil)
    }
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
    if let location = d.location {
      return "\(d.path):\(location.line):\(location.column): \(painted): \(d.message)"
    }
    return "\(d.path): \(painted): \(d.message)"
  }

  /// The offending line, sanitised for a terminal, and a caret under the column.
  func excerpt(_ source: String, at location: SourceLocation) -> String {
    guard let line = SourceText.line(location.line, in: source) else { return "" }
    let number = String(location.line)
    let gutter = String(repeating: " ", count: number.count)
    var shown = ""
    var pad = ""
    var column = 1
    var truncated = false
    for scalar in line.unicodeScalars {
      if shown.unicodeScalars.count >= Self.maxExcerptScalars {
        truncated = true
        break
      }
      let printable = Self.printable(scalar)
      shown += printable
      if column < location.column {
        // Keep tabs so the caret lines up under the same tab stops; wide CJK needs two cells.
        pad += scalar == "\t" ? "\t" : String(repeating: " ", count: printable.displayWidth)
      }
      column += 1
    }
    if truncated { shown += "…" }
    if location.column > column { pad += String(repeating: " ", count: location.column - column) }
    return "\(number) | \(shown)\n\(gutter) | \(pad)^\n"
  }

  static let maxExcerptScalars = 200

  /// Control characters and NUL would garble a terminal; show them as `\u{…}` escapes.
  static func printable(_ scalar: Unicode.Scalar) -> String {
    if scalar == "\t" { return "\t" }
    if scalar.value < 0x20 || scalar.value == 0x7F || (0x80..<0xA0).contains(scalar.value) {
      return "\\u{\(String(scalar.value, radix: 16, uppercase: true))}"
    }
    return String(scalar)
  }

}
