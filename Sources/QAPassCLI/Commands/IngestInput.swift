import QAPassWorkflow

/// The options `ingest-junit` and `ingest-xcresult` share, and the inputs they make.
enum IngestInput {
  /// The inputs of both ingests.
  static func inputs(_ arguments: ParsedArguments) throws -> Workflow.IngestInputs {
    let source = try MatrixInput.source(arguments, matrix: arguments.value("matrix"))
    var inputs = Workflow.IngestInputs(source: source, results: arguments.positional(0)!)
    inputs.device = arguments.value("device")
    inputs.os = arguments.value("os")
    inputs.file = arguments.value("file")
    inputs.tester = arguments.value("tester")
    inputs.build = arguments.value("build")
    inputs.time = arguments.value("time")
    return inputs
  }

  /// The options both ingests share, after `--device` and `--os`.
  static let options: [CommandSpec.Option] = [
    MatrixInput.matrixOption,
    MatrixInput.maxCombinations,
    MatrixInput.checklistsOption,
    .value("file", "<path>", help: "The records file to append to (default observations/records.yaml)."),
    followOutputLinksOption,
    .value("tester", "<name>", help: "Who ran the tests (default: junit or xcresult)."),
    MatrixInput.buildOption,
    .value(
      "time", "<iso8601>",
      help: "When, for test cases the file gives no time (default: the file's modification time)."),
  ]
}
