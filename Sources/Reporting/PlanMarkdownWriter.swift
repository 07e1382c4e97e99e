import ScenarioEngine

/// Writes the plan as Markdown for testers, manual items grouped by device session (``Plan/markdown()``).
public struct PlanMarkdownWriter: ArtefactWriter {
  public static let identifier = "markdown"
  public static let description = "Markdown for testers, manual items grouped by device session"

  /// Creates the writer.
  public init() {}

  public func write(_ plan: Plan) -> [OutputFile] { [OutputFile(path: "plan.md", contents: plan.markdown())] }
}
