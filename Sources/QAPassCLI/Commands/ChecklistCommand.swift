import Foundation
import ScenarioEngine

/// `qapass checklist FILE`: one Markdown checklist and one observation sheet per device session.
enum ChecklistCommand: Subcommand {
  static let spec = CommandSpec(
    name: "checklist",
    abstract: "Write a Markdown checklist and an observation sheet for every device session.",
    discussion: """
      For each device session (device x OS) of the plan: checklists/<device>.<os>.md, with the
      preconditions first and the items grouped by input method and haptics, and beside it
      <device>.<os>.observations.yaml, an observation sheet pre-filled with every item id and
      'result: untested'. Regenerating keeps everything testers wrote in a sheet: entries are
      merged, and items no longer planned are kept as 'retired: true'. <device>.<os>.html is the same
      checklist as one self-contained page that works offline: a form per item (pass, fail, blocked
      with a reason, skipped; note; evidence link) whose 'Save observation file' button writes a file
      for observations/.
      """,
    arguments: [MatrixInput.fileArgument],
    options: [MatrixInput.maxCombinations, PublishPath.checklistsOption, CommandContext.createFoldersOption])

  static func run(_ arguments: ParsedArguments, _ context: CommandContext) throws -> ExitCode {
    let (file, options) = try PlanCommand.loadFile(arguments, context)
    let plan = try PlanCommand.makePlan(file, options)
    let directory = arguments.value("checklists") ?? PublishPath.defaultChecklists
    let (checklists, problems) = try PublishPath.writeChecklists(
      plan: plan, file: file, options: options, into: directory,
      createFolders: PublishPath.createsFolders(arguments, "checklists"), context: context)
    var out = ""
    for checklist in checklists {
      out +=
        "wrote \(directory)/\(checklist.fileName), \(checklist.htmlFileName) and "
        + "\(checklist.sheetFileName)\n"
    }
    out += "\(checklists.count) device sessions, \(plan.summary.manualItems) manual items\n"
    context.console.out(out)
    // A sheet that could not be merged was left as it is; the others are written.
    context.console.report(problems, sources: context.sources)
    return problems.isEmpty ? .success : .dataError
  }
}
