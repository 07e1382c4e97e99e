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
      to (26.2 -> 26.x). --device must name that device (another model or kind is refused,
      exit 64, naming both) and --os must agree with the OS the result ran on (26.x or 26.2 for
      a result on 26.2; 27.x is refused, exit 64); the more precise of the two is recorded.
      Every test case is kept in the runs file beside the records file (FILE.runs.json): a
      failing test that names no item rejects the pass, a result with no test case leaves it
      incomplete (README "The app's own test results"). Test cases are matched to items by the naming rule of
      'ingest-junit' (by name; xcresult has no properties), recorded and listed as it does,
      idempotently. Results: Passed -> pass, Failed -> fail, Skipped -> skipped, Expected Failure
      (XCTExpectFailure whose failure happened: a known issue the test still sees) -> fail, noted
      so; an expected failure that did not happen is Failed (XCTest fails it) -> fail. Xcode results
      carry no time per test: --time, or else the file's modification time, is used, and the
      results are recognised by their content when ingested again.
      """,
    arguments: [
      .init(name: "result", help: "A .xcresult bundle, or the saved JSON of xcresulttool.", isOptional: false)
    ],
    options: [
      .value(
        "device", "<id>", help: "The device id from the matrix; must be the result's (default: from it)."),
      .value("os", "<version>", help: "The OS version (default: from the result)."),
    ] + IngestInput.options)

  static func run(_ arguments: ParsedArguments, _ workflow: Workflow) throws -> any CommandResult {
    try workflow.ingestXCResult(try IngestInput.inputs(arguments))
  }
}
