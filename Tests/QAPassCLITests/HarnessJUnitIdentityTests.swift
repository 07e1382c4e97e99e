import CoreAdapters
import Foundation
import QAPassHarness
import ScenarioEngine
import TestSupport
import Testing

/// One JUnit identity per subject and item: the JUnit an app's own tests write through
/// `HarnessRun.junitXML()` names each item as the app's case of it in the `junit.xml` of
/// `qapass pass --automated` (`app.<subject>.<channel>.<check>`), so a CI's test history follows the
/// app's result from one to the other and never mixes it with the reference core's case
/// (`automated.<channel>.<check>`, as `qapass run --junit` writes it). Issue 21.
struct HarnessJUnitIdentityTests {
  /// A Korean name field, a regex field the oracle cannot judge (its c2 items are not exported) and
  /// the save haptics: composition and haptic items, exported and not.
  static let matrix = """
    version: 1
    name: Identity — Korean name, a code and save haptics
    input_methods:
      - {id: ko-2set, keyboard: "ko_KR@sw=Korean;hw=Automatic", engine: "hangul:2", recipe: rlawlsdn, expect: 김진우}
    devices:
      - {id: iphone-16e, name: iPhone 16e, kind: device, haptics: true, os: {min: "18.3"}}
    fields:
      - {id: name, label: Name (Korean), rules: [korean-name]}
      - {id: code, label: Code, rules: [{regex: '^[0-9]{3}$'}]}
    haptics:
      confirmation:
        - {type: transient, time: 0, intensity: 1.0, sharpness: 0.5}
    matrix:
      os: ["26.x"]
      input_method: [ko-2set]
      device: [iphone-16e]
    """

  /// The folder with the matrix, the exported pack, qapass's `junit.xml` for a run of the matrix, the
  /// harness's JUnit and results for the reference core replaying the pack as an app subject
  /// (`TeamApp`), and the `junit.xml` of `qapass pass --automated` with those results.
  struct Written {
    static let subject = "TeamApp"
    var folder: URL
    var pack: ScenarioPack
    var qapassJUnit: String
    var harnessJUnit: String
    var passJUnit: String

    /// The reference core under the app's name.
    struct TeamApp: HarnessSubject {
      let core = ReferenceCoreSubject(version: "test")
      var name: String { Written.subject }
      var version: String { "4.12.0 (812)" }
      func compositionSubject(for item: PackItem, environment: CompositionEnvironment) -> (
        any CompositionSubject
      )? {
        core.compositionSubject(for: item, environment: environment)
      }
      func saveFlowSubject(for item: PackItem, environment: SaveFlowEnvironment) -> (any SaveFlowSubject)? {
        core.saveFlowSubject(for: item, environment: environment)
      }
    }

    init() throws {
      folder = FileManager.default.temporaryDirectory.appendingPathComponent(
        "qapass-junitid-\(UUID().uuidString)")
      try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
      let matrix = folder.appendingPathComponent("identity.yaml")
      try HarnessJUnitIdentityTests.matrix.write(to: matrix, atomically: true, encoding: .utf8)
      let packPath = folder.appendingPathComponent("identity.pack.json")
      let export = qapass("export-scenarios", matrix.path, "-o", packPath.path)
      #expect(export.code == .dataError, "some items are not exported: \(export.err)")
      let loaded = try ScenarioPack.loadVerified(Data(contentsOf: packPath))
      pack = loaded.pack
      let junit = folder.appendingPathComponent("junit.xml")
      let run = qapass("run", matrix.path, "--junit", junit.path)
      #expect(run.code == .failure, "the unexported items are errors: \(run.out)")
      qapassJUnit = try String(contentsOf: junit, encoding: .utf8)
      let harness = PackRunner.run(pack, subject: TeamApp(), fingerprint: loaded.fingerprint)
      harnessJUnit = harness.junitXML()
      try harnessJUnit.write(
        to: folder.appendingPathComponent("harness.xml"), atomically: true, encoding: .utf8)
      let results = folder.appendingPathComponent("harness.json")
      try harness.json().write(to: results, atomically: true, encoding: .utf8)
      let out = folder.appendingPathComponent("reports")
      let pass = qapass(
        "pass", matrix.path, "--pack", packPath.path, "--automated", results.path, "--out", out.path,
        "--checklists", folder.appendingPathComponent("checklists").path, "--observations",
        folder.appendingPathComponent("observations").path, "--create-folders")
      #expect(pass.code == .incomplete, "manual items are untested: \(pass.err)")
      passJUnit = try String(contentsOf: out.appendingPathComponent("junit.xml"), encoding: .utf8)
    }

    func remove() { try? FileManager.default.removeItem(at: folder) }
  }

  // Issue 23: `run --junit` wrote a `qapass` / `verdict` case, the identity of the release verdict of
  // `pass`, so a test history or a gate reading both files took the automated items' outcome for it.
  @Test(.needsEngines)
  func `run --junit and pass write verdict cases that cannot be taken for one another`() throws {
    let written = try Written()
    defer { written.remove() }
    let release = JUnitCaseIdentity(classname: "qapass", name: "verdict")
    let automated = JUnitCaseIdentity(classname: "qapass.run", name: "automated-verdict")
    let run = try JUnitCaseIdentity.all(in: written.qapassJUnit)
    let pass = try JUnitCaseIdentity.all(in: written.passJUnit)
    #expect(run.count { $0 == automated } == 1 && !run.contains(release), "\(run.prefix(2))")
    #expect(pass.count { $0 == release } == 1 && !pass.contains(automated), "\(pass.prefix(2))")
    // Nothing else in either file is named like a verdict, and no item case has either identity.
    #expect(run.count { $0.classname.hasPrefix("qapass") } == 1)
    #expect(pass.count { $0.classname.hasPrefix("qapass") } == 1)
    #expect(Set(run).intersection(pass).allSatisfy { !$0.classname.hasPrefix("qapass") })
  }

  @Test func `the harness spells the report's channels and knows each automated check's channel by its id`() {
    #expect(PackItem.Channel.allCases.map(\.rawValue) == Scenario.Channel.allCases.map(\.rawValue))
    let automated = ScenarioCatalog.all.filter { $0.kind == .automated }
    #expect(Set(automated.map(\.channel)) == Set(Scenario.Channel.allCases))
    for scenario in automated {
      #expect(
        PackItem.Channel(check: scenario.id.rawValue).rawValue == scenario.channel.rawValue, "\(scenario.id)")
    }
  }

  @Test(.needsEngines)
  func `the harness JUnit names each item as the report's case of the app does, apart from the core's`()
    throws
  {
    let written = try Written()
    defer { written.remove() }
    let core = try JUnitCaseIdentity.all(in: written.qapassJUnit).filter { !$0.classname.hasPrefix("qapass") }
    let harness = try JUnitCaseIdentity.all(in: written.harnessJUnit)
    let report = try JUnitCaseIdentity.all(in: written.passJUnit)
    #expect(!written.pack.items.isEmpty && !written.pack.unexported.isEmpty)
    #expect(harness.count == written.pack.items.count + written.pack.unexported.count)
    let prefix = "app.\(Written.subject)."
    #expect(harness.sorted() == report.filter { $0.classname.hasPrefix(prefix) }.sorted())
    // The same items, and the reference core's cases keep theirs in both reports: an app's result is
    // never taken for the core's.
    #expect(Set(harness.map(\.name)) == Set(core.map(\.name)))
    #expect(Set(harness).isDisjoint(with: core))
    #expect(Set(core).isSubset(of: Set(report)))
    // Negative control: composition and haptic items get different channels, in both files.
    let channels = Set(harness.map { $0.classname.split(separator: ".").prefix(3).joined(separator: ".") })
    #expect(channels == ["\(prefix)composition", "\(prefix)haptics"])
    let haptic = try #require(written.pack.items.first { $0.check.hasPrefix("haptic.") })
    let composition = try #require(written.pack.items.first { $0.check == "c1" })
    #expect(harness.contains(.init(classname: "\(prefix)haptics.\(haptic.check)", name: haptic.id)))
    #expect(harness.contains(.init(classname: "\(prefix)composition.c1", name: composition.id)))
    #expect(core.contains(.init(classname: "automated.composition.c1", name: composition.id)))
    #expect(!harness.contains { $0.name.contains("ko_KR") || $0.classname.contains("ko-2set") })
    #expect(!harness.contains { $0.classname.contains("4.12.0") }, "the version is not in the identity")
  }

  @Test(.needsEngines, .needsPythonOracles)
  func `the harness JUnit is valid junit-10.xsd and JUnit readers count its cases`() throws {
    let python = PythonOracles.python.path
    try #require(TestOracles.installed([python]), PythonOracles.skipReason)
    let written = try Written()
    defer { written.remove() }
    let script = """
      import sys, xmlschema, junitparser, xunitparser
      errors = list(xmlschema.XMLSchema(sys.argv[1]).iter_errors(sys.argv[2]))
      print("xsd", len(errors), errors[0].reason if errors else "")
      suite, result = xunitparser.parse(open(sys.argv[2]))
      print("xunitparser", result.testsRun, len(result.failures), len(result.errors))
      cases = [c for s in junitparser.JUnitXml.fromfile(sys.argv[2]) for c in s]
      print("junitparser", len(cases), sorted({c.classname.split(".")[2] for c in cases}))
      """
    let (status, output) = try Program.run(
      URL(fileURLWithPath: python),
      [
        "-c", script, repositoryRoot.appendingPathComponent("schemas/junit-10.xsd").path,
        written.folder.appendingPathComponent("harness.xml").path,
      ])
    let total = written.pack.items.count + written.pack.unexported.count
    #expect(status == 0, "\(output)")
    #expect(output.contains("xsd 0 \n"), "\(output)")
    #expect(output.contains("xunitparser \(total) 0 \(written.pack.unexported.count)\n"), "\(output)")
    #expect(output.contains("junitparser \(total) ['composition', 'haptics']\n"), "\(output)")
  }

  @Test(.needsEngines)
  func `ingest-junit refuses the harness JUnit and never takes its cases for manual items`()
    throws
  {
    let written = try Written()
    defer { written.remove() }
    let matrix = written.folder.appendingPathComponent("identity.yaml").path
    let records = written.folder.appendingPathComponent("records.yaml")
    let common = [
      "--device", "iphone-16e", "--os", "26.x", "--matrix", matrix, "--checklists",
      written.folder.appendingPathComponent("checklists").path, "--file", records.path, "--time",
      "2026-11-29T10:00:00Z",
    ]
    let refused = qapass(
      ["ingest-junit", written.folder.appendingPathComponent("harness.xml").path] + common,
      in: written.folder.path)
    #expect(refused.code == .dataError)
    #expect(refused.err.contains("error: this is a JUnit report qapass wrote"), "\(refused.err)")
    #expect(!FileManager.default.fileExists(atPath: records.path))
    // Without qapass's marks (as a converter might rewrite it), every case names an automated item:
    // none is taken for a manual one, and each is listed.
    let unmarked = written.harnessJUnit.replacingOccurrences(
      of: "<testsuites name=\"qapass\"", with: "<testsuites name=\"app\""
    ).replacingOccurrences(of: "qapass.generator", with: "app.generator")
    #expect(unmarked != written.harnessJUnit)
    let path = written.folder.appendingPathComponent("unmarked.xml")
    try unmarked.write(to: path, atomically: true, encoding: .utf8)
    let ingested = qapass(["ingest-junit", path.path] + common, in: written.folder.path)
    #expect(ingested.code == .success, "\(ingested.err)")
    let total = written.pack.items.count + written.pack.unexported.count
    #expect(ingested.out.contains("\(total) matching no plan item"), "\(ingested.out)")
    #expect(ingested.out.contains("app.TeamApp.composition.c1"), "\(ingested.out)")
    #expect(!((try? String(contentsOf: records, encoding: .utf8)) ?? "").contains("- id:"))
  }
}
