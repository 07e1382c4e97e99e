/// The ways a plan can be written; the identifiers are what a `--format` option accepts.
///
/// ```swift
/// let format = PlanFormat(rawValue: "markdown")   // .markdown
/// format?.render(plan)
/// PlanFormat.identifiers                         // ["table", "json", "markdown"]
/// ```
public enum PlanFormat: String, Hashable, Sendable, CaseIterable {
  /// Aligned text, one row per item (``Plan/table()``).
  case table
  /// Deterministic JSON with every item in full (``Plan/json()``).
  case json
  /// Markdown for testers, manual items grouped by device session (``Plan/markdown()``).
  case markdown

  /// Every identifier, in declaration order.
  public static let identifiers = allCases.map(\.rawValue)

  /// One line describing the format, for help texts.
  public var summary: String {
    switch self {
    case .table: "aligned text, one row per item"
    case .json: "deterministic JSON with every item in full"
    case .markdown: "Markdown for testers, manual items grouped by device session"
    }
  }

  /// Renders `plan` in this format.
  public func render(_ plan: Plan) -> String {
    switch self {
    case .table: plan.table()
    case .json: plan.json()
    case .markdown: plan.markdown()
    }
  }
}
