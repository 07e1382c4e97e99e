import Diagnostics
import QAModel
import Testing

@testable import Observations

/// Ingest follows declared renames, suggests the rename it cannot follow, and tells a keyboard
/// identifier changed (issue 22, point 5).
struct RenameIngestTests {
  /// M1 on the Korean keyboard, once `ko-2set`, now `ko-dubeolsik`, on a device once `phone-a`.
  static let korean = ObservableItem(
    id: "manual.ime.m1.iphone-15.26.x.ko-dubeolsik.name", textVersion: 2, device: "iphone-15", os: "26.x",
    inputMethod: "ko-dubeolsik", field: "name", title: "Korean M1",
    keyboard: "ko_KR@sw=Korean;hw=Automatic",
    formerIDs: ["manual.ime.m1.phone-a.26.x.ko-2set.name", "manual.ime.m1.iphone-15.26.x.ko-2set.name"],
    formerDevices: ["phone-a"])

  static func entry(_ id: String, device: String, result: String = "fail", keyboard: String? = nil) -> String
  {
    """
      - id: \(id)
        result: \(result)
        tester: minji
        time: "2026-11-29T09:00:00Z"
        device: \(device)
        os: "26.x"
    \(keyboard.map { "    keyboard: \($0)\n" } ?? "")    text_version: 2

    """
  }

  static func ingest(_ entries: String..., items: [ObservableItem] = [korean]) -> IngestResult {
    let file = ObservationFile(path: "r.yaml", text: "version: 1\nobservations:\n" + entries.joined())
    return Ingest.run(
      files: [file], catalog: ObservableCatalog(items: items, build: nil, planFingerprint: "p"))
  }

  @Test func `an observation under a former id and device counts for the item, its written id kept`() throws {
    let result = Self.ingest(Self.entry("manual.ime.m1.phone-a.26.x.ko-2set.name", device: "phone-a"))
    #expect(result.diagnostics == [])
    let outcome = try #require(result.items.first)
    #expect(outcome.status == .fail)
    #expect(outcome.deciding?.observation.itemID == Self.korean.id)
    #expect(outcome.deciding?.observation.device == "iphone-15")
    #expect(outcome.deciding?.writtenID == "manual.ime.m1.phone-a.26.x.ko-2set.name")
    // Without the rename declared, the same entry is an error and an unplanned failure, with the
    // rename to declare.
    var undeclared = Self.korean
    undeclared.formerIDs = []
    undeclared.formerDevices = []
    let refused = Self.ingest(
      Self.entry("manual.ime.m1.iphone-15.26.x.ko-2set.name", device: "iphone-15"), items: [undeclared])
    #expect(refused.items.first?.status == .untested)
    #expect(
      refused.diagnostics.map(\.message) == [
        "unknown item id 'manual.ime.m1.iphone-15.26.x.ko-2set.name'; did you mean "
          + "'manual.ime.m1.iphone-15.26.x.ko-dubeolsik.name'? (input method 'ko-2set' is not in the plan; if "
          + "it was renamed 'ko-dubeolsik', add 'renamed_from: [ko-2set]' to input method 'ko-dubeolsik' in the matrix)"
      ])
    #expect(refused.unplanned.map(\.result) == [.fail])
    #expect(refused.unplanned.map(\.location) == [TextPosition(line: 3, column: 9)])
  }

  @Test func `a changed keyboard identifier makes the observation stale; the same one or none does not`()
    throws
  {
    let other = Self.ingest(
      Self.entry(
        Self.korean.id.rawValue, device: "iphone-15", result: "pass", keyboard: "ko_KR@sw=Korean10Key"))
    #expect(other.items.first?.status == .stale)
    #expect(
      other.items.first?.deciding?.staleReasons == [
        .keyboard(recorded: "ko_KR@sw=Korean10Key", current: "ko_KR@sw=Korean;hw=Automatic")
      ])
    #expect(
      other.items.first?.deciding?.staleReasons.map(\.description) == [
        "keyboard 'ko_KR@sw=Korean10Key' was tested; the item's keyboard is now 'ko_KR@sw=Korean;hw=Automatic'"
      ])
    let same = Self.ingest(
      Self.entry(
        Self.korean.id.rawValue, device: "iphone-15", result: "pass", keyboard: "ko_KR@sw=Korean;hw=Automatic"
      ))
    #expect(same.items.first?.status == .pass)
    let none = Self.ingest(Self.entry(Self.korean.id.rawValue, device: "iphone-15", result: "pass"))
    #expect(none.items.first?.status == .pass)
  }

  @Test func `a record names the keyboard tested, and a fresh sheet entry leaves it as written`() throws {
    let observation = Observation(
      item: Self.korean, result: .pass, tester: "minji", time: Timestamp(secondsSince1970: 0))
    #expect(observation.keyboard == "ko_KR@sw=Korean;hw=Automatic")
    let sheet = try SheetWriter.write(
      session: Self.korean.session, items: [Self.korean], existing: nil)
    #expect(
      sheet.contains("    os: \"26.x\"\n    keyboard: ko_KR@sw=Korean;hw=Automatic\n    text_version: 2\n"))
  }

  @Test func `a sheet keeps an entry under a former id with its item, never retired`() throws {
    let old = ObservationFile(
      path: "s.yaml",
      text: "version: 1\nsession: iphone-15.26.x\nobservations:\n"
        + Self.entry("manual.ime.m1.iphone-15.26.x.ko-2set.name", device: "iphone-15"))
    let text = try SheetWriter.write(session: Self.korean.session, items: [Self.korean], existing: old)
    #expect(text.contains("- id: manual.ime.m1.iphone-15.26.x.ko-2set.name\n    result: fail\n"))
    #expect(!text.contains("\n    retired:"))
    let result = Ingest.run(
      files: [ObservationFile(path: "s.yaml", text: text)],
      catalog: ObservableCatalog(items: [Self.korean], build: nil, planFingerprint: "p"))
    #expect(result.diagnostics == [])
    #expect(result.items.first?.status == .fail)
  }
}
