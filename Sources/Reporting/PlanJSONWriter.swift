import ScenarioEngine

/// Writes the plan as deterministic JSON with every item in full (``Plan/json()``).
public struct PlanJSONWriter: ArtefactWriter {
  public static let identifier = "json"
  public static let description = "deterministic JSON with every item in full"

  /// Creates the writer.
  public init() {}

  public func write(_ plan: Plan) -> [OutputFile] { [OutputFile(path: "plan.json", contents: plan.json())] }
}
