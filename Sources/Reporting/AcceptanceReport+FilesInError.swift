import Diagnostics

/// An observation file that had errors: its entries in error (or, for a file that is not YAML, the
/// whole file) were left out of the report. Only ``files(from:)`` creates one.
package struct FileInError: Hashable, Sendable {
  /// The file as the user named it.
  package var path: String
  /// How many errors it has.
  package var errors: Int
  /// The first one, `line:col: message` (no excerpt: a note never reaches the report this way).
  package var firstError: String

  /// One entry per file with error diagnostics, sorted by path.
  ///
  /// ```swift
  /// let sheet = "version: 1\nobservations: {}\n"  // not a list
  /// let file = ObservationFile(path: "checklists/a.observations.yaml", bytes: Array(sheet.utf8))
  /// let catalog = ObservableCatalog(items: [], build: nil, planFingerprint: "sha256:0f1e2d3c4b5a")
  /// let result = Ingest.run(files: [file], catalog: catalog)
  /// FileInError.files(from: result.diagnostics).map(\.path)  // ["checklists/a.observations.yaml"]
  /// ```
  package static func files(from diagnostics: [Diagnostic]) -> [FileInError] {
    var byPath: [String: [Diagnostic]] = [:]
    for diagnostic in diagnostics where diagnostic.severity == .error {
      byPath[diagnostic.path, default: []].append(diagnostic)
    }
    return byPath.keys.sorted().map { path in
      let errors = byPath[path]!
      let first = errors[0]
      let place = first.location.map { "\($0.line):\($0.column): " } ?? ""
      return FileInError(path: path, errors: errors.count, firstError: place + first.message)
    }
  }
}

extension AcceptanceReport {
  /// How many files in error the verdict's reason names; `report.json` has them all.
  static let namedFiles = 10

  /// The report with `files` named as left out, in part or in full: a reason comes first, and a
  /// report that would be ACCEPTED is INCOMPLETE, since observations may be missing.
  package func leavingOut(_ files: [FileInError]) -> AcceptanceReport {
    guard !files.isEmpty else { return self }
    var report = self
    report.filesInError = files
    let count = files.count == 1 ? "1 observation file has" : "\(files.count) observation files have"
    let named = files.prefix(Self.namedFiles).map(\.path).joined(separator: ", ")
    let more = files.count > Self.namedFiles ? " and \(files.count - Self.namedFiles) more" : ""
    report.findings.leading.insert(
      VerdictReason(
        "\(count) errors; the entries in error were left out: \(named)\(more).",
        details: more.isEmpty ? nil : .filesInError),
      at: 0)
    report.decide()
    return report
  }
}
