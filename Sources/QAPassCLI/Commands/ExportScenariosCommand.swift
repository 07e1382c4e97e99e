import QAPassWorkflow

/// `qapass export-scenarios FILE [-o PATH]`: the plan's automated items as a scenario pack.
enum ExportScenariosCommand: Subcommand {
  static let spec = CommandSpec(
    name: "export-scenarios",
    abstract: "Write the automated items as a scenario pack that replays without input-method engines.",
    discussion: """
      Every automated item becomes a script: field operations (setMarkedText, unmarkText, insertText,
      deleteBackward, replace, select, app code assigning the text) and events (editingDidBegin,
      editingChanged, editingDidEnd, selectionChanged, Return) with the state expected after each step,
      or save-flow actions with the expected play requests and visible result. Steps run on a virtual
      clock: each step's checks are read once the matrix's settle time has passed (policies: settle_ms,
      1000 ms by default), and a step may wait before it acts (t1 submits 100 ms after a paste). Every
      acceptance expects the app to send its text, every refusal to send nothing. Traces come from the
      real engines now; expectations come from qapass's oracle (texts with known verdicts per rule and
      each input method's declared text) and the matrix's declared policies, never from the code under
      test. Replay the pack against an app with the QAPassHarness library, or with 'qapass run --pack'.
      The JSON (format qapass-scenarios/6, one item a line; a step's marked range and selection are
      left out where its actions give them) is deterministic and fingerprinted; a pack of an earlier
      format is refused (exit 65): export it again. Exit code 65 when an item cannot be exported (an
      engine missing, a text the oracle does not know); the pack is still written, listing it. A build
      without the input-method engines (the Mac build) refuses a matrix whose items type keystrokes
      (exit 64) and writes nothing: export the pack where the engines are (Linux, CI), commit it, and
      replay it with 'qapass run FILE --pack PACK'.
      """,
    arguments: [MatrixInput.fileArgument],
    options: [
      MatrixInput.maxCombinations,
      .value(
        "output", short: "o", "<path>", help: "Write the pack to this file ('-' or default: standard output)."
      ),
      createFoldersOption,
      followOutputLinksOption,
    ],
    rules: [
      .needs(
        ["create-folders"], anyOf: ["output"],
        because: "it creates the folders above the pack's file; without '-o' the pack goes to standard output"
      )
    ])

  static func run(_ arguments: ParsedArguments, _ workflow: Workflow) throws -> any CommandResult {
    var inputs = Workflow.ExportScenariosInputs(
      source: try MatrixInput.source(arguments, matrix: try MatrixInput.matrix(arguments)),
      generator: "qapass \(Tool.version)")
    inputs.output = arguments.value("output")
    inputs.createFolders = arguments.flag("create-folders")
    return try workflow.exportScenarios(inputs)
  }
}
