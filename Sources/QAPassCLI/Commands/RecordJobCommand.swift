import QAPassWorkflow

/// `qapass record-job SESSION --conclusion C`: how the CI job that tests one session ended.
enum RecordJobCommand: Subcommand {
  static let spec = CommandSpec(
    name: "record-job",
    abstract: "Record how the CI job that tests one device session ended.",
    discussion: """
      Run as a CI job's last step, whatever happened before it (GitHub Actions: 'if: always()',
      --conclusion "${{ job.status }}" with 'timed_out' written timed-out). The fate goes to the
      runs file beside the records file (FILE.runs.json for --file FILE.yaml), under its lock,
      written atomically. A session whose latest job failed, timed out or was cancelled was not
      run: the report lists it beside the verdict with the reason and the link, and the verdict
      is never ACCEPTED while one is, whatever else is recorded for the session; a later
      'success' of the session finishes it. Exit 0 when recorded; 64 for a session the plan does
      not have, an unknown conclusion, a link that is not http(s) or a bad time; 65 when the runs
      file is not one (it is left as it is).
      """,
    arguments: [
      .init(name: "session", help: "The session the job tests (sim-iphone-17-pro.26.x).", isOptional: false)
    ],
    options: [
      .value(
        "conclusion", "<conclusion>", help: "How the job ended: success, failure, cancelled or timed-out."),
      .value("reason", "<text>", help: "Why, for the report (default: the conclusion's words)."),
      .value("url", "<url>", help: "The job's page, linked from the report."),
      MatrixInput.matrixOption,
      MatrixInput.maxCombinations,
      MatrixInput.checklistsOption,
      .value(
        "file", "<path>",
        help: "The records file whose runs file it goes to (default observations/records.yaml)."),
      .value("time", "<iso8601>", help: "When (default: now)."),
    ])

  static func run(_ arguments: ParsedArguments, _ workflow: Workflow) throws -> any CommandResult {
    guard let conclusion = arguments.value("conclusion") else {
      throw UsageError("'--conclusion <conclusion>' says how the job ended; it is needed")
    }
    let source = try MatrixInput.source(arguments, matrix: arguments.value("matrix"))
    var inputs = Workflow.RecordJobInputs(
      source: source, session: arguments.positional(0)!, conclusion: conclusion)
    inputs.reason = arguments.value("reason")
    inputs.url = arguments.value("url")
    inputs.file = arguments.value("file")
    inputs.time = arguments.value("time")
    return try workflow.recordJob(inputs)
  }
}
