import Observations
import QAPassWorkflow

/// The options every decision command shares.
enum DecisionInput {
  static let itemArgument = CommandSpec.Argument(
    name: "item", help: "The plan item id (an id from before a rename names the item now).", isOptional: false
  )
  static let byOption = CommandSpec.Option.value(
    "by", "<name>", help: "Who decides (default: $QAPASS_TESTER, else $USER).")
  static let reasonOption = CommandSpec.Option.value(
    "reason", "<text>", help: "Why (kept, shown in the report).")
  static let common = [
    MatrixInput.matrixOption, MatrixInput.maxCombinations, MatrixInput.checklistsOption,
    MatrixInput.observationsOption,
  ]

  static func inputs(_ arguments: ParsedArguments, command: String) throws -> Workflow.DecisionInputs {
    let source = try MatrixInput.source(arguments, matrix: arguments.value("matrix"))
    var inputs = Workflow.DecisionInputs(
      source: source, item: arguments.positional(0) ?? "", origin: "qapass \(command)")
    inputs.by = arguments.value("by")
    inputs.reason = arguments.value("reason")
    inputs.observations = arguments.value("observations")
    return inputs
  }
}

/// `qapass retire ITEM --reason R`.
enum RetireCommand: Subcommand {
  static let spec = CommandSpec(
    name: "retire",
    abstract: "Retire an item's observations recorded so far, with a reason (listed in the report).",
    discussion: """
      For a failure of an item a re-plan dropped, or a result recorded in error: the item's
      observations recorded up to now no longer count (a result recorded later does), and the
      report lists each retired one with who retired it and why. Appended to
      observations/decisions.yaml under its lock, and to the audit log.
      Example: qapass retire manual.ime.m1.phone-a.26.x.ko-2set.name --reason "keyboard dropped from the plan"
      """,
    arguments: [DecisionInput.itemArgument],
    options: [DecisionInput.reasonOption, DecisionInput.byOption] + DecisionInput.common)

  static func run(_ arguments: ParsedArguments, _ workflow: Workflow) throws -> any CommandResult {
    try workflow.retire(try DecisionInput.inputs(arguments, command: spec.name))
  }
}

/// `qapass waive ITEM --reason R --approver A --expires DATE|BUILD`.
enum WaiveCommand: Subcommand {
  static let spec = CommandSpec(
    name: "waive",
    abstract: "Waive an item's current failure, with a reason, an approver and an expiry.",
    discussion: """
      A waived failure does not reject the release while the waiver holds; the report lists it under
      the verdict with its reason, approver and expiry. It rejects again once the day has passed
      (--expires 2026-12-24 holds through that day, UTC), once the build named is under test
      (--expires "4.13.0 (900)"), or when the item fails anew. The matrix's 'decisions: unwaivable'
      lists checks no waiver may accept.
      Example: qapass waive manual.ime.m2.phone-a.26.x.zh-pinyin.name --reason "iOS 26.4 keyboard bug"
               --approver kim --expires 2026-12-24
      """,
    arguments: [DecisionInput.itemArgument],
    options: [
      DecisionInput.reasonOption,
      .value("approver", "<name>", help: "Who accepts the failure for the release."),
      .value(
        "expires", "<date|build>",
        help: "A day YYYY-MM-DD (through it, UTC) or a build (until it is under test)."),
      DecisionInput.byOption,
    ] + DecisionInput.common)

  static func run(_ arguments: ParsedArguments, _ workflow: Workflow) throws -> any CommandResult {
    var inputs = try DecisionInput.inputs(arguments, command: spec.name)
    inputs.approver = arguments.value("approver")
    inputs.expires = arguments.value("expires")
    return try workflow.waive(inputs)
  }
}

/// `qapass defect ITEM ID...`.
enum DefectCommand: Subcommand {
  static let spec = CommandSpec(
    name: "defect",
    abstract: "Tie an item (its failure) to defects in a tracker.",
    discussion: """
      The report, its summary, report.json and junit.xml show the ids, linked through the matrix's
      'decisions: defect_url' (https://tracker.example.com/browse/{id}).
      Example: qapass defect manual.ime.m2.phone-a.26.x.zh-pinyin.name JIRA-1234 JIRA-1240
      """,
    arguments: [
      DecisionInput.itemArgument,
      .init(name: "defects", help: "The tracker's ids.", isOptional: false, isVariadic: true),
    ],
    options: [DecisionInput.reasonOption, DecisionInput.byOption] + DecisionInput.common)

  static func run(_ arguments: ParsedArguments, _ workflow: Workflow) throws -> any CommandResult {
    var inputs = try DecisionInput.inputs(arguments, command: spec.name)
    inputs.defects = Array(arguments.positionals.dropFirst())
    return try workflow.defect(inputs)
  }
}

/// `qapass carry --from-build B (--check C | --input-method I | --device D | --ids ID...) --reason R`.
enum CarryCommand: Subcommand {
  static let spec = CommandSpec(
    name: "carry",
    abstract: "Carry the results of items a new build does not affect from an earlier build.",
    discussion: """
      After a build bump, declare which items the build does not affect: the latest result each has on
      --from-build is recorded for the build under test as carried (from which build, by whom, when and
      why), in the records file under its lock, one audit line each. The report counts carried results
      apart from those tested on the build; a carried failure stays a failure. Each kind of choice
      narrows the items, several values of one kind widen them; nothing is carried without one, and an
      item with a result on the build under test keeps it.
      Example: qapass carry --from-build "4.12.0 (812)" --check h1 --check h2 --reason "haptics untouched"
      """,
    arguments: [],
    options: [
      .value("from-build", "<build>", help: "The build the results were tested on."),
      .value("check", "<check>", help: "Items of this check (m1, h2, …); repeatable.", repeatable: true),
      .value("input-method", "<id>", help: "Items of this input method; repeatable.", repeatable: true),
      .value("device", "<id>", help: "Items of this device; repeatable.", repeatable: true),
      .value("ids", "<item>", help: "This item; repeatable.", repeatable: true),
      DecisionInput.reasonOption, DecisionInput.byOption,
    ] + DecisionInput.common)

  static func run(_ arguments: ParsedArguments, _ workflow: Workflow) throws -> any CommandResult {
    let source = try MatrixInput.source(arguments, matrix: arguments.value("matrix"))
    guard let from = arguments.value("from-build") else {
      throw UsageError("missing option '--from-build <build>'", command: spec.name)
    }
    var inputs = Workflow.CarryInputs(source: source, fromBuild: from)
    inputs.checks = arguments.all("check")
    inputs.inputMethods = arguments.all("input-method")
    inputs.devices = arguments.all("device")
    inputs.ids = arguments.all("ids")
    inputs.reason = arguments.value("reason")
    inputs.by = arguments.value("by")
    inputs.observations = arguments.value("observations")
    return try workflow.carry(inputs)
  }
}

/// `qapass history ITEM`.
enum HistoryCommand: Subcommand {
  static let spec = CommandSpec(
    name: "history",
    abstract: "Show one item's whole story: observations, decisions and audit lines, oldest first.",
    discussion: """
      Every observation of the item in the sheets and records (stale, retired and carried ones said
      so), every decision about it (observations/decisions.yaml) and the audit log's lines about it
      (who, when, what, from which command), each with where it is written.
      Example: qapass history manual.ime.m2.phone-a.26.x.zh-pinyin.name
      """,
    arguments: [DecisionInput.itemArgument],
    options: DecisionInput.common)

  static func run(_ arguments: ParsedArguments, _ workflow: Workflow) throws -> any CommandResult {
    let source = try MatrixInput.source(arguments, matrix: arguments.value("matrix"))
    var inputs = Workflow.HistoryInputs(source: source, item: arguments.positional(0) ?? "")
    inputs.observations = arguments.value("observations")
    return try workflow.history(inputs)
  }
}
