import QAPassWorkflow
import Reporting

/// The options `report` and `pass` share, and the inputs they make.
enum ReportInput {
  /// The inputs of `report` and `pass`; here '--previous' names the previous report.json, not the
  /// pairwise cells of `plan --previous`.
  static func inputs(_ arguments: ParsedArguments, matrix: String?) throws -> Workflow.ReportInputs {
    var inputs = Workflow.ReportInputs(
      source: try MatrixInput.source(arguments, matrix: matrix, previousCells: false))
    inputs.formats =
      arguments.value("format").map { $0.split(separator: ",").map(String.init) } ?? ReportWriters.identifiers
    inputs.out = arguments.value("out")
    inputs.observations = arguments.value("observations")
    inputs.createFolders = arguments.flag("create-folders")
    inputs.previousReport = arguments.value("previous")
    inputs.pictureBase = arguments.value("picture-base")
    inputs.pack = arguments.value("pack")
    inputs.automated = arguments.all("automated")
    inputs.requiredSubjects = arguments.all("require-automated")
    return inputs
  }

  /// The options `report` and `pass` share, after `--format`.
  static let publishOptions: [CommandSpec.Option] = [
    .value("out", "<dir>", help: "Where to write the report (default reports; '-': stdout)."),
    MatrixInput.checklistsOption,
    MatrixInput.observationsOption,
    createFoldersOption,
    followOutputLinksOption,
    .value(
      "previous", "<path>",
      help: "The previous report.json to compare with (default: the one in the output folder, if any)."),
    .value(
      "picture-base", "<url>",
      help: "Prefix of the pictures' links in report.md, e.g. an absolute URL for a GitHub job summary."),
    MatrixInput.packOption,
    automatedOption,
    requireAutomatedOption,
  ]

  static let automatedOption = CommandSpec.Option.value(
    "automated", "<results>",
    help: "QAPassHarness results (JSON) of the app's own code to put in the report; repeatable.",
    repeatable: true)

  static let requireAutomatedOption = CommandSpec.Option.value(
    "require-automated", "<subject>",
    help:
      "An app subject (its HarnessSubject name) whose --automated results the report needs: without "
      + "them it is INCOMPLETE; repeatable, beside the matrix's 'subjects:'.",
    repeatable: true)
}
