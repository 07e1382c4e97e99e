import QAPassWorkflow
import ScenarioEngine

/// `qapass run FILE`: runs the automated items against the core (or the naive negative controls).
enum RunCommand: Subcommand {
  static let spec = CommandSpec(
    name: "run",
    abstract: "Run the automated items of a plan and print a summary; exit 0 when all pass, 1 otherwise.",
    discussion: """
      Each composition item types its input method's keystroke recipe into the real engine and replays
      it into the text-field model as iOS would, under the item's event-delivery variant, then checks
      the validator. For each failure the keystroke trace is printed with the field and validator
      state at each step. '--subject naive' runs the same items against deliberately naive
      implementations (they validate marked text, trust the button, play haptics at the wrong time):
      the negative control that shows the checks catch the bugs they are about. Both run through the
      same runner as an app's own code: the items are exported as a scenario pack and replayed;
      '--pack PATH' replays a pack exported earlier, with no input-method engine installed.

      A qapass built without the input-method engines (the Mac build) runs only the items that
      type no keystrokes and lists the others as not run (it then exits 2 when nothing failed),
      unless '--pack' replays them.
      """,
    arguments: [.init(name: "file", help: "The matrix file (optional with --pack).", isOptional: true)],
    options: [
      MatrixInput.packOption,
      MatrixInput.maxCombinations,
      .value(
        "subject", "<subject>", help: "What to check (default core).",
        choices: BuiltInImplementation.allCases.map(\.rawValue)),
      .value(
        "json", "<path>",
        help: "Also write the results as JSON (report.json's schema) to this file ('-': stdout)."),
      .value(
        "junit", "<path>",
        help: "Also write the results as JUnit XML (junit.xml's identities) to this file ('-': stdout)."),
      createFoldersOption,
      followOutputLinksOption,
    ],
    rules: [
      .needs(
        ["max-combinations"], argument: "file",
        because: "without the matrix file, '--pack' replays the pack alone and expands no matrix"),
      .needs(
        ["create-folders"], anyOf: ["json", "junit"],
        because: "it creates the folders above the result files, and there are none"),
    ])

  static func run(_ arguments: ParsedArguments, _ workflow: Workflow) throws -> any CommandResult {
    let limit = try MatrixInput.limit(arguments)
    var inputs = Workflow.RunInputs(
      source: arguments.positional(0).map { PlanSource(matrix: $0, maxCombinations: limit) })
    inputs.pack = arguments.value("pack")
    inputs.subject = arguments.value("subject").flatMap(BuiltInImplementation.init(rawValue:)) ?? .core
    inputs.json = arguments.value("json")
    inputs.junit = arguments.value("junit")
    inputs.createFolders = arguments.flag("create-folders")
    return try workflow.run(inputs)
  }
}
