/// A problem found in a file the user gave qapass, with where it is and what it is.
///
/// Diagnostics are data; `DiagnosticRenderer` turns them into the
/// `path:line:col: error: message` form with the source line and a caret.
package struct Diagnostic: Error, Hashable, Sendable, CustomStringConvertible {
  /// How serious a diagnostic is.
  package enum Severity: String, Hashable, Sendable, Comparable {
    case error
    case warning
    case note

    private var rank: Int {
      switch self {
      case .error: 0
      case .warning: 1
      case .note: 2
      }
    }

    package static func < (lhs: Severity, rhs: Severity) -> Bool { lhs.rank < rhs.rank }
  }

  package var severity: Severity
  /// The file the diagnostic is about, as the user named it.
  package var path: String
  /// Where in the file; `nil` for problems with the file as a whole (unreadable, not UTF-8).
  package var location: TextPosition?
  /// One sentence, lower-case start, no trailing period; quotes user input with `'…'`.
  package var message: String
  /// Follow-up lines, such as where a duplicate key was first defined.
  package var notes: [Diagnostic]

  package init(
    _ severity: Severity = .error,
    path: String,
    location: TextPosition?,
    message: String,
    notes: [Diagnostic] = []
  ) {
    self.severity = severity
    self.path = path
    self.location = location
    self.message = message
    self.notes = notes
  }

  /// The first line of the rendered form, without source excerpt.
  package var description: String {
    if let location {
      return "\(path):\(location.line):\(location.column): \(severity.rawValue): \(message)"
    }
    return "\(path): \(severity.rawValue): \(message)"
  }
}

/// Several diagnostics raised together; a decoder collects them instead of stopping at the first.
package struct DiagnosticList: Error, Hashable, Sendable {
  package var diagnostics: [Diagnostic]

  package init(_ diagnostics: [Diagnostic]) {
    self.diagnostics = diagnostics
  }

  package var hasErrors: Bool { diagnostics.contains { $0.severity == .error } }
}
