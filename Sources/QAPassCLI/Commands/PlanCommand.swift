import Diagnostics
import Foundation
import MatrixExpansion
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

      --strategy pairwise plans the manual cells as a t-way covering array (automated items always
      run in full). --shard i/n keeps the manual sessions of one of n testers. --format github-matrix
      prints a JSON 'include' list of the simulator sessions for a GitHub Actions job to use with
      fromJSON; the simulator is named by model and OS and resolved on the runner. A plan with no
      simulator session is an error there (exit 65): GitHub rejects an empty matrix.
      """,
    arguments: [MatrixInput.fileArgument],
    options: [
      MatrixInput.maxCombinations,
      .value(
        "format", "<format>", help: "Output format (default table).",
        choices: ["table", "json", "markdown", "github-matrix"]),
      .value(
        "strategy", "<strategy>", help: "Override the file's plan strategy.", choices: ["full", "pairwise"]),
      .value("strength", "<t>", help: "Interaction strength for pairwise, 2 to 4 (default 2)."),
      .value("seed", "<n>", help: "Seed for pairwise (default: the file's plan.seed)."),
      ExpandCommand.effortOption,
      .value("shard", "<i/n>", help: "Keep shard i of n: whole device sessions, balanced by item count."),
      .flag("explain", help: "Explain what each include, exclude and catalog fact did, and the coverage."),
      .flag(
        "assign", help: "Spread the device sessions over the matrix's testers by the devices they hold."),
      previousOption,
      PublishPath.checklistsOption,
    ])

  static func run(_ arguments: ParsedArguments, _ context: CommandContext) throws -> ExitCode {
    let (file, options) = try loadFile(arguments, context)
    if arguments.flag("explain") {
      let chosen = try file.cells(
        limit: options.limit, strategy: options.strategy, seed: options.seed, previous: options.previous)
      let full = try file.cells(limit: options.limit, strategy: .full)
      context.console.out(PlanExplanation.render(file: file, chosen: chosen, full: full))
      return .success
    }
    var plan = try Plan.make(
      file: file, cellLimit: options.limit, strategy: options.strategy, seed: options.seed)
    if let shard = try shard(arguments) { plan = plan.shard(shard.index, of: shard.count) }
    if arguments.flag("assign") {
      guard !file.testers.isEmpty else {
        throw UsageError("'--assign' needs a 'testers:' catalog in \(file.path) (name, devices, time_zone)")
      }
      context.console.out(plan.assignmentTable())
      return .success
    }
    switch arguments.value("format") ?? "table" {
    case "json": context.console.out(plan.json())
    case "markdown": context.console.out(plan.markdown())
    case "github-matrix":
      let simulators = Dictionary(
        uniqueKeysWithValues: file.devices.filter { $0.kind == .simulator }.map { ($0.id, $0.name) })
      guard plan.sessions.contains(where: { simulators[$0.device.rawValue] != nil }) else {
        // GitHub rejects a job whose matrix is empty; say so here, where the plan is known.
        throw FileError(
          path: file.path, message: Message.noSimulatorSessions(sharded: arguments.value("shard") != nil),
          exitCode: .dataError)
      }
      context.console.out(plan.githubMatrix(simulators: simulators))
    default: context.console.out(plan.table())
    }
    return .success
  }

  enum Message {
    static func noSimulatorSessions(sharded: Bool) -> String {
      "the plan has no simulator sessions\(sharded ? " in this shard" : "") for '--format github-matrix'; "
        + "GitHub rejects an empty matrix (add a device with 'kind: simulator' to the matrix, or skip the job)"
    }
  }

  struct Options {
    var limit: Int
    var strategy: MatrixFile.Planning.Strategy?
    var seed: UInt64?
    /// Cells of the earlier pairwise plan, kept where they still help so recorded observations stay
    /// attached to their items.
    var previous: [Combination] = []
  }

  /// Where a pairwise plan keeps its cells: `<checklists>/cells.jsonl`.
  static func cellsPath(_ arguments: ParsedArguments) -> String {
    "\(arguments.value("checklists") ?? PublishPath.defaultChecklists)/cells.jsonl"
  }

  static let previousOption = CommandSpec.Option.value(
    "previous", "<file>",
    help: "Earlier pairwise cells as JSON Lines, kept where they still help (default checklists/cells.jsonl)."
  )

  /// Loads a qapass matrix file (not a bare matrix) and the planning overrides.
  static func loadFile(
    _ arguments: ParsedArguments, _ context: CommandContext
  ) throws -> (MatrixFile, Options) {
    let limit = try MatrixInput.limit(arguments)
    let (path, document, warnings) = try MatrixInput.load(arguments, context)
    guard case .qapass(var file) = document else {
      throw Diagnostic(
        path: path, location: SourceLocation(line: 1, column: 1),
        message:
          "a plan needs a qapass matrix file ('version: 1' with catalogs), not a bare GitHub-style matrix")
    }
    context.console.report(warnings, sources: context.sources)
    var strategy: MatrixFile.Planning.Strategy?
    let strength = try arguments.integer("strength", in: 2...4)
    switch arguments.value("strategy") {
    case "full": strategy = .full
    case "pairwise": strategy = .pairwise(strength: strength ?? 2)
    default:
      if let strength {
        guard case .pairwise = file.planning.strategy else {
          throw UsageError("'--strength' goes with '--strategy pairwise' or a file whose plan is pairwise")
        }
        strategy = .pairwise(strength: strength)
      }
    }
    let seed = try arguments.integer("seed", in: 0...Int.max).map(UInt64.init)
    if let effort = try arguments.nonNegativeNumber("effort") { file.planning.effort = effort }
    var options = Options(limit: limit, strategy: strategy, seed: seed)
    if case .pairwise = strategy ?? file.planning.strategy {
      let explicit = arguments.value("previous")
      let path = explicit ?? cellsPath(arguments)
      if explicit != nil || context.files.kind(of: context.absolute(path), followingLinks: true) != nil {
        options.previous = try CombinationLines.parse(path: path, bytes: try context.read(path))
      }
    } else if arguments.value("previous") != nil {
      throw UsageError("'--previous' goes with a pairwise plan")
    }
    return (file, options)
  }

  /// Loads a qapass matrix file and makes its plan (with any strategy overrides).
  static func loadPlan(_ arguments: ParsedArguments, _ context: CommandContext) throws -> Plan {
    let (file, options) = try loadFile(arguments, context)
    return try makePlan(file, options)
  }

  static func makePlan(_ file: MatrixFile, _ options: Options) throws -> Plan {
    try Plan.make(
      file: file, cellLimit: options.limit, strategy: options.strategy, seed: options.seed,
      previous: options.previous)
  }

  /// `--shard i/n`, checked.
  static func shard(_ arguments: ParsedArguments) throws(UsageError) -> (index: Int, count: Int)? {
    guard let text = arguments.value("shard") else { return nil }
    let parts = text.split(separator: "/", omittingEmptySubsequences: false)
    guard parts.count == 2, let index = Int(parts[0]), let count = Int(parts[1]), count >= 1, count <= 1000,
      (1...count).contains(index)
    else {
      throw UsageError("'--shard' takes i/n with 1 <= i <= n <= 1000, such as 2/3, not '\(text)'")
    }
    return (index, count)
  }
}
