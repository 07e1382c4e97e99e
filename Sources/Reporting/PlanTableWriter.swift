import ScenarioEngine

/// Writes the plan as aligned text, one row per item (``Plan/table()``): what `qapass plan` prints.
public struct PlanTableWriter: ArtefactWriter {
  public static let identifier = "table"
  public static let description = "aligned text, one row per item"

  /// Creates the writer.
  public init() {}

  public func write(_ plan: Plan) -> [OutputFile] { [OutputFile(path: "plan.txt", contents: plan.table())] }
}
