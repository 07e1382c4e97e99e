import ScenarioEngine

/// Writes the plan as Markdown for testers, manual items grouped by device session (``Plan/markdown()``).
package struct PlanMarkdownWriter: ArtefactWriter {
  package static let identifier = "markdown"
  package static let description = "Markdown for testers, manual items grouped by device session"

  /// Creates the writer.
  package init() {}

  package func write(_ plan: Plan) -> [OutputFile] {
    [OutputFile(path: "plan.md", contents: plan.markdown())]
  }
}
