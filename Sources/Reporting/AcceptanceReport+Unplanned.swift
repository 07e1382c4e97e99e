import Observations
import QAModel

extension AcceptanceReport {
  /// The report with the results recorded for items the plan does not have (``UnplannedObservation``):
  /// listed, and each failure named in the reasons, so a failure recorded before a rename or a re-plan
  /// never leaves the verdict unsaid. A report that would be ACCEPTED is INCOMPLETE while any is left:
  /// the matrix declares the rename (`renamed_from:`) or the entry is retired to resolve it.
  ///
  /// ```swift
  /// let path = "matrices/default.yaml"
  /// let bytes = Array(try Data(contentsOf: URL(fileURLWithPath: path)))
  /// let document = try MatrixDocument.load(path: path, bytes: bytes).document
  /// guard case .qapass(let file) = document else { return }
  /// let plan = try Plan.make(file: file)
  /// let made = AcceptanceReport.make(
  ///   plan: plan, run: AutomatedRun.run(plan, subject: .core), manual: [], generatedAt: nil)
  /// let records = """
  ///   version: 1
  ///   observations:
  ///     - {id: manual.ime.m9.iphone-16e.26.x, result: fail, tester: mei, time: 2026-11-29T18:04:05Z,
  ///        device: iphone-16e, os: "26.x", text_version: 1}
  ///   """
  /// let recordsFile = ObservationFile(path: "observations/records.yaml", bytes: Array(records.utf8))
  /// let ingest = Ingest.run(files: [recordsFile], catalog: ObservableCatalog(plan: plan))
  /// let report = made.noting(unplanned: ingest.unplanned)
  /// report.reasons.first  // "1 failure is recorded for an item the plan does not have: … Not counted as a …"
  /// ```
  package func noting(unplanned: [UnplannedObservation]) -> AcceptanceReport {
    guard !unplanned.isEmpty else { return self }
    var report = self
    report.unplannedObservations = unplanned
    let failures = unplanned.filter { $0.result == .fail }
    if !failures.isEmpty {
      let listed = failures.prefix(3).map { "'\($0.id)' (\($0.path):\($0.location.line))" }
      let more = failures.count > 3 ? ", … and \(failures.count - 3) more" : ""
      report.verdictReasons.insert(
        VerdictReason(
          (failures.count == 1
            ? "1 failure is recorded for an item the plan does not have"
            : "\(failures.count) failures are recorded for items the plan does not have")
            + ": " + listed.joined(separator: ", ") + more + ". "
            + Self.sentence(UnplannedObservation.failureEffect(failures.count))
            + ": qapass retire \(failures[0].id) --reason \"…\".",
          details: more.isEmpty ? nil : .unplanned),
        at: 0)
    }
    if report.verdict == .accepted { report.verdict = .incomplete }
    return report
  }
}

extension AcceptanceReport {
  /// `text` as a sentence: its first letter upper-cased.
  static func sentence(_ text: String) -> String { text.prefix(1).uppercased() + text.dropFirst() }
}
