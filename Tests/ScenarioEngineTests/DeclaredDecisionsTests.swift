import AcceptanceCore
import CoreAdapters
import Foundation
import QAPassHarness
import TestSupport
import Testing

@testable import ScenarioEngine

/// A team's declared decisions bind qapass's own core as they bind the app (issue 34, "A team's declared
/// decisions fail qapass's own reference core"): a regex field whose samples call the texts of 별빛 being
/// typed incomplete, and a han-name field whose samples refuse U+30FB and U+2027 between the parts.
struct DeclaredDecisionsTests {
  static let path = "Tests/ScenarioEngineTests/Fixtures/declared-decisions.yaml"

  static let plan: Result<Plan, any Error> = Result { try Plan.make(file: Fixtures.loadMatrix(path)) }
  static let pack: Result<ScenarioPack, any Error> = plan.map { PackExport.make($0, generator: "test") }

  @Test(.needsEngines) func `every item is exported`() throws {
    let pack = try Self.pack.get()
    #expect(pack.unexported.map(\.id) == [])
    #expect(pack.items.contains { $0.id == "auto.p2.name" })
    #expect(pack.items.contains { $0.id.hasPrefix("auto.c1.ko-2set.nickname.") })
  }

  @Test(.needsEngines) func `qapass's own core passes every item, bound by the samples`() throws {
    let run = PackRunner.run(try Self.pack.get(), subject: ReferenceCoreSubject(version: "test"))
    #expect(run.results.filter { $0.status != .pass }.map(\.problem) == [])
  }

  @Test(.needsEngines) func `without the samples the core fails what the team decided`() throws {
    // The pack as qapass wrote it before the samples bound the core: the same items, no samples.
    var pack = try Self.pack.get()
    for index in pack.items.indices {
      guard case .composition(var script) = pack.items[index].replay else { continue }
      script.field.samples = []
      pack.items[index].replay = .composition(script)
    }
    let run = PackRunner.run(pack, subject: ReferenceCoreSubject(version: "test"))
    let failed = Set(run.results.filter { $0.status == .fail }.map(\.id))
    #expect(failed.contains("auto.c1.ko-2set.nickname.every-update"))
    // The han-name samples agree with the default now (U+00B7 alone): without them p2 still passes.
    #expect(!failed.contains("auto.p2.name"))
    #expect(failed.contains("auto.p2.nickname"))
  }

  @Test(.needsEngines) func `the pack expects the samples: ㅂ shows nothing, U+30FB is refused`() throws {
    let pack = try Self.pack.get()
    let c1 = try #require(pack.items.first { $0.id.hasPrefix("auto.c1.ko-2set.nickname.") })
    guard case .composition(let script) = c1.replay else { Issue.record("not a composition"); return }
    // Key 1 shows ㅂ: still composing in place, as the sample says.
    #expect(script.steps[0].expect.messageShown == false)
    #expect(script.steps[0].expect.submitEnabled == false)
    let p2 = try #require(pack.items.first { $0.id == "auto.p2.name" })
    guard case .composition(let table) = p2.replay else { Issue.record("not a composition"); return }
    #expect(
      table.steps.contains {
        $0.label == "submit \"阿沛・阿旺晋美\" via button" && $0.expect.submission == .refusedInvalid
      })
  }

  /// A team matrix that switches the separator choices on: its p2 submits every dot of docs/DOMAIN.md
  /// 5.2, valid exactly when declared, and both the core and the naive rules follow the policy.
  static let switchedOn = """
    version: 1
    name: Separators declared
    input_methods:
      - {id: ko-2set, keyboard: ko_KR@sw=Korean;hw=Automatic, engine: hangul:2, recipe: rlawlsdn, expect: 김진우}
    devices:
      - {id: sim, name: iPhone 16e Simulator, kind: simulator, haptics: false, os: {min: "18.3"}}
    fields:
      - {id: name, label: Name, rules: [required, han-name], input_methods: []}
      - {id: kana, label: Kana, rules: [required, japanese-name], input_methods: []}
    policies:
      han_name_separators: ["U+30FB", "U+2027"]
      japanese_name_separators: ["U+30FB"]
    matrix: {os: ["26.x"], input_method: [ko-2set], device: [sim]}
    """

  @Test func `a declared separator policy puts its texts in p2, and the core follows it`() throws {
    let plan = try Plan.make(file: Fixtures.loadMatrix(text: Self.switchedOn))
    let pack = PackExport.make(plan, generator: "test", engines: nil)
    func submissions(_ id: String) throws -> [String: ExpectedSubmission] {
      let item = try #require(pack.items.first { $0.id == id })
      guard case .composition(let script) = item.replay else { return [:] }
      #expect(script.policies.hanNameSeparators == ["U+30FB", "U+2027"])
      var found: [String: ExpectedSubmission] = [:]
      for step in script.steps where step.label.hasPrefix("submit \"") {
        found[String(step.label.dropFirst(8).prefix { $0 != "\"" })] = step.expect.submission
      }
      return found
    }
    let name = try submissions("auto.p2.name")
    #expect(name["阿沛・阿旺晋美"] == .accepted("阿沛・阿旺晋美"))
    #expect(name["阿沛‧阿旺晋美"] == .accepted("阿沛‧阿旺晋美"))
    #expect(name["阿沛•阿旺晋美"] == .refusedInvalid)
    let kana = try submissions("auto.p2.kana")
    #expect(kana["ジョン・スミス"] == .accepted("ジョン・スミス"))
    #expect(kana["ジョン·スミス"] == .refusedInvalid)
    let run = PackRunner.run(pack, subject: ReferenceCoreSubject(version: "test"))
    #expect(run.results.filter { $0.status != .pass }.map(\.problem) == [])
    // Undeclared, none of those texts is submitted: they are the team's choice, not a fact.
    let plain = try Plan.make(
      file: Fixtures.loadMatrix(
        text: Self.switchedOn.replacingOccurrences(of: "policies:", with: "x_policies:").components(
          separatedBy: "\n"
        ).filter { !$0.contains("separators") && !$0.contains("x_policies") }.joined(separator: "\n")))
    let plainPack = PackExport.make(plain, generator: "test", engines: nil)
    let p2 = try #require(plainPack.items.first { $0.id == "auto.p2.name" })
    guard case .composition(let script) = p2.replay else { return }
    #expect(!script.steps.contains { $0.label.contains("阿沛・") || $0.label.contains("阿沛‧") })
    #expect(script.policies.hanNameSeparators == nil)
  }
}
