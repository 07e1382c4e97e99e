import Foundation
import QAPassHarness
import ScenarioEngine

/// Where the automated results of `run`, `report` and `pass` come from: the one seam.
///
/// By default the plan's automated items are exported with the real engines and replayed against
/// the reference core; `--pack PATH` replays a pack exported earlier instead (no engine needed,
/// for builds without them); `--automated RESULTS` adds the app's own results, written by
/// QAPassHarness.
enum AutomatedSource {
  static let packOption = CommandSpec.Option.value(
    "pack", "<path>",
    help: "Replay this scenario pack (from 'qapass export-scenarios') instead of tracing the engines now.")
  static let automatedOption = CommandSpec.Option.value(
    "automated", "<results>",
    help: "QAPassHarness results (JSON) of the app's own code to put in the report; repeatable.",
    repeatable: true)

  /// The reference run: the pack of `--pack`, or a fresh export of `plan`.
  static func reference(
    plan: Plan, subject: Subject, arguments: ParsedArguments, context: CommandContext
  ) throws -> RunReport {
    guard let path = arguments.value("pack") else { return AutomatedRun.run(plan, subject: subject) }
    let loaded = try loadPack(path, context)
    return AutomatedRun.run(pack: loaded.pack, plan: plan, subject: subject, fingerprint: loaded.fingerprint)
  }

  /// Reads a pack file and verifies its fingerprint.
  static func loadPack(_ path: String, _ context: CommandContext) throws -> (
    pack: ScenarioPack, fingerprint: String
  ) {
    let bytes = try context.read(path)
    do {
      return try ScenarioPack.loadVerified(Data(bytes))
    } catch {
      throw FileError(path: path, message: error.description, exitCode: .dataError)
    }
  }

  /// The harness results of every `--automated` file, in the order given.
  static func external(_ arguments: ParsedArguments, _ context: CommandContext) throws -> [HarnessRun] {
    var runs: [HarnessRun] = []
    for path in arguments.all("automated") {
      let bytes = try context.read(path)
      do {
        runs.append(try HarnessRun.load(Data(bytes)))
      } catch {
        throw FileError(path: path, message: error.description, exitCode: .dataError)
      }
    }
    return runs
  }
}
