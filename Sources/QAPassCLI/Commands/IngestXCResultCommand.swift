import QAPassWorkflow

/// `qapass ingest-xcresult RESULT`: the app's own test results from an Xcode result bundle.
enum IngestXCResultCommand: Subcommand {
  static let spec = CommandSpec(
    name: "ingest-xcresult",
    abstract: "Record the app's own test results (an Xcode 16+ .xcresult bundle) against plan items.",
    discussion: """
      Reads what 'xcrun xcresulttool get test-results tests --path X.xcresult --format json'
      prints: given a .xcresult bundle it runs that (macOS only); given a file, it reads that saved
      output (anywhere). The device and OS come from the result's device information: the plan
      device of the same model and kind (simulator or not), on the session its OS version belongs
      to (26.2 -> 26.x); --device and --os override them. Test cases are matched to items, recorded
      and listed as 'ingest-junit' does, idempotently; the observation's OS is the exact version.
      Xcode results carry no time per test: --time, or else the file's modification time, is used.
      """,
    arguments: [
      .init(name: "result", help: "A .xcresult bundle, or the saved JSON of xcresulttool.", isOptional: false)
    ],
    options: [
      .value("device", "<id>", help: "The device id from the matrix (default: from the result)."),
      .value("os", "<version>", help: "The OS version (default: from the result)."),
    ] + options)

  static func run(_ arguments: ParsedArguments, _ workflow: Workflow) throws -> ExitCode {
    try workflow.ingestXCResult(try inputs(arguments)).status
  }

  /// The inputs of both ingests.
  static func inputs(_ arguments: ParsedArguments) throws -> Workflow.IngestInputs {
    let source = try MatrixInput.source(arguments, matrix: try MatrixInput.matrix(arguments, option: true))
    var inputs = Workflow.IngestInputs(
      source: source, results: arguments.positional(0)!, device: arguments.value("device"),
      os: arguments.value("os"))
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
    .value("tester", "<name>", help: "Who ran the tests (default: junit or xcresult)."),
    .value("build", "<build>", help: "The app build tested (default: the matrix's build)."),
    .value(
      "time", "<iso8601>",
      help: "When, for test cases the file gives no time (default: the file's modification time)."),
  ]
}
