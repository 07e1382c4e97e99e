import CoreAdapters
import Foundation
import QAPassCLI
import QAPassHarness
import Testing

/// `export-scenarios`, `run --pack` and `pass --automated`: the pack is the one source of automated
/// results, and the app's own results reach the report under the app's name.
struct ScenarioPackCommandTests {
  static func temporaryDirectory() -> URL {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent(
      "qapass-pack-\(UUID().uuidString)")
    try? FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
  }

  static var silent: Console { Console(currentDirectory: repositoryRoot.path, out: { _ in }, err: { _ in }) }

  @Test(.needsEngines) func `export writes the same bytes twice and run --pack replays it without tracing`()
    throws
  {
    let dir = Self.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: dir) }
    let first = qapass(
      "export-scenarios", "matrices/default.yaml", "-o", dir.appendingPathComponent("a.json").path)
    #expect(first.code == .success, "\(first.err)")
    #expect(first.out.hasPrefix("exported 121 automated items to "))
    let stdout = qapass("export-scenarios", "matrices/default.yaml")
    let written = try String(contentsOf: dir.appendingPathComponent("a.json"), encoding: .utf8)
    #expect(stdout.out == written)
    let replay = qapass("run", "--pack", dir.appendingPathComponent("a.json").path)
    #expect(replay.code == .success)
    #expect(replay.out.contains("items: 121, passed: 121, failed: 0, errors: 0"))
    let naive = qapass("run", "--pack", dir.appendingPathComponent("a.json").path, "--subject", "naive")
    #expect(naive.code == .failure)
    #expect(naive.out.contains("items: 121, passed: 33, failed: 88, errors: 0"))
  }

  /// Issue 33: the pack recorded the matrix's path as typed, so `m.yaml`, `./m.yaml` and the absolute path
  /// gave three fingerprints, and `pass` refused the app's results as another pack's.
  @Test(.needsEngines) func `the same matrix exports the same pack whatever path spells it`() throws {
    let dir = Self.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: dir) }
    let matrix = dir.appendingPathComponent("m.yaml")
    try FileManager.default.copyItem(
      at: repositoryRoot.appendingPathComponent("matrices/default.yaml"), to: matrix)
    let nested = dir.appendingPathComponent("nested")
    try FileManager.default.createDirectory(at: nested, withIntermediateDirectories: true)
    let exports = [
      qapass("export-scenarios", "m.yaml", in: dir), qapass("export-scenarios", "./m.yaml", in: dir),
      qapass("export-scenarios", matrix.path, in: dir), qapass("export-scenarios", "../m.yaml", in: nested),
    ]
    for export in exports { #expect(export.code == .success, "\(export.err)") }
    let packs = try exports.map { try ScenarioPack.load(Data($0.out.utf8)) }
    #expect(Set(exports.map(\.out)).count == 1)
    #expect(Set(packs.map(\.fingerprint)).count == 1)
    #expect(!exports[0].out.contains("m.yaml"))
  }

  /// Issue 21: a pack written before time and what the app sent (format 2) is refused with a data
  /// error that says to export it again; nothing is replayed.
  @Test func `run refuses a pack of an earlier format, exit 65, saying to export it again`() throws {
    let dir = Self.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: dir) }
    let committed = try String(
      contentsOf: repositoryRoot.appendingPathComponent(
        "examples/SignUpCore/Tests/SignUpCoreTests/Resources/default.pack.json"), encoding: .utf8)
    let old = committed.replacingOccurrences(
      of: "\"format\":\"qapass-scenarios/6\"", with: "\"format\":\"qapass-scenarios/5\"")
    #expect(old != committed)
    let path = dir.appendingPathComponent("old.pack.json")
    try old.write(to: path, atomically: true, encoding: .utf8)
    let run = qapass("run", "--pack", path.path)
    #expect(run.code == .dataError)
    #expect(
      run.err.hasPrefix(
        "\(path.path): error: scenario pack format 'qapass-scenarios/5' is not supported; expected "
          + "'qapass-scenarios/6': the pack was exported by an older qapass; export it again with this one "
          + "('qapass export-scenarios MATRIX -o PACK') and commit it"), "\(run.err)")
    #expect(run.out == "")
  }

  @Test(.needsEngines) func `the example's committed pack is the export of the default matrix`() throws {
    let committed = try String(
      contentsOf: repositoryRoot.appendingPathComponent(
        "examples/SignUpCore/Tests/SignUpCoreTests/Resources/default.pack.json"),
      encoding: .utf8)
    let exported = qapass("export-scenarios", "matrices/default.yaml")
    #expect(
      exported.out == committed,
      "examples/SignUpCore's pack is stale: run 'qapass export-scenarios matrices/default.yaml -o examples/SignUpCore/Tests/SignUpCoreTests/Resources/default.pack.json'"
    )
  }

  @Test(.needsEngines) func `an item the oracle cannot judge is an error, and the pack still lists it`()
    throws
  {
    let dir = Self.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: dir) }
    let matrix = dir.appendingPathComponent("code.yaml")
    try """
    version: 1
    name: Codes
    input_methods:
      - {id: zh-pinyin, keyboard: "zh_Hans-Pinyin@sw=Pinyin-Simplified;hw=Automatic", engine: "m17n:zh-py", recipe: zhongwen3, expect: 中文}
    devices:
      - {id: iphone-16e, name: iPhone 16e, kind: device, haptics: true, os: {min: "18.3"}}
    fields:
      - {id: code, label: Code, rules: [{regex: '^[0-9]{3}$'}]}
    matrix:
      os: ["26.x"]
      input_method: [zh-pinyin]
      device: [iphone-16e]
    """.write(to: matrix, atomically: true, encoding: .utf8)
    let pack = dir.appendingPathComponent("code.pack.json")
    let export = qapass("export-scenarios", matrix.path, "-o", pack.path)
    #expect(export.code == .dataError)
    #expect(
      export.err.contains(
        "error: auto.c2.zh-pinyin.code.every-update not exported: no verdict for a text this item types, pastes "
          + "or leaves: the regex rule '^[0-9]{3}$' is judged only by the field's 'samples:'"))
    let loaded = try ScenarioPack.load(contentsOf: pack)
    #expect(!loaded.unexported.isEmpty)
    let run = qapass("run", "--pack", pack.path)
    #expect(run.code == .failure)
    #expect(run.out.contains("ERROR auto.c2.zh-pinyin.code.every-update"))
  }

  @Test func `a hand-edited pack is a data error`() throws {
    let dir = Self.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: dir) }
    let path = dir.appendingPathComponent("p.json")
    // The committed pack, so the test runs in a build without the engines too.
    let text = try String(
      contentsOf: repositoryRoot.appendingPathComponent(
        "examples/SignUpCore/Tests/SignUpCoreTests/Resources/default.pack.json"),
      encoding: .utf8)
    try text.replacingOccurrences(of: "张伟", with: "张三").write(to: path, atomically: true, encoding: .utf8)
    let run = qapass("run", "--pack", path.path)
    #expect(run.code == .dataError)
    #expect(run.err.contains("does not match its contents"))
  }

  @Test(.needsEngines) func `pass --automated names the app's subject and its failures reject the release`()
    throws
  {
    let dir = Self.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: dir) }
    let packPath = dir.appendingPathComponent("pack.json")
    _ = qapass("export-scenarios", "matrices/default.yaml", "-o", packPath.path)
    let pack = try ScenarioPack.load(contentsOf: packPath)
    // An "app" whose save flow is the core's and whose name field is missing: composition items
    // are errors, and one haptic item is made to fail by a flow that plays at tap time.
    struct App: HarnessSubject {
      var name: String { "SignUpApp" }
      var version: String { "4.12.0 (812)" }
      func compositionSubject(for item: PackItem, environment: CompositionEnvironment) -> (
        any CompositionSubject
      )? {
        ReferenceCoreSubject(version: "").compositionSubject(for: item, environment: environment)
      }
      func saveFlowSubject(for item: PackItem, environment: SaveFlowEnvironment) -> (any SaveFlowSubject)? {
        guard item.check == "haptic.success" else {
          return ReferenceCoreSubject(version: "").saveFlowSubject(for: item, environment: environment)
        }
        return nil
      }
    }
    let results = dir.appendingPathComponent("app.json")
    try PackRunner.run(pack, subject: App()).json().write(to: results, atomically: true, encoding: .utf8)
    let out = dir.appendingPathComponent("reports")
    try FileManager.default.createDirectory(
      at: dir.appendingPathComponent("obs"), withIntermediateDirectories: true)
    let common = [
      "pass", "matrices/default.yaml", "--checklists", dir.appendingPathComponent("cl").path,
      "--observations",
      dir.appendingPathComponent("obs").path, "--out", out.path, "--pack", packPath.path,
    ]
    let alone = Tool.run(arguments: common, console: Self.silent)
    #expect(alone == .incomplete)
    let aloneReport = try String(contentsOf: out.appendingPathComponent("report.md"), encoding: .utf8)
    #expect(
      aloneReport.contains("Only qapass's reference core (AcceptanceCore 0.1.0) ran the automated items"))
    let with = Tool.run(
      arguments: common + ["--automated", results.path],
      console: Self.silent)
    let report = try String(contentsOf: out.appendingPathComponent("report.md"), encoding: .utf8)
    #expect(with == .incomplete, "an item that could not run is not a failure")
    #expect(
      report.contains(
        "- **App subject:** `SignUpApp` 4.12.0 (812): ran 120 of 121 (120 pass), 1 not run · pack `sha256:"))
    #expect(
      report.contains(
        "SignUpApp 4.12.0 (812) did not run 1 of the 121 automated items (1 could not run): checks "
          + "haptic.success (1 of 1)."))
    #expect(!report.contains("Only qapass's reference core"))
    #expect(report.contains("### Not run by `SignUpApp` 4.12.0 (812)"))
    #expect(report.contains("- Why: the subject has no save flow (1)"))
  }
}
