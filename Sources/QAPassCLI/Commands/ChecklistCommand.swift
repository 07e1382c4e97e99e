import QAPassWorkflow

/// `qapass checklist [FILE]`: one Markdown checklist and one observation sheet per device session.
enum ChecklistCommand: Subcommand {
  static let spec = CommandSpec(
    name: "checklist",
    abstract: "Write a Markdown checklist and an observation sheet for every device session.",
    discussion: """
      For each device session (device x OS) of the plan: checklists/<device>.<os>.md, with the
      preconditions first and the items grouped by input method and haptics, and beside it
      <device>.<os>.observations.yaml, an observation sheet pre-filled with every item id and
      'result: untested'. Regenerating keeps everything testers wrote in a sheet: entries are
      merged, and items no longer planned are kept as 'retired: true'. Items keep their numbers across
      re-plans (new items get new numbers, a removed item's number is never reused) and sessions their
      testers: both are kept in ledger.yaml beside the checklists. <device>.<os>.html is the same
      checklist as one self-contained page that works offline on a tablet or phone: a form per item
      (pass, fail, blocked with a reason, skipped; note; evidence link), the tester, exact OS and build,
      and a bar with the progress and a 'Save observations' button that writes a file for
      observations/. Answers stay in the browser by item id until saved, across regenerations.
      FILE defaults to the matrix the checklists were made from (their plan-source.yaml), else
      matrices/default.yaml.
      """,
    arguments: [MatrixInput.passFileArgument],
    options: [
      MatrixInput.maxCombinations, MatrixInput.checklistsOption, createFoldersOption, followOutputLinksOption,
    ])

  static func run(_ arguments: ParsedArguments, _ workflow: Workflow) throws -> any CommandResult {
    try workflow.checklist(
      Workflow.ChecklistInputs(
        source: try MatrixInput.source(arguments, matrix: arguments.positional(0)),
        createFolders: arguments.flag("create-folders"))
    )
  }
}
