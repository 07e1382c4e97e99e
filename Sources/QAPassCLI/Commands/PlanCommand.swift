import Diagnostics
import MatrixFormat
import ScenarioEngine

/// `qapass plan FILE`: the items of a QA pass, with stable ids.
enum PlanCommand: Subcommand {
  static let spec = CommandSpec(
    name: "plan",
    abstract: "List the items of a QA pass: automated checks and manual device items, with stable ids.",
    discussion: """
      Automated items are the composition checks (C1 no false error before a candidate is chosen,
      C2 a prompt, consistent update after confirmation, C3 submission paths that bypass the button
      still enforce the check) per input method, field, event-delivery variant and submission path,
      the paths without marked text, and the haptic contract checks. Manual items are per device
      session (device x OS): real-keyboard items per input method and haptic feel items on
      physical haptic devices. Impossible cells are listed with the reason they were removed.
      """,
    arguments: [MatrixInput.fileArgument],
    options: [
      MatrixInput.maxCombinations,
      .value(
        "format", "<format>", help: "Output format (default table).", choices: ["table", "json", "markdown"]),
    ])

  static func run(_ arguments: ParsedArguments, _ context: CommandContext) throws -> ExitCode {
    let plan = try loadPlan(arguments, context)
    switch arguments.value("format") ?? "table" {
    case "json": context.console.out(plan.json())
    case "markdown": context.console.out(plan.markdown())
    default: context.console.out(plan.table())
    }
    return .success
  }

  /// Loads a qapass matrix file and makes its plan, reporting warnings.
  static func loadPlan(_ arguments: ParsedArguments, _ context: CommandContext) throws -> Plan {
    let limit = try MatrixInput.limit(arguments)
    let (path, document, warnings) = try MatrixInput.load(arguments, context)
    guard case .qapass(let file) = document else {
      throw Diagnostic(
        path: path, location: SourceLocation(line: 1, column: 1),
        message:
          "a plan needs a qapass matrix file ('version: 1' with catalogs), not a bare GitHub-style matrix")
    }
    let plan = try Plan.make(file: file, cellLimit: limit)
    context.console.report(warnings, sources: context.sources)
    return plan
  }
}
