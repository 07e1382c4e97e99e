extension Workflow {
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
