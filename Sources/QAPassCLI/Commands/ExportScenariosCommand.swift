import Foundation
import QAPassHarness
import ScenarioEngine

/// `qapass export-scenarios FILE [-o PATH]`: the plan's automated items as a scenario pack.
enum ExportScenariosCommand: Subcommand {
  static let spec = CommandSpec(
    name: "export-scenarios",
    abstract: "Write the automated items as a scenario pack that replays without input-method engines.",
    discussion: """
      Every automated item becomes a script: field operations (setMarkedText, unmarkText, insertText,
      deleteBackward, replace, a programmatic assignment) and events (editingDidBegin, editingChanged,
      editingDidEnd, selectionChanged, Return) with the state expected after each step, or save-flow
      actions with the expected play requests and visible result. Traces come from the real engines
      now; expectations come from qapass's oracle (texts with known verdicts per rule and each input
      method's declared text), never from the code under test. Replay the pack against an app with the
      QAPassHarness library, or with 'qapass run --pack'. The JSON is deterministic and fingerprinted.
      Exit code 65 when an item cannot be exported (an engine missing, a text the oracle does not
      know); the pack is still written, listing it.
      """,
    arguments: [MatrixInput.fileArgument],
    options: [
      MatrixInput.maxCombinations,
      .value(
        "output", short: "o", "<path>", help: "Write the pack to this file ('-' or default: standard output)."
      ),
      CommandContext.createFoldersOption,
    ])

  static func run(_ arguments: ParsedArguments, _ context: CommandContext) throws -> ExitCode {
    let createFolders = arguments.flag("create-folders")
    if let path = arguments.value("output") { try context.checkOutput(path, createFolders: createFolders) }
    let plan = try PlanCommand.loadPlan(arguments, context)
    let pack = PackExport.make(plan, generator: "qapass \(Tool.version)")
    if let path = arguments.value("output"), path != "-" {
      try context.write(pack.fileContents(), to: path, createFolders: createFolders)
      context.console.out(
        "exported \(pack.items.count) automated items to \(path) (\(pack.fingerprint))\n")
    } else {
      context.console.out(pack.fileContents())
    }
    for item in pack.unexported {
      context.console.err("error: \(item.id) not exported: \(item.reason)\n")
    }
    return pack.unexported.isEmpty ? .success : .dataError
  }
}
