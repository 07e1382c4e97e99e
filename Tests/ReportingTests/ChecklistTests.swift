import QAModel
import Testing

@testable import Reporting
@testable import ScenarioEngine

struct ChecklistTests {
  @Test func `one checklist per device session with stable unique file names`() throws {
    let plan = try Fixture.defaultPlan.get()
    let checklists = Checklists.render(plan: plan, file: try Fixture.defaultFile.get())
    #expect(checklists.count == plan.summary.deviceSessions)
    #expect(Set(checklists.map(\.fileName)).count == checklists.count)
    #expect(checklists.first?.fileName == "iphone-17-pro.27.x.md")
    #expect(checklists.contains { $0.fileName == "iphone-16e.26.x.md" })
    for checklist in checklists {
      #expect(
        checklist.fileName.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || "-_.".contains($0)) })
    }
  }

  @Test func `every manual item appears in exactly one checklist, none automated`() throws {
    let plan = try Fixture.defaultPlan.get()
    let checklists = Checklists.render(plan: plan, file: try Fixture.defaultFile.get())
    var listed: [String] = []
    for checklist in checklists {
      for line in checklist.markdown.split(separator: "\n") where line.hasPrefix("Item `") {
        listed.append(String(line.dropFirst(6).dropLast()))
      }
    }
    #expect(listed == plan.items.filter { $0.kind == .manual }.map(\.id.rawValue))
  }

  @Test(.needsEngines)
  func `preconditions come first: build and hardware keyboard; each keyboard's section says to switch to it`()
    throws
  {
    let checklists = Checklists.render(
      plan: try Fixture.defaultPlan.get(), file: try Fixture.defaultFile.get())
    let simulator = try #require(checklists.first { $0.fileName == "sim-iphone-16e.18.x.md" }).markdown
    let before = try #require(simulator.range(of: "## Before you start"))
    let firstSection = try #require(simulator.range(of: "\n## Chinese"))
    let section = simulator[before.upperBound..<firstSection.lowerBound]
    #expect(section.contains("- [ ] Build under test: 4.12.0 (812)."))
    #expect(section.contains("Connect Hardware Keyboard is off"))
    // Only one keyboard is active at a time: each section opens with its own switch (issue 13).
    #expect(!section.contains("Switch to"))
    let korean = try #require(simulator.range(of: "## Korean – 2-Set (`ko-2set`)"))
    let koreanStart = simulator[korean.upperBound...]
    let koreanHead = koreanStart[..<(koreanStart.range(of: "### M1")?.lowerBound ?? koreanStart.endIndex)]
    #expect(koreanHead.contains("- [ ] Switch to Korean – 2-Set now"))
    #expect(koreanHead.contains("identifier ko\\_KR@sw=Korean;hw=Automatic"))
    #expect(simulator.components(separatedBy: "Switch to ").count - 1 == 4)
    #expect(simulator.contains("> **Note:** sim-iphone-16e on 18.x: no haptic feel items"))
    #expect(!simulator.contains("## Haptics"))

    let phone = try #require(checklists.first { $0.fileName == "iphone-16e.26.x.md" }).markdown
    #expect(!phone.contains("Connect Hardware Keyboard"))
    #expect(!phone.contains("**Note:**"))
    let groups = phone.split(separator: "\n").filter { $0.hasPrefix("## ") }
    #expect(
      groups == [
        "## Before you start", "## Chinese Simplified – Pinyin QWERTY (`zh-pinyin`)",
        "## Japanese – Romaji (`ja-romaji`)",
        "## Japanese – Kana (`ja-kana`)", "## Korean – 2-Set (`ko-2set`)", "## Haptics",
      ])
  }

  @Test func `a sheet is named after its checklist, not the unsafe session id`() {
    let checklist = Checklist(
      session: SessionID(device: "ipad/air", os: "26 beta"), fileName: "ipad-air.26-beta-2.md",
      deviceName: "iPad Air")
    #expect(checklist.sheetFileName == "ipad-air.26-beta-2.observations.yaml")
    #expect(checklist.htmlFileName == "ipad-air.26-beta-2.html")
  }
}
