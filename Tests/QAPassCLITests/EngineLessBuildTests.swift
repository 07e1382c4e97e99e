import Foundation
import QAPassHarness
import TestSupport
import Testing

@testable import QAPassCLI

/// The Mac build (no input-method engines): every command still works, and what needs the engines says
/// so instead of passing.
struct EngineLessBuildTests {
  @Test(.withoutEngines) func `run lists the composition items as not run and exits 2`() {
    let run = qapass("run", "matrices/default.yaml")
    #expect(run.code == .incomplete)
    #expect(run.out.contains("items: 48, passed: 48, failed: 0, errors: 0"))
    #expect(
      run.out.contains(
        "73 automated items not run: qapass was built without the input-method engines (package trait 'Engines' off)"
      ))
  }

  @Test(.withoutEngines) func `a scenario pack exported where the engines are replays every item here`() {
    // The pack committed for examples/SignUpCore is the export of the default matrix.
    let run = qapass(
      "run", "matrices/default.yaml", "--pack",
      "examples/SignUpCore/Tests/SignUpCoreTests/Resources/default.pack.json")
    #expect(run.code == .success, "\(run.err)")
    #expect(run.out.contains("items: 121, passed: 121, failed: 0, errors: 0"))
    #expect(!run.out.contains("not run"))
  }

  /// Issue 33: without the engines 48 Korean manual items were worded from the recipe's keys, and the
  /// plan fingerprint with them, so a pack exported on Linux never matched the Mac build's plan.
  @Test(.withoutEngines) func `the plan fingerprint is the Linux build's`() throws {
    let plan = qapass("plan", "matrices/default.yaml")
    #expect(plan.code == .success)
    let fingerprint = try #require(
      plan.out.split(separator: "\n").first { $0.hasPrefix("fingerprint: ") }?.dropFirst(
        "fingerprint: ".count))
    // Both written by the Linux build, and checked current there.
    let pack = try ScenarioPack.load(
      contentsOf: repositoryRoot.appendingPathComponent(
        "examples/SignUpCore/Tests/SignUpCoreTests/Resources/default.pack.json"))
    #expect(pack.planFingerprint == String(fingerprint))
    let source = try String(
      contentsOf: repositoryRoot.appendingPathComponent("checklists/plan-source.yaml"), encoding: .utf8)
    #expect(source.contains("plan_fingerprint: \(fingerprint)\n"))
  }

  /// Issue 21: the Mac build once wrote a pack of 42 of the default matrix's items, the rest listed
  /// as unexported; a pack is exported where the engines are, so it refuses and says so.
  @Test(.withoutEngines) func `export-scenarios refuses a plan whose items type keystrokes, writing nothing`()
    throws
  {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "qapass-noexport-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let pack = folder.appendingPathComponent("default.pack.json")
    let run = qapass("export-scenarios", "matrices/default.yaml", "-o", pack.path)
    #expect(run.code == .usage)
    #expect(
      run.err.hasPrefix(
        "Error: 'export-scenarios' cannot export 73 of the 121 automated items: they type keystrokes into the "
          + "engines of 'ja-kana', 'ja-romaji', 'ko-2set', 'zh-pinyin', and qapass was built without the "
          + "input-method engines (package trait 'Engines' off); no pack was written. Export the pack where the "
          + "engines are (Linux or CI: 'qapass export-scenarios matrices/default.yaml -o PACK')"),
      "\(run.err)")
    #expect(!FileManager.default.fileExists(atPath: pack.path))
  }

  @Test(.withoutEngines) func `trace says the engines are not in this build`() {
    let run = qapass("trace", "-e", "m17n:zh-py", "zhongwen3")
    #expect(run.code == .usage)
    #expect(
      run.err.hasPrefix(
        "Error: 'trace' types into the input-method engines: qapass was built without the input-method engines"
      ))
  }

  @Test(.withoutEngines) func `the report is incomplete, never accepted, and says why`() throws {
    let workspace = try Workspace()
    defer { workspace.remove() }
    let run = workspace.run("report", "matrices/default.yaml")
    #expect(run.code == .incomplete)
    #expect(run.out.contains("73 automated items have no result in the run."))
    #expect(run.out.contains("73 automated items not run: qapass was built without"))
  }
}
