import QAPassServer
import QAPassWorkflow

/// `qapass serve [FILE]`: the pass as a live, shared workspace over HTTP, until Ctrl-C.
enum ServeCommand: Subcommand {
  static let spec = CommandSpec(
    name: "serve",
    abstract: "Serve the pass over HTTP: its progress, items and report, and recording, until stopped.",
    discussion: """
      Serves the pass from the repository's files: the verdict and progress as 'qapass pass' would
      compute them now, every item's history, the report, and recording through the same use case as
      'qapass record' (the same records file, lock and validation), so the server, 'qapass record' and
      the walk can run at once. The JSON API is described at /openapi.json (schemas/serve.openapi.json).
      It listens on 127.0.0.1 and a port the system chooses unless --listen names an address and port;
      off loopback every request needs the token printed with the URL (and as a QR code). Requests
      whose Host or Origin is not this server's are refused, as are bodies over 64 KiB. A record is
      stamped with the build, plan and keyboard in force; one given under an earlier build or plan is
      refused (409). FILE defaults to the matrix the checklists were made from, else
      matrices/default.yaml. Stops on Ctrl-C (SIGINT) or SIGTERM.
      """,
    arguments: [MatrixInput.passFileArgument],
    options: [
      .value(
        "listen", "<addr:port>",
        help: "The address and port to listen on (default 127.0.0.1:0, a port the system chooses)."),
      MatrixInput.maxCombinations, MatrixInput.checklistsOption, MatrixInput.observationsOption,
      MatrixInput.packOption,
    ])

  static func run(_ arguments: ParsedArguments, _ workflow: Workflow) throws -> any CommandResult {
    var inputs = Workflow.ReportInputs(
      source: try MatrixInput.source(arguments, matrix: arguments.positional(0), previousCells: false))
    inputs.observations = arguments.value("observations")
    inputs.pack = arguments.value("pack")
    var listen = ListenAddress.loopback
    if let text = arguments.value("listen") {
      guard let address = ListenAddress(text) else {
        throw UsageError(
          "'--listen \(text)' is not a numeric address and port, such as 127.0.0.1:8080, 0.0.0.0:8080 or "
            + "[::1]:8080")
      }
      listen = address
    }
    PassServer.blockStopSignals()
    let console = workflow.console
    let server: PassServer
    do {
      server = try PassServer(inputs, workflow: workflow, listen: listen) { console.out($0) }
    } catch let error as HTTPServer.StartError {
      throw UsageError(error.description)
    }
    console.out(server.banner)
    server.waitForStopSignal()
    return Stopped()
  }

  /// What `serve` says once stopped.
  struct Stopped: CommandResult {
    var status = ExitCode.success
    var messages: [UseCaseMessage] = [.output("stopped\n")]
  }
}
