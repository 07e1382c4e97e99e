import QAModel
import Testing

@testable import ScenarioEngine

struct IDWithoutSessionTests {
  static func item(_ id: ItemID, kind: Scenario.Kind = .manual, os: String) -> PlanItem {
    PlanItem(
      id: id, kind: kind, channel: .composition, scenario: .m2, scenarioVersion: 1,
      configuration: PlanItem.Configuration(device: "ipad", os: os), title: "", preconditions: [], steps: [],
      expected: [], record: [])
  }

  @Test func `the id without its session follows the sanitised OS, not the session's text`() {
    #expect(
      Self.item("manual.ime.m2.ipad.26-beta.zh-pinyin.name", os: "26 beta").idWithoutSession
        == "manual.ime.m2.zh-pinyin.name")
    #expect(
      Self.item("manual.ime.m2.ipad.26.x.zh-pinyin.name.2", os: "26.x").idWithoutSession
        == "manual.ime.m2.zh-pinyin.name.2")
  }

  @Test func `automated items and ids of another layout have none`() {
    #expect(
      Self.item("auto.c1.zh-pinyin.name.every-update", kind: .automated, os: "26.x").idWithoutSession == nil)
    #expect(Self.item("manual.ime.m2.other.26.x.zh-pinyin.name", os: "26.x").idWithoutSession == nil)
  }
}
