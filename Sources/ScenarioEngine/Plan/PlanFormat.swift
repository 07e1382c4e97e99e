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

/// The ways a run report can be written; the identifiers are what a `--format` option accepts.
public enum RunReportFormat: String, Hashable, Sendable, CaseIterable {
  /// Totals and passes/failures per check (``RunReport/summaryText()``).
  case summary
  /// Deterministic JSON with traces of failures (``RunReport/json()``).
  case json
  /// JUnit XML, one testcase per item (``RunReport/junitXML()``).
  case junit

  /// Every identifier, in declaration order.
  public static let identifiers = allCases.map(\.rawValue)

  /// One line describing the format, for help texts.
  public var summary: String {
    switch self {
    case .summary: "totals and passes/failures per check"
    case .json: "deterministic JSON with the trace of every failure"
    case .junit: "JUnit XML, one testcase per item, classname by check"
    }
  }

  /// Renders `report` in this format.
  public func render(_ report: RunReport) -> String {
    switch self {
    case .summary: report.summaryText()
    case .json: report.json()
    case .junit: report.junitXML()
    }
  }
}
