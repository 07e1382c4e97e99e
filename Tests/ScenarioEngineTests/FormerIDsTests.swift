import MatrixFormat
import QAModel
import ScenarioEngine
import TestSupport
import Testing

/// An item's former ids under declared renames, built as the plan builds ids (issue 22, point 5).
struct FormerIDsTests {
  static func plan(_ text: String) throws -> Plan {
    guard
      case .qapass(let file) = try MatrixDocument.load(path: "team.yaml", bytes: Array(text.utf8)).document
    else { throw DiagnosticsMissing() }
    return try Plan.make(file: file, engines: nil)
  }

  struct DiagnosticsMissing: Error {}

  @Test func `keyboard items get every old combination; haptic items only the device's`() throws {
    let text = TeamMatrix.text.replacingOccurrences(of: "ko-2set", with: "ko-dubeolsik")
      .replacingOccurrences(
        of: "  - id: ko-dubeolsik\n", with: "  - id: ko-dubeolsik\n    renamed_from: [ko-2set]\n"
      )
      .replacingOccurrences(of: "{id: phone-a, ", with: "{id: phone-b, renamed_from: phone-a, ")
      .replacingOccurrences(of: "[phone-a]", with: "[phone-b]")
    let plan = try Self.plan(text)
    let m1 = try #require(plan.items.first { $0.id == "manual.ime.m1.phone-b.26.x.ko-dubeolsik.given-name" })
    #expect(
      m1.formerIDs(plan.renames) == [
        "manual.ime.m1.phone-b.26.x.ko-2set.given-name", "manual.ime.m1.phone-a.26.x.ko-dubeolsik.given-name",
        "manual.ime.m1.phone-a.26.x.ko-2set.given-name",
      ])
    let h1 = try #require(plan.items.first { $0.id == "manual.haptic.h1.phone-b.26.x" })
    #expect(h1.formerIDs(plan.renames) == ["manual.haptic.h1.phone-a.26.x"])
    // No renames, no former ids.
    let plain = try Self.plan(TeamMatrix.text)
    #expect(plain.items.allSatisfy { $0.formerIDs(plain.renames).isEmpty })
    // issue 34 point 6: an automated item had the ids of its input method's former ids (the report compares
    // with them); a device rename changes no automated id, and a haptic check's id has nothing renamed.
    let automated = plan.items.filter { $0.kind == .automated }
    for item in automated {
      let renamed = item.configuration.inputMethod == "ko-dubeolsik"
      let expected: [ItemID] =
        renamed
        ? [ItemID(rawValue: item.id.rawValue.replacingOccurrences(of: ".ko-dubeolsik.", with: ".ko-2set."))]
        : []
      #expect(item.formerIDs(plan.renames) == expected, "\(item.id)")
    }
    #expect(automated.contains { $0.configuration.inputMethod == "ko-dubeolsik" })
    #expect(automated.contains { $0.configuration.inputMethod == nil })
  }
}
