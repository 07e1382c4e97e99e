import CoveringArrays
import Foundation
import Testing

@testable import Observations

/// Writers killed at random moments and writers racing each other never lose an acknowledged record.
///
/// The writers are child processes: this test binary started again on ``AppendingChild`` (see
/// ``ChildProcess``). Each child appends observations whose note is a unique token and prints
/// `ACK <token>` only after `append` returned.
@Suite(.serialized) struct CrashSafetyTests {
  static let childTest = "AppendingChild"

  /// The tokens of every observation in the records file at `path`, after checking it reads cleanly.
  static func recordedTokens(_ path: String) throws -> [String] {
    let bytes = try #require(FileManager.default.contents(atPath: path))
    let result = Ingest.run(
      files: [ObservationFile(path: path, bytes: [UInt8](bytes))], catalog: Examples.catalog)
    #expect(result.diagnostics == [], "the records file no longer parses")
    return result.items.flatMap(\.observations).compactMap(\.observation.note)
  }

  /// The time of every observation in the records file at `path`, in file order, after checking it
  /// reads cleanly.
  static func recordedTimes(_ path: String) throws -> [String] {
    let bytes = try #require(FileManager.default.contents(atPath: path))
    let result = Ingest.run(
      files: [ObservationFile(path: path, bytes: [UInt8](bytes))], catalog: Examples.catalog)
    #expect(result.diagnostics == [], "the records file no longer parses")
    return result.items.flatMap(\.observations).compactMap { $0.observation.time?.text }.sorted()
  }

  static func acknowledged(_ lines: [String]) -> [String] {
    lines.filter { $0.hasPrefix("ACK ") }.map { String($0.dropFirst(4)) }
  }

  @Test func `SIGKILL at random moments never loses an acknowledged record`() throws {
    let directory = TemporaryDirectory.inMemory()
    let path = directory.file("records.yaml")
    var random = SplitMix64(seed: 20_261_129)
    var acknowledged: [String] = []
    let kills = 30
    for run in 0..<kills {
      let child = try ChildProcess(
        test: Self.childTest,
        environment: [AppendingChild.pathVariable: path, AppendingChild.prefixVariable: "k\(run)-"])
      child.waitForLine(startingWith: "ACK ")
      usleep(UInt32.random(in: 0...12_000, using: &random))
      child.kill()
      let lines = child.finish()
      #expect(child.process.terminationReason == .uncaughtSignal, "run \(run) ended before it was killed")
      acknowledged += Self.acknowledged(lines)
    }
    let recorded = try Self.recordedTokens(path)
    let missing = Set(acknowledged).subtracting(recorded)
    #expect(missing.isEmpty, "acknowledged but lost: \(missing.sorted())")
    #expect(Set(recorded).count == recorded.count, "a record was written twice")
    #expect(acknowledged.count >= kills)
    // Later appends clear what killed writers left; at most the last kill's temporary file remains.
    #expect(directory.names.filter { $0.hasPrefix(".records.yaml.tmp-") }.count <= 1)
  }

  @Test func `eight concurrent writers lose nothing`() throws {
    let directory = TemporaryDirectory.inMemory()
    let path = directory.file("records.yaml")
    let writers = 8
    let each = 50
    let children = try (0..<writers).map { writer in
      try ChildProcess(
        test: Self.childTest,
        environment: [
          AppendingChild.pathVariable: path, AppendingChild.prefixVariable: "w\(writer)-",
          AppendingChild.countVariable: String(each),
        ])
    }
    var acknowledged: [String] = []
    for child in children {
      acknowledged += Self.acknowledged(child.finish())
      #expect(child.process.terminationStatus == 0)
    }
    #expect(acknowledged.count == writers * each)
    let recorded = try Self.recordedTokens(path)
    #expect(recorded.count == writers * each)
    #expect(Set(recorded) == Set(acknowledged))
  }
}

/// Not a test of its own: the writer the crash-safety tests start as a child process. It runs only
/// when ``pathVariable`` is set.
struct AppendingChild {
  static let pathVariable = "QAPASS_OBS_CHILD_RECORDS"
  static let prefixVariable = "QAPASS_OBS_CHILD_PREFIX"
  static let countVariable = "QAPASS_OBS_CHILD_COUNT"
  static var environment: [String: String] { ProcessInfo.processInfo.environment }

  @Test(.enabled(if: environment[pathVariable] != nil, "runs only as a child of CrashSafetyTests"))
  func `append and acknowledge until killed or done`() throws {
    let path = try #require(Self.environment[Self.pathVariable])
    let prefix = Self.environment[Self.prefixVariable] ?? ""
    let count = Self.environment[Self.countVariable].flatMap(Int.init) ?? 100_000
    for index in 0..<count {
      let token = "\(prefix)\(index)"
      var observation = Examples.observation(
        Examples.kana, .pass, at: "2026-11-29T18:04:05Z", tester: "writer \(prefix)")
      observation.note = token
      try ObservationStore.append(observation, to: path)
      let line = Array("ACK \(token)\n".utf8)
      _ = line.withUnsafeBytes { write(1, $0.baseAddress, $0.count) }
    }
  }
}
