import Effects
import Testing

@testable import QAPassCLI

/// A pass that is re-planned while it runs (issue 22, points 2 and 3): checklist numbers keep meaning
/// the item they meant, and sessions stay with their testers.
struct ReplanTests {
  /// One haptic phone on one OS, two keyboards checked by hand (no engine: no engine is needed).
  static func matrix(
    methods: String = "[zh-pinyin, ko-2set]", devices: String = "[phone-a]", testers: String = ""
  )
    -> String
  {
    """
    version: 1
    name: Re-planned pass
    build: "2.0 (20)"
    input_methods:
      - {id: zh-pinyin, label: Pinyin, keyboard: zh_Hans-Pinyin@sw=Pinyin-Simplified;hw=Automatic, recipe: zhang1wei3, expect: 张伟}
      - {id: ko-2set, label: Korean, keyboard: ko_KR@sw=Korean;hw=Automatic, recipe: rlawlsdn, expect: 김진우}
    devices:
      - {id: phone-a, name: Phone A, kind: device, haptics: true, os: {min: "26.0"}}
      - {id: phone-b, name: Phone B, kind: device, haptics: true, os: {min: "26.0"}}
    fields:
      - {id: name, label: Name, rules: [required]}
    haptics:
      confirmation:
        - {type: transient, time: 0, intensity: 1.0, sharpness: 0.5}
    \(testers)
    matrix:
      os: ["26.x"]
      input_method: \(methods)
      device: \(devices)

    """
  }

  static func run(_ files: InMemoryFileSystem, _ arguments: String...) -> ToolRun {
    qapass(
      arguments, in: "/w", environment: ["QAPASS_TESTER": "mei"], files: files,
      clock: FixedWallClock(secondsSince1970: 1_796_119_200))
  }

  static func files(_ matrix: String) -> InMemoryFileSystem {
    InMemoryFileSystem(["/w": .folder, "/w/m.yaml": .file(Array(matrix.utf8))])
  }

  static let korean = "manual.ime.m1.phone-a.26.x.ko-2set.name"
  static let haptic = "manual.haptic.h1.phone-a.26.x"

  // Issue 22: after a re-plan that dropped a keyboard, `record 10 --session S` (a Korean M1 on the
  // tester's checklist) recorded a haptic H1 item instead, silently.
  @Test func `a number from the checklist before a re-plan records its item or is refused, never another`()
    throws
  {
    let files = Self.files(Self.matrix())
    #expect(Self.run(files, "checklist", "m.yaml").code == .success)
    let before = try #require(files.text("/w/checklists/phone-a.26.x.md"))
    #expect(before.contains("### 4. M1 · "), "Korean's M1 is item 4")
    #expect(before.contains("Item `\(Self.korean)`"))
    #expect(before.contains("### 7. H1 · "))
    try files.writeAtomically(Array(Self.matrix(methods: "[zh-pinyin]").utf8), to: "/w/m.yaml")

    // Re-planned, checklists not written again: the tester's paper still says 4 and 7.
    let refused = Self.run(
      files, "record", "4", "--session", "phone-a.26.x", "--matrix", "m.yaml", "--result", "pass")
    #expect(refused.code == .usage)
    #expect(refused.err.contains("item 4 of the checklist of session 'phone-a.26.x' is '\(Self.korean)'"))
    #expect(refused.err.contains("which the plan no longer has"))
    #expect(files["/w/observations/records.yaml"] == nil, "nothing recorded")
    let haptic = Self.run(
      files, "record", "7", "--session", "phone-a.26.x", "--matrix", "m.yaml", "--result", "pass")
    #expect(haptic.code == .success, "\(haptic.err)")
    #expect(haptic.out.hasPrefix("recorded pass for \(Self.haptic) by mei"))

    // Written again: H1 keeps 7, 4 to 6 are never given to another item.
    #expect(Self.run(files, "checklist", "m.yaml").code == .success)
    let after = try #require(files.text("/w/checklists/phone-a.26.x.md"))
    #expect(after.contains("### 7. H1 · "))
    #expect(!after.contains("### 4. "))
    #expect(
      files.text("/w/checklists/phone-a.26.x.html")?.contains("id=\"item-7\" data-item=\"\(Self.haptic)\"")
        == true)
    let still = Self.run(
      files, "record", "4", "--session", "phone-a.26.x", "--matrix", "m.yaml", "--result", "pass")
    #expect(still.code == .usage && still.err.contains("'\(Self.korean)', which the plan no longer has"))
    let beyond = Self.run(
      files, "record", "12", "--session", "phone-a.26.x", "--matrix", "m.yaml", "--result", "pass")
    #expect(beyond.code == .usage)
    #expect(
      beyond.err.contains("the checklist of session 'phone-a.26.x' has no item 12 (it numbers items 1 to 11)")
    )

    // The keyboard comes back with its old numbers.
    try files.writeAtomically(Array(Self.matrix().utf8), to: "/w/m.yaml")
    let back = Self.run(
      files, "record", "4", "--session", "phone-a.26.x", "--matrix", "m.yaml", "--result", "fail")
    #expect(back.out.hasPrefix("recorded fail for \(Self.korean) by mei"), "\(back.err)")
    let records = try #require(files.text("/w/observations/records.yaml"))
    #expect(records.components(separatedBy: "- id: ").count - 1 == 2)
  }

  @Test func `without a ledger a checklist written for another plan refuses its numbers`() throws {
    let files = Self.files(Self.matrix())
    #expect(Self.run(files, "checklist", "m.yaml").code == .success)
    // Checklists written before qapass kept a ledger: only the Markdown says which plan they are for.
    files["/w/checklists/ledger.yaml"] = nil
    let same = Self.run(
      files, "record", "4", "--session", "phone-a.26.x", "--matrix", "m.yaml", "--result", "pass")
    #expect(same.out.hasPrefix("recorded pass for \(Self.korean)"), "same plan, same numbers: \(same.err)")
    try files.writeAtomically(Array(Self.matrix(methods: "[zh-pinyin]").utf8), to: "/w/m.yaml")
    let refused = Self.run(
      files, "record", "4", "--session", "phone-a.26.x", "--matrix", "m.yaml", "--result", "pass")
    #expect(refused.code == .usage)
    #expect(refused.err.contains("checklists/phone-a.26.x.md was written for another plan"))
    #expect(files.text("/w/observations/records.yaml")?.contains(Self.haptic) == false)
  }

  // Issue 22, point 5 meets point 2: an input method or device renamed with `renamed_from:` keeps its
  // items' numbers, so the paper checklist still names them.
  @Test func `a renamed keyboard or device keeps its items' numbers`() throws {
    let files = Self.files(Self.matrix())
    #expect(Self.run(files, "checklist", "m.yaml").code == .success)
    let renamed = Self.matrix()
      .replacingOccurrences(
        of: "{id: ko-2set, label: Korean,", with: "{id: ko-dubeolsik, renamed_from: ko-2set, label: Korean,"
      )
      .replacingOccurrences(of: "[zh-pinyin, ko-2set]", with: "[zh-pinyin, ko-dubeolsik]")
      .replacingOccurrences(of: "{id: phone-a, name:", with: "{id: phone-a2, renamed_from: phone-a, name:")
      .replacingOccurrences(of: "device: [phone-a]", with: "device: [phone-a2]")
    try files.writeAtomically(Array(renamed.utf8), to: "/w/m.yaml")
    #expect(Self.run(files, "checklist", "m.yaml").code == .success)
    let markdown = try #require(files.text("/w/checklists/phone-a2.26.x.md"))
    #expect(markdown.contains("### 4. M1 · "))
    #expect(markdown.contains("Item `manual.ime.m1.phone-a2.26.x.ko-dubeolsik.name`"))
    #expect(markdown.contains("### 7. H1 · "))
    let record = Self.run(files, "record", "4", "--session", "phone-a2.26.x", "--result", "pass")
    #expect(
      record.out.hasPrefix("recorded pass for manual.ime.m1.phone-a2.26.x.ko-dubeolsik.name"), "\(record.err)"
    )
  }

  static let testers = """
    testers:
      - {name: mei, devices: [phone-a, phone-b]}
      - {name: jun, devices: [phone-a]}
    """

  // Issue 22: after adding a device, `plan --assign` moved sessions between testers, including one a
  // tester had already recorded in.
  @Test func `after adding a device the sessions stay with their testers and the plan lists each change`()
    throws
  {
    let files = Self.files(Self.matrix(testers: Self.testers))
    #expect(Self.run(files, "checklist", "m.yaml").code == .success)
    #expect(files.text("/w/checklists/phone-a.26.x.md")?.contains("| Assigned to | mei |") == true)
    let recorded = Self.run(files, "record", Self.haptic, "--matrix", "m.yaml", "--result", "pass")
    #expect(recorded.code == .success, "\(recorded.err)")

    try files.writeAtomically(
      Array(Self.matrix(devices: "[phone-a, phone-b]", testers: Self.testers).utf8), to: "/w/m.yaml")
    let plan = Self.run(files, "plan", "m.yaml", "--assign")
    #expect(plan.code == .success, "\(plan.err)")
    #expect(plan.out.contains("phone-a.26.x  11     mei"), "\(plan.out)")
    #expect(plan.out.contains("phone-b.26.x  11     mei"))
    #expect(
      plan.out.hasSuffix(
        "changes since the checklists were written (1):\n- mei gained phone-b.26.x: a new session\n"))

    // Negative control: without the ledger the same plan deals phone-a to jun (the least loaded).
    let saved = try #require(files["/w/checklists/ledger.yaml"])
    files["/w/checklists/ledger.yaml"] = nil
    let fresh = Self.run(files, "plan", "m.yaml", "--assign")
    #expect(fresh.out.contains("phone-a.26.x  11     jun"), "\(fresh.out)")
    #expect(!fresh.out.contains("changes since"))
    files["/w/checklists/ledger.yaml"] = saved

    // Written again, then mei gives phone-a back: the session moves, and the plan says why.
    let checklist = Self.run(files, "checklist", "m.yaml")
    #expect(checklist.out.contains("assignment: mei gained phone-b.26.x: a new session\n"))
    try files.writeAtomically(
      Array(
        Self.matrix(
          devices: "[phone-a, phone-b]",
          testers: Self.testers.replacingOccurrences(of: "[phone-a, phone-b]", with: "[phone-b]")
        ).utf8), to: "/w/m.yaml")
    let moved = Self.run(files, "plan", "m.yaml", "--assign")
    #expect(moved.out.contains("phone-a.26.x  11     jun"))
    #expect(moved.out.contains("- mei lost phone-a.26.x: mei no longer holds phone-a; jun gained it\n"))
    let table = Self.run(files, "plan", "m.yaml")
    #expect(
      table.out.contains("assignment: mei lost phone-a.26.x: mei no longer holds phone-a; jun gained it"))
  }
}
