import Foundation
import MatrixFormat
import Observations
import Reporting
import ScenarioEngine
import TestResults

/// What `ingest-junit` and `ingest-xcresult` share: their options and the ingest context from the plan.
enum TestResultsInput {
  static let options: [CommandSpec.Option] = [
    .value("matrix", "<file>", help: "The matrix file (default matrices/default.yaml)."),
    MatrixInput.maxCombinations,
    PublishPath.checklistsOption,
    .value("file", "<path>", help: "The records file to append to (default observations/records.yaml)."),
    .value("tester", "<name>", help: "Who ran the tests (default: junit or xcresult)."),
    .value("build", "<build>", help: "The app build tested (default: the matrix's build)."),
    .value(
      "time", "<iso8601>",
      help: "When, for test cases the file gives no time (default: the file's modification time)."),
  ]

  /// The plan's catalog and devices, the tester, build and fallback time, and the records file.
  static func context(
    _ arguments: ParsedArguments, _ context: CommandContext, input: String, defaultTester: String
  ) throws -> (TestResultIngest.Context, RecordsFile) {
    var planArguments = arguments
    planArguments.positionals = [arguments.value("matrix") ?? PublishPath.defaultMatrix]
    let (file, options) = try PlanCommand.loadFile(planArguments, context)
    let plan = try PlanCommand.makePlan(file, options)
    let fallback: (Timestamp, String)
    if let text = arguments.value("time") {
      do { fallback = (try Timestamp.parse(text), "from --time") } catch {
        throw UsageError("'--time': \(error.description)")
      }
    } else {
      fallback = (
        try context.modificationTime(input), "the modification time of \(input) (give --time to set it)"
      )
    }
    let path = arguments.value("file") ?? PublishPath.defaultRecords
    let records = try context.recordsFile(path, createFolders: arguments.value("file") == nil)
    let ingest = TestResultIngest.Context(
      catalog: ObservableCatalog(plan: plan),
      devices: file.devices.map { .init(id: $0.id, name: $0.name, isSimulator: $0.kind == .simulator) },
      tester: arguments.value("tester") ?? defaultTester, build: arguments.value("build") ?? plan.build,
      fallbackTime: fallback.0, fallbackTimeSource: fallback.1, recordsName: path)
    return (ingest, RecordsFile(path: records, files: context.files))
  }

  /// Runs one ingest, turning records-file errors into the CLI's.
  static func run(_ context: CommandContext, _ body: () throws -> IngestSummary) throws -> ExitCode {
    let summary: IngestSummary
    do {
      summary = try body()
    } catch let error as ObservationFileError {
      throw PublishPath.observationError(error, context: context)
    } catch let error as IngestError {
      throw UsageError(error.message)
    }
    context.console.out(summary.text)
    return .success
  }
}
