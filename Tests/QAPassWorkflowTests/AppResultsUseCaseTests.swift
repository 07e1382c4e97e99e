import CoreAdapters
import Effects
import Foundation
import QAPassHarness
import QAPassWorkflow
import Reporting
import ScenarioEngine
import TestSupport
import Testing

/// `pass --automated` over a file system in memory (issue 21): the app's own results, replayed through
/// QAPassHarness from the pack the reference core replays, decide the verdict with the manual items.
/// Every manual item passes, so the app results alone decide.
struct AppResultsUseCaseTests {
  /// A subject of qapass's under a team's name and version: the reference core is a correct app, the
  /// naive controls an app with the bugs the pack is made to find.
  struct TeamApp: HarnessSubject {
    var base: any HarnessSubject = ReferenceCoreSubject(version: "test")
    var version = "4.12.0 (812)"
    var name: String { "TeamApp" }
    func compositionSubject(for item: PackItem, environment: CompositionEnvironment) -> (
      any CompositionSubject
    )? {
      base.compositionSubject(for: item, environment: environment)
    }
    func saveFlowSubject(for item: PackItem, environment: SaveFlowEnvironment) -> (any SaveFlowSubject)? {
      base.saveFlowSubject(for: item, environment: environment)
    }
  }

  static var brokenTeamApp: TeamApp {
    TeamApp(base: NaiveControlsSubject(version: "test"), version: "4.12.1 (813)")
  }

  /// The small Korean matrix (20 automated, 3 manual items), with `extra` appended (a `subjects:` key).
  final class Fixture: @unchecked Sendable {
    let files: InMemoryFileSystem
    var out = ""
    var err = ""

    init(extra: String = "") {
      files = InMemoryFileSystem([
        "/w": .folder, "/w/m.yaml": .file(Array((UseCaseTests.matrix + extra).utf8)),
      ])
    }

    var workflow: Workflow {
      Workflow(
        console: Console(
          environment: ["QAPASS_TESTER": "mei"], currentDirectory: "/w",
          out: { self.out += $0 }, err: { self.err += $0 }),
        files: files, clock: UseCaseTests.clock)
    }

    /// Records a pass for every manual item.
    func passManualItems() throws {
      for id in UseCaseTests.manualItems {
        var inputs = Workflow.RecordInputs(source: UseCaseTests.source, item: id)
        inputs.result = .pass
        inputs.os = ExactOS.release(in: id)
        _ = try workflow.record(inputs)
      }
    }

    /// Exports the pack to `/w/pack.json` and returns it with its fingerprint.
    func exportPack() throws -> (pack: ScenarioPack, fingerprint: String) {
      var inputs = Workflow.ExportScenariosInputs(source: UseCaseTests.source, generator: "qapass 0.1.0")
      inputs.output = "pack.json"
      #expect(try workflow.exportScenarios(inputs).status == .success)
      return try ScenarioPack.loadVerified(Data(try #require(files.text("/w/pack.json")).utf8))
    }

    /// Writes `run`'s results to `/w/<name>` and returns the path to give `--automated`.
    func write(_ run: HarnessRun, as name: String = "results.json") throws -> String {
      try files.writeAtomically(Array(run.json().utf8), to: "/w/\(name)")
      return name
    }

    /// `qapass pass m.yaml --pack pack.json --automated …`.
    func pass(automated: [String], requiring: [String] = []) throws -> UseCaseResult<AcceptanceReport> {
      var inputs = Workflow.ReportInputs(source: UseCaseTests.source)
      inputs.pack = "pack.json"
      inputs.automated = automated
      inputs.requiredSubjects = requiring
      return try workflow.pass(inputs)
    }
  }

  @Test(.needsEngines) func `a full, passing app run is accepted, exit 0`() throws {
    let fixture = Fixture()
    try fixture.passManualItems()
    let (pack, fingerprint) = try fixture.exportPack()
    let results = try fixture.write(PackRunner.run(pack, subject: TeamApp(), fingerprint: fingerprint))
    let completion = try fixture.pass(automated: [results])
    #expect(completion.value.verdict == .accepted, "\(completion.value.reasons)")
    #expect(completion.status == .success)
    #expect(completion.output.contains("21 of 21 passed, 0 not run (TeamApp 4.12.0 (812))"))
    let junit = try #require(fixture.files.text("/w/reports/junit.xml"))
    #expect(junit.contains("classname=\"app.TeamApp.composition.c1\""))
    #expect(junit.contains("tests=\"\(1 + 24 + 21)\""))
  }

  @Test(.needsEngines)
  func `app results for 5 of the pack's items are INCOMPLETE, exit 2, naming what was not run`()
    throws
  {
    let fixture = Fixture()
    try fixture.passManualItems()
    let (pack, fingerprint) = try fixture.exportPack()
    var five = pack
    five.items = Array(pack.items.prefix(5))
    let results = try fixture.write(PackRunner.run(five, subject: TeamApp(), fingerprint: fingerprint))
    let completion = try fixture.pass(automated: [results])
    #expect(completion.value.verdict == .incomplete)
    #expect(completion.status == .incomplete)
    #expect(completion.status.rawValue == 2)
    let reason = "TeamApp 4.12.0 (812) did not run 16 of the 21 automated items (16 without a result)"
    #expect(completion.value.reasons.contains { $0.hasPrefix(reason) }, "\(completion.value.reasons)")
    let markdown = try #require(fixture.files.text("/w/reports/report.md"))
    #expect(markdown.contains("`TeamApp` 4.12.0 (812): ran 5 of 21 (5 pass), 16 not run"))
    #expect(markdown.contains("### Not run by `TeamApp` 4.12.0 (812)"))
    #expect(markdown.contains("- By field: `name` "))
    let summary = try #require(fixture.files.text("/w/reports/report-summary.md"))
    #expect(summary.contains("16 not run"))
    let json = try #require(fixture.files.text("/w/reports/report.json"))
    #expect(json.contains("\"not_run\": 16"))
    #expect(completion.output.contains("5 of 21 passed, 16 not run (TeamApp 4.12.0 (812))"))
  }

  @Test(.needsEngines) func `results replayed from another pack are not accepted`() throws {
    let fixture = Fixture()
    try fixture.passManualItems()
    let (pack, _) = try fixture.exportPack()
    // The same plan's items from another qapass: another pack fingerprint.
    var other = pack
    other.generator = "qapass 0.0.9"
    #expect(other.fingerprint != pack.fingerprint && other.planFingerprint == pack.planFingerprint)
    let results = try fixture.write(PackRunner.run(other, subject: TeamApp()))
    let completion = try fixture.pass(automated: [results])
    #expect(completion.value.verdict != .accepted)
    #expect(completion.status == .incomplete)
    #expect(
      completion.value.reasons.contains {
        $0.hasPrefix(
          "The automated results of TeamApp 4.12.0 (812) do not count: replayed pack \(other.fingerprint)")
      }, "\(completion.value.reasons)")
  }

  @Test(.needsEngines) func `a subject the matrix or an option requires, without results, is INCOMPLETE`()
    throws
  {
    let fixture = Fixture(extra: "subjects:\n  - TeamApp\n")
    try fixture.passManualItems()
    let (pack, fingerprint) = try fixture.exportPack()
    let missing = try fixture.pass(automated: [])
    #expect(missing.value.verdict == .incomplete)
    #expect(missing.status == .incomplete)
    #expect(
      missing.value.reasons.first
        == "m.yaml:23:5 requires the automated results of TeamApp, and none were given: replay the scenario "
        + "pack against it (QAPassHarness) and pass its results with --automated.")
    // With its results: accepted (the positive control).
    let results = try fixture.write(PackRunner.run(pack, subject: TeamApp(), fingerprint: fingerprint))
    #expect(try fixture.pass(automated: [results]).status == .success)

    // The option does the same for a matrix without the key.
    let plain = Fixture()
    try plain.passManualItems()
    _ = try plain.exportPack()
    #expect(try plain.pass(automated: []).status == .success, "nothing required: the core alone")
    let required = try plain.pass(automated: [], requiring: ["TeamApp"])
    #expect(required.status == .incomplete)
    #expect(
      required.value.reasons.first?.hasPrefix("--require-automated requires the automated results of TeamApp")
        == true)
    let json = try #require(plain.files.text("/w/reports/report.json"))
    #expect(json.contains("\"required_by\": \"--require-automated\""))
  }

  @Test(.needsEngines) func `an app failure is REJECTED, exit 1, and shows since the last pass`() throws {
    let fixture = Fixture()
    try fixture.passManualItems()
    let (pack, fingerprint) = try fixture.exportPack()
    let good = try fixture.write(PackRunner.run(pack, subject: TeamApp(), fingerprint: fingerprint))
    #expect(try fixture.pass(automated: [good]).status == .success)
    let bad = try fixture.write(
      PackRunner.run(pack, subject: Self.brokenTeamApp, fingerprint: fingerprint), as: "broken.json")
    let completion = try fixture.pass(automated: [bad])
    #expect(completion.value.verdict == .rejected)
    #expect(completion.status == .failure)
    let failed = try #require(completion.value.subjects.last?.items.filter { $0.outcome == .fail })
    #expect(!failed.isEmpty)
    #expect(completion.value.reasons.first?.contains("failed against TeamApp 4.12.1 (813)") == true)
    // The reference core still passes: the failure is the app's, and shows as the app's change.
    #expect(completion.value.items.allSatisfy { $0.outcome == .pass })
    let changes = try #require(completion.value.changes)
    #expect(changes.newlyFailing.count == failed.count)
    #expect(changes.newlyFailing.allSatisfy { $0.subject == "TeamApp" && $0.before == .pass })
    let markdown = try #require(fixture.files.text("/w/reports/report.md"))
    #expect(markdown.contains("- `TeamApp`: `\(failed[0].id.rawValue)`: pass → fail"))
  }
}
