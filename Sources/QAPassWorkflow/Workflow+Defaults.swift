extension Workflow {
  /// Where things live when the inputs do not say.
  package enum Defaults {
    /// The matrix file of `pass`, `record`, the ingests and `simulator-setup`.
    package static let matrix = "matrices/default.yaml"
    /// The folder of checklists, their observation sheets and a pairwise plan's `cells.jsonl`.
    package static let checklists = "checklists"
    /// The folder of recorded observation files.
    package static let observations = "observations"
    /// The folder the report is written to.
    package static let reports = "reports"
    /// The name of the records file in an observations folder.
    package static let recordsFileName = "records.yaml"
    /// The name of the decisions file (`qapass retire`, `waive`, `defect`) in an observations folder; it
    /// holds no observations, so ingest does not read it as one.
    package static let decisionsFileName = "decisions.yaml"
    /// The name of the audit log in an observations folder.
    package static let auditLogFileName = "audit.log"
    /// The folder of the files `record --attach` stores, in the records file's folder.
    package static let evidenceFolder = "evidence"
    /// The records file `record` and the ingests append to when none is named.
    package static let records = "\(observations)/\(recordsFileName)"
  }

  /// Creates the default `observations/` folder when it is missing, as `checklists/` and `reports/`
  /// are: the HTML checklists tell testers to save their observation files there, and `record` and the
  /// ingests append to `observations/records.yaml`.
  ///
  /// A folder the user names (`--observations`) is an input, read and never created here.
  ///
  /// - Parameter named: The `--observations` folder, `nil` for the default.
  /// - Throws: ``FileError`` (73) when something that is not a folder stands at `observations`.
  func makeDefaultObservationsFolder(named: String?) throws(FileError) {
    guard named == nil else { return }
    try outputFolder(Defaults.observations, createFolders: true)
  }
}
