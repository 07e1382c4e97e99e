import QAModel

/// A two-dimensional coverage grid (OS × input method, device × OS) with a status per cell.
///
/// A cell's status aggregates its manual items and, for composition cells, the core's result for
/// the input method. Statuses use the words of item outcomes (`pass`, `fail`, `stale`, `untested`)
/// plus `partial` and `not_applicable`. Rules, in order: `not_applicable` when the cell has no manual
/// item; `fail` when any manual item or the core failed; `pass` when every manual item passed and so
/// did the core;
/// `stale` when no manual item passed and some are stale; `untested` when no manual item passed;
/// `partial` otherwise (some passed, others, or the core, have no current result). A core pass
/// alone does not make a cell partial: the devices are what the cell is about.
package struct CoverageGrid: Hashable, Sendable {
  /// The status of a cell.
  package enum Status: Hashable, Sendable, CaseIterable {
    /// Every member passed.
    case passed
    /// Some member failed.
    case failed
    /// Some members passed, the others have no current result.
    case partial
    /// No member passed and some observation is stale.
    case stale
    /// No member has a result.
    case untested
    /// Nothing is planned for the cell.
    case notApplicable

    /// The spelling in report.json: an outcome's for the statuses that are one, else `partial` and
    /// `not_applicable`.
    package var spelling: String {
      switch self {
      case .passed: Outcome.pass.rawValue
      case .failed: Outcome.fail.rawValue
      case .stale: Outcome.stale.rawValue
      case .untested: Outcome.untested.rawValue
      case .partial: "partial"
      case .notApplicable: "not_applicable"
      }
    }

    /// The word shown beside the symbol: the spelling, `n/a` for ``notApplicable``.
    package var word: String { self == .notApplicable ? "n/a" : spelling }

    /// A symbol that tells the status without colour.
    package var symbol: String {
      switch self {
      case .passed: "✓"
      case .failed: "✗"
      case .partial: "◐"
      case .stale: "↻"
      case .untested: "○"
      case .notApplicable: "–"
      }
    }

    /// The fill colour of the SVG cell; ``ink`` on it has a contrast of at least 4.5:1 (WCAG AA).
    package var fill: String {
      switch self {
      case .passed: "#1a7f37"
      case .failed: "#cf222e"
      case .partial: "#9a6700"
      case .stale: "#8250df"
      case .untested: "#d0d7de"
      case .notApplicable: "#f6f8fa"
      }
    }

    /// The text colour on ``fill``.
    package var ink: String {
      switch self {
      case .passed, .failed, .stale, .partial: "#ffffff"
      case .untested, .notApplicable: "#1f2328"
      }
    }

    /// One member's contribution: its outcome, with every outcome that is not a current pass, fail or
    /// stale counting as untested.
    static func of(_ outcome: Outcome) -> Status {
      switch outcome {
      case .pass: .passed
      case .fail: .failed
      case .stale: .stale
      case .error, .blocked, .skipped, .untested: .untested
      }
    }

    /// The status of a cell whose manual items have `statuses`, with the core's status when the
    /// cell has one; see ``CoverageGrid``.
    static func aggregate(_ statuses: [Status], core: Status? = nil) -> Status {
      if statuses.isEmpty { return .notApplicable }
      if statuses.contains(.failed) || core == .failed { return .failed }
      if statuses.allSatisfy({ $0 == .passed }) { return core == nil || core == .passed ? .passed : .partial }
      if !statuses.contains(.passed) { return statuses.contains(.stale) ? .stale : .untested }
      return .partial
    }
  }

  /// A row or column: an id from the matrix and the label shown.
  package struct Axis: Hashable, Sendable {
    /// The matrix value (`26.x`, `zh-pinyin`).
    package var id: String
    /// The label shown (`iOS 26.x`).
    package var label: String
  }

  /// One cell of the grid.
  package struct Cell: Hashable, Sendable {
    /// The aggregated status.
    package var status: Status
    /// Manual items in the cell.
    package var manualItems: Int
    /// Manual items that passed.
    package var manualPasses: Int
    /// Manual items that failed.
    package var manualFailures: Int
    /// The core's result for the cell (composition grids), or `nil`.
    package var core: Status?

    /// `✗ fail · 2 failed · 4/6 passed · core ✓`: the status, then the manual items' counts (failed,
    /// then passed of planned) and the core's result where they apply; `– n/a` for an empty cell.
    package var label: String {
      if status == .notApplicable { return "\(status.symbol) \(status.word)" }
      return "\(status.symbol) \(status.word) · \(counts)"
    }

    /// `2 failed · 4/6 passed · core ✓`: the counts line of ``label`` and of the SVG cell.
    package var counts: String {
      var text = manualFailures > 0 ? "\(manualFailures) failed · " : ""
      text += "\(manualPasses)/\(manualItems) passed"
      if let core { text += " · core \(core.symbol)" }
      return text
    }
  }

  /// The grid's title, such as `Composition: OS × input method`.
  package var title: String
  /// What the rows are (`OS`).
  package var rowName: String
  /// What the columns are (`Input method`).
  package var columnName: String
  /// The rows, in matrix order.
  package var rows: [Axis]
  /// The columns, in matrix order.
  package var columns: [Axis]
  /// `cells[row][column]`.
  package var cells: [[Cell]]
  /// The SVG file's name, relative to the Markdown report.
  package var fileName: String

  /// How many cells have each status, in ``Status`` order, zero counts left out.
  package var statusCounts: [(status: Status, count: Int)] {
    Status.allCases.compactMap { status in
      let count = cells.joined().count { $0.status == status }
      return count == 0 ? nil : (status, count)
    }
  }
}
