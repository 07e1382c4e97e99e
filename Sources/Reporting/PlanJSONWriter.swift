import ScenarioEngine

/// Writes the plan as deterministic JSON with every item in full (``Plan/json()``).
package struct PlanJSONWriter: ArtefactWriter {
  package static let identifier = "json"
  package static let description = "deterministic JSON with every item in full"

  /// Creates the writer.
  package init() {}

  package func write(_ plan: Plan) -> [OutputFile] { [OutputFile(path: "plan.json", contents: plan.json())] }
}
