import Foundation
import QAPassHarness
import ScenarioEngine
import TextFormats
import YAMLDecoding

/// Where the automated results of `run`, `report` and `pass` come from: the one seam.
///
/// By default the plan's automated items are exported with the engines and replayed against the
/// reference core; a pack exported earlier replays instead (no engine needed, for builds without
/// them); the app's own results, written by QAPassHarness, are added.
extension Workflow {
  /// The reference run: the pack at `pack`, or a fresh export of `plan`.
  func referenceRun(plan: Plan, subject: BuiltInImplementation, pack: String?) throws -> RunReport {
    guard let path = pack else {
      return usingEngines { AutomatedRun.run(plan, subject: subject, engines: engines) }
    }
    return try replay(path, plan: plan, subject: subject)
  }

  /// Replays the pack file at `path` as it is read, verifying its fingerprint.
  func replay(_ path: String, plan: Plan?, subject: BuiltInImplementation) throws -> RunReport {
    let bytes = try read(path)
    do {
      return try AutomatedRun.run(packFile: bytes, plan: plan, subject: subject)
    } catch {
      throw Self.problem(error, path: path, bytes: bytes)
    }
  }

  /// The harness results of every file in `paths`, in the order given.
  func harnessRuns(_ paths: [String]) throws -> [HarnessRun] {
    var runs: [HarnessRun] = []
    for path in paths {
      let bytes = try read(path)
      do {
        runs.append(try HarnessRun.load(Data(bytes)))
      } catch {
        throw Self.problem(error, path: path, bytes: bytes)
      }
    }
    return runs
  }

  /// A pack or results file that cannot be read: `path:line:col: error: …` at the value at fault
  /// when it can be found in the file, else `path: error: …`; exit code 65 either way.
  static func problem(_ error: PackError, path: String, bytes: [UInt8]) -> any Error {
    // Not JSON to Foundation: nested too deep or a number out of range, said with its place.
    if case .malformed(let reason, nil) = error, reason.hasSuffix(JSONProblem.notJSON),
      let syntax = JSONProblem.syntaxProblem(in: bytes)
    {
      return Diagnostic(
        path: path, location: TextPosition(line: syntax.line, column: syntax.column),
        message: String(reason.dropLast(JSONProblem.notJSON.count)) + syntax.message)
    }
    guard case .malformed(_, let codingPath) = error,
      let location = YAML.location(of: codingPath, in: bytes)
    else { return FileError(path: path, message: error.description, exitCode: .dataError) }
    return Diagnostic(path: path, location: location, message: error.description)
  }
}
