import ScenarioEngine

/// Writes the plan as aligned text, one row per item (``Plan/table()``): what `qapass plan` prints.
package struct PlanTableWriter: ArtefactWriter {
  package static let identifier = "table"
  package static let description = "aligned text, one row per item"

  /// Creates the writer.
  package init() {}

  package func write(_ plan: Plan) -> [OutputFile] { [OutputFile(path: "plan.txt", contents: plan.table())] }
}
