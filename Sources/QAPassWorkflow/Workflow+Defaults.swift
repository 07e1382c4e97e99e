extension Workflow {
  /// Where things live when the inputs do not say.
  public enum Defaults {
    /// The matrix file of `pass`, `record`, the ingests and `simulator-setup`.
    public static let matrix = "matrices/default.yaml"
    /// The folder of checklists, their observation sheets and a pairwise plan's `cells.jsonl`.
    public static let checklists = "checklists"
    /// The folder of recorded observation files.
    public static let observations = "observations"
    /// The folder the report is written to.
    public static let reports = "reports"
    /// The name of the records file in an observations folder.
    public static let recordsFileName = "records.yaml"
    /// The records file `record` and the ingests append to when none is named.
    public static let records = "\(observations)/\(recordsFileName)"
  }
}
