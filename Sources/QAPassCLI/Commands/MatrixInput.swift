import Diagnostics
import MatrixExpansion
import QAPassWorkflow

/// The matrix-file argument and the options every planning command shares, and the ``PlanSource`` they
/// make: every command that needs the plan builds it here, from the same options.
enum MatrixInput {
  static let fileArgument = CommandSpec.Argument(name: "file", help: "The matrix file.", isOptional: false)
  /// The matrix file of the commands that work on the checklists' pass (`pass`, `report`, `checklist`,
  /// `plan`): by default the matrix the checklists were made from, so the commands qapass prints for a
  /// tester work as printed.
  static let passFileArgument = CommandSpec.Argument(
    name: "file", help: "The matrix file (default: the checklists' own, else matrices/default.yaml).",
    isOptional: true)

  static let maxCombinations = CommandSpec.Option.value(
    "max-combinations", "<n>",
    help:
      "Refuse matrices that expand to more than n combinations (default \(Matrix.defaultCombinationLimit)).")

  static let matrixOption = CommandSpec.Option.value(
    "matrix", "<file>",
    help:
      "The matrix file (default: the one the checklists were made from, named in their plan-source.yaml; "
      + "else matrices/default.yaml).")

  static let checklistsOption = CommandSpec.Option.value(
    "checklists", "<dir>", help: "Where checklists and their observation sheets live (default checklists).")
  static let observationsOption = CommandSpec.Option.value(
    "observations", "<dir>", help: "Where recorded observation files live (default observations).")

  /// `--build` of the commands that record results (`record`, both ingests): the build defaults to the
  /// matrix's.
  static let buildOption = CommandSpec.Option.value(
    "build", "<build>", help: "The app build tested (default: the matrix's build).")

  static let packOption = CommandSpec.Option.value(
    "pack", "<path>",
    help:
      "Replay this scenario pack (from 'qapass export-scenarios') instead of tracing the engines now; a pack of "
      + "another format is refused (exit 65): export it again.")

  /// `--strategy full` with the options of a covering array, which a full product ignores.
  static let fullStrategyRule = OptionRule.excludes(
    "strategy", value: "full", ["strength", "seed", "effort", "previous"],
    because: "they shape a pairwise plan's covering array, and a full plan has every combination")

  /// The `--max-combinations` limit, when given.
  static func limit(_ arguments: ParsedArguments) throws(UsageError) -> Int? {
    try arguments.integer("max-combinations", in: 1...100_000_000)
  }

  /// The matrix file: the first argument. The commands whose argument is something else take
  /// `--matrix`, whose default (`nil`) is the matrix the checklists were made from.
  static func matrix(_ arguments: ParsedArguments) throws(UsageError) -> String {
    guard let path = arguments.positional(0) else { throw UsageError("missing argument <file>") }
    return path
  }

  /// The plan inputs of the options this command has (`--max-combinations`, `--strategy`, `--strength`,
  /// `--seed`, `--effort`, `--previous`, `--checklists`); those it lacks are left to the file.
  static func source(_ arguments: ParsedArguments, matrix: String?, previousCells: Bool = true) throws
    -> PlanSource
  {
    PlanSource(
      matrix: matrix, maxCombinations: try limit(arguments),
      strategy: arguments.value("strategy").flatMap(PlanSource.Strategy.init(rawValue:)),
      strength: try arguments.integer("strength", in: 2...4),
      seed: try arguments.integer("seed", in: 0...Int.max).map(UInt64.init),
      effort: try arguments.nonNegativeNumber("effort"),
      previousCells: previousCells ? arguments.value("previous") : nil,
      checklists: arguments.value("checklists"))
  }
}
