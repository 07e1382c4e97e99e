import MatrixFormat
import Reporting

/// The inputs every use case that needs the plan shares: the matrix file and the planning overrides,
/// so `plan`, `checklist`, `record`, `report`, `pass` and the ingests plan the same items.
///
/// ```swift
/// let source = PlanSource(matrix: "matrices/default.yaml", maxCombinations: 500_000, checklists: "qa")
/// let console = Console(
///   currentDirectory: FileManager.default.currentDirectoryPath, out: { print($0, terminator: "") }, err: { _ in })
/// let plan = try Workflow(console: console).loadPlan(source).plan
/// ```
package struct PlanSource: Hashable, Sendable {
  /// The way the manual cells are chosen, overriding the file's `plan.strategy`.
  package enum Strategy: String, Hashable, Sendable {
    /// Every combination.
    case full
    /// A t-way covering array.
    case pairwise
  }

  /// The matrix file; `nil`: the one the checklists folder's ``PlanSourceFile`` names, else
  /// `matrices/default.yaml` (see ``Workflow/planSource(_:writesChecklists:checksChecklists:)``).
  package var matrix: String?
  /// `--max-combinations`: the largest expansion accepted (`nil`: the default limit).
  package var maxCombinations: Int?
  /// `--strategy` (`nil`: the file's).
  package var strategy: Strategy?
  /// `--strength`, 2 to 4, for a pairwise plan.
  package var strength: Int?
  /// `--seed` for a pairwise plan (`nil`: the file's `plan.seed`).
  package var seed: UInt64?
  /// `--effort`, the covering-array search budget (`nil`: the file's).
  package var effort: Double?
  /// `--previous`: an earlier pairwise plan's cells as JSON Lines (`nil`: `<checklists>/cells.jsonl` when
  /// it exists).
  package var previousCells: String?
  /// Where the checklists live, and with them a pairwise plan's `cells.jsonl` (`nil`: `checklists`).
  package var checklists: String?

  /// Creates the inputs; everything but the matrix defaults to the file's own planning.
  package init(
    matrix: String?, maxCombinations: Int? = nil, strategy: Strategy? = nil, strength: Int? = nil,
    seed: UInt64? = nil, effort: Double? = nil, previousCells: String? = nil, checklists: String? = nil
  ) {
    self.matrix = matrix
    self.maxCombinations = maxCombinations
    self.strategy = strategy
    self.strength = strength
    self.seed = seed
    self.effort = effort
    self.previousCells = previousCells
    self.checklists = checklists
  }

  /// Where a pairwise plan keeps its cells: `<checklists>/cells.jsonl`.
  package var cellsPath: String { "\(checklists ?? Workflow.Defaults.checklists)/cells.jsonl" }
  /// Where the checklists keep their numbers and assignees: `<checklists>/ledger.yaml`.
  package var ledgerPath: String {
    "\(checklists ?? Workflow.Defaults.checklists)/\(ChecklistLedger.fileName)"
  }
}
