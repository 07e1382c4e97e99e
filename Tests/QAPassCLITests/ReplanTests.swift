import Effects
import Observations
import TestSupport
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

  static func run(_ files: InMemoryFileSystem, _ arguments: String...) -> ToolRun { run(files, arguments) }

  /// The same run, its arguments as an array.
  static func run(_ files: InMemoryFileSystem, _ arguments: [String]) -> ToolRun {
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
      files, exactOS("record", "4", "--session", "phone-a.26.x", "--matrix", "m.yaml", "--result", "pass"))
    #expect(refused.code == .usage)
    #expect(refused.err.contains("item 4 of the checklist of session 'phone-a.26.x' is '\(Self.korean)'"))
    #expect(refused.err.contains("which the plan no longer has"))
    #expect(files["/w/observations/records.yaml"] == nil, "nothing recorded")
    let haptic = Self.run(
      files, exactOS("record", "7", "--session", "phone-a.26.x", "--matrix", "m.yaml", "--result", "pass"))
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
      files, exactOS("record", "4", "--session", "phone-a.26.x", "--matrix", "m.yaml", "--result", "pass"))
    #expect(still.code == .usage && still.err.contains("'\(Self.korean)', which the plan no longer has"))
    let beyond = Self.run(
      files, exactOS("record", "12", "--session", "phone-a.26.x", "--matrix", "m.yaml", "--result", "pass"))
    #expect(beyond.code == .usage)
    #expect(
      beyond.err.contains("the checklist of session 'phone-a.26.x' has no item 12 (it numbers items 1 to 11)")
    )

    // The keyboard comes back with its old numbers.
    try files.writeAtomically(Array(Self.matrix().utf8), to: "/w/m.yaml")
    let back = Self.run(
      files, exactOS("record", "4", "--session", "phone-a.26.x", "--matrix", "m.yaml", "--result", "fail"))
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
      files, exactOS("record", "4", "--session", "phone-a.26.x", "--matrix", "m.yaml", "--result", "pass"))
    #expect(same.out.hasPrefix("recorded pass for \(Self.korean)"), "same plan, same numbers: \(same.err)")
    try files.writeAtomically(Array(Self.matrix(methods: "[zh-pinyin]").utf8), to: "/w/m.yaml")
    let refused = Self.run(
      files, exactOS("record", "4", "--session", "phone-a.26.x", "--matrix", "m.yaml", "--result", "pass"))
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
    let record = Self.run(files, exactOS("record", "4", "--session", "phone-a2.26.x", "--result", "pass"))
    #expect(
      record.out.hasPrefix("recorded pass for manual.ime.m1.phone-a2.26.x.ko-dubeolsik.name"), "\(record.err)"
    )
  }

  // A tester holds the checklist printed before the matrix renamed the Korean keyboard and the phone
  // (renamed_from), and the checklists were not written again: item 4 is still that Korean M1, under
  // its new id; it was refused as "no longer planned", and so was its old id.
  @Test func `a number or an id from before a declared rename records the renamed item`() throws {
    let files = Self.files(Self.matrix())
    #expect(Self.run(files, "checklist", "m.yaml").code == .success)
    let renamed = Self.matrix(methods: "[zh-pinyin, ko-dubeolsik]", devices: "[phone-a2]")
      .replacingOccurrences(
        of: "{id: ko-2set, label: Korean,", with: "{id: ko-dubeolsik, renamed_from: ko-2set, label: Korean,"
      )
      .replacingOccurrences(of: "{id: phone-a, name:", with: "{id: phone-a2, renamed_from: phone-a, name:")
    try files.writeAtomically(Array(renamed.utf8), to: "/w/m.yaml")
    let now = "manual.ime.m1.phone-a2.26.x.ko-dubeolsik.name"
    // As the paper names the session, or as the plan names it now.
    for session in ["phone-a.26.x", "phone-a2.26.x"] {
      let run = Self.run(files, exactOS("record", "4", "--session", session, "--result", "pass"))
      #expect(run.code == .success, "\(session): \(run.err)")
      #expect(run.out.hasPrefix("recorded pass for \(now) by mei"), "\(session)")
    }
    let paper = Self.run(files, exactOS("record", "7", "--session", "phone-a.26.x", "--result", "pass"))
    #expect(
      paper.out.hasSuffix(
        "item 7 of the checklist of session 'phone-a.26.x', '\(Self.haptic)', was renamed in the matrix "
          + "(renamed_from): recorded as 'manual.haptic.h1.phone-a2.26.x'\n"), "\(paper.out)")
    let byID = Self.run(files, exactOS("record", Self.korean, "--result", "fail", "--note", "x"))
    #expect(byID.out.hasPrefix("recorded fail for \(now) by mei"), "\(byID.err)")
    let records = try #require(files.text("/w/observations/records.yaml"))
    #expect(records.components(separatedBy: "- id: \(now)\n").count - 1 == 3)
    #expect(!records.contains(Self.korean) && !records.contains(Self.haptic), "recorded under the ids now")
    // A session no checklist and no rename names is still unknown.
    let unknown = Self.run(files, exactOS("record", "4", "--session", "phone-b.26.x", "--result", "pass"))
    #expect(unknown.code == .usage)
    #expect(unknown.err.hasPrefix("Error: unknown session 'phone-b.26.x'"))
  }

  // The walk showed a renamed keyboard's items with their places in the plan, not their numbers.
  @Test func `the walk numbers a renamed keyboard's items as the checklist the tester holds does`() throws {
    let files = Self.files(Self.matrix())
    #expect(Self.run(files, "checklist", "m.yaml").code == .success)
    // The pinyin keyboard is dropped as the Korean one is renamed: Korean's M1 is first in the plan now.
    let renamed = Self.matrix(methods: "[ko-dubeolsik]").replacingOccurrences(
      of: "{id: ko-2set, label: Korean,", with: "{id: ko-dubeolsik, renamed_from: ko-2set, label: Korean,")
    try files.writeAtomically(Array(renamed.utf8), to: "/w/m.yaml")
    let walk = Self.walk(files, answers: ["q"], "record", "--session", "phone-a.26.x", "--os", "26.4")
    #expect(walk.out.contains("[1/8] #4 M1 · "), "\(walk.out)")
  }

  /// qapass on a terminal that answers `answers`, one line each.
  static func walk(_ files: InMemoryFileSystem, answers: [String], _ arguments: String...) -> ToolRun {
    qapass(
      arguments, in: "/w", environment: ["QAPASS_TESTER": "mei"], files: files,
      clock: FixedWallClock(secondsSince1970: 1_796_119_200), answers: answers)
  }

  // A QA lead dropped the pinyin keyboard while the pass ran: its passes in the records file made every
  // later `pass` exit 65, and the walk and `ingest-junit` refused to start, until someone edited the
  // records file by hand.
  @Test func `after a re-plan that drops a keyboard, its results stop counting and nothing stops on them`()
    throws
  {
    let files = Self.files(Self.matrix())
    #expect(Self.run(files, "checklist", "m.yaml").code == .success)
    for (number, result) in [("1", "pass"), ("2", "fail"), ("4", "pass")] {
      let run = Self.run(
        files, exactOS("record", number, "--session", "phone-a.26.x", "--result", result, "--note", "x"))
      #expect(run.code == .success, "\(run.err)")
    }
    try files.writeAtomically(Array(Self.matrix(methods: "[ko-2set]").utf8), to: "/w/m.yaml")
    let pinyinM1 = "manual.ime.m1.phone-a.26.x.zh-pinyin.name"
    let pinyinM2 = "manual.ime.m2.phone-a.26.x.zh-pinyin.name"
    let dropped =
      "observations/records.yaml:6:9: warning: a result recorded for '\(pinyinM1)' is not counted (it is no "
      + "failure); it was item 1 of the checklist of session 'phone-a.26.x' before a re-plan dropped it"

    // The walk resumes after Korean M1 and records its answer.
    let walk = Self.walk(
      files, answers: ["p", "", "", "q"], "record", "--session", "phone-a.26.x", "--os", "26.4")
    #expect(walk.code == .success, "\(walk.err)")
    #expect(walk.err.contains(dropped), "\(walk.err)")
    #expect(walk.out.contains("1 of 8 items of phone-a.26.x have a result already.\n"))
    #expect(walk.out.contains("[1/7] #5 M2 · "))
    #expect(walk.out.contains("1 answer is in observations/records.yaml"))

    // The app's own results are ingested, and only once.
    try files.writeAtomically(
      Array(
        """
        <testsuite name="NameTests" tests="1"><testcase classname="NameTests" name="testManualImeM3Ko2setName"/>
        </testsuite>

        """.utf8), to: "/w/junit.xml")
    for recorded in ["1 recorded", "0 recorded"] {
      let ingest = Self.run(files, "ingest-junit", "junit.xml", "--device", "phone-a", "--os", "26.2")
      #expect(ingest.code == .success, "\(ingest.err)")
      #expect(ingest.out.contains("1 test cases, \(recorded) in observations/records.yaml"), "\(ingest.out)")
    }

    // The pass: the exit code is the verdict, the pinyin failure keeps it from ACCEPTED and is listed.
    let pass = Self.run(files, "pass", "m.yaml")
    #expect(pass.code == .incomplete, "\(pass.err)")
    #expect(!pass.err.contains("error:"), "\(pass.err)")
    #expect(pass.err.contains(dropped))
    #expect(
      pass.err.contains("warning: '\(pinyinM2)' failed, and a re-plan dropped it (it was item 2 of the "))
    #expect(
      pass.out.contains(
        "verdict: INCOMPLETE\n  - 1 failure is recorded for an item the plan does not have: '\(pinyinM2)' "
          + "(observations/records.yaml:16). Not counted as a failure, it keeps the verdict from ACCEPTED"))
    let report = try #require(files.text("/w/reports/report.md"))
    #expect(report.contains("## Results for items the plan does not have"))
    #expect(
      report.contains("| `\(pinyinM2)` | fail | mei | `observations/records.yaml:16` | it was item 2 of "))
    #expect(!report.contains(pinyinM1), "a pass of a dropped item is not listed")
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
    let recorded = Self.run(files, exactOS("record", Self.haptic, "--matrix", "m.yaml", "--result", "pass"))
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

  // Issue 34: after Cangjie was dropped, the did-you-mean suggested 'renamed_from: [zh-tw-cangjie]' on
  // Zhuyin, planned beside it all along; following it would have moved Cangjie's results onto Zhuyin.
  @Test func `a dropped keyboard's results are never said to be those of a keyboard planned beside it`()
    throws
  {
    for rewritten in [false, true] {
      let files = Self.files(Self.matrix())
      #expect(Self.run(files, "checklist", "m.yaml").code == .success)
      #expect(
        Self.run(files, exactOS("record", Self.korean, "--matrix", "m.yaml", "--result", "fail")).code
          == .success)
      try files.writeAtomically(Array(Self.matrix(methods: "[zh-pinyin]").utf8), to: "/w/m.yaml")
      if rewritten { #expect(Self.run(files, "checklist", "m.yaml").code == .success) }
      let report = Self.run(files, "report", "m.yaml")
      #expect(report.err.contains("'\(Self.korean)' failed, and a re-plan dropped it"), "\(report.err)")
      #expect(!report.err.contains("renamed_from: ["), "\(report.err)")
      #expect(!report.err.contains("did you mean"), "\(report.err)")
    }
    // A keyboard dropped and one added since, not declared as a rename: still suggested.
    let files = Self.files(Self.matrix())
    #expect(Self.run(files, "checklist", "m.yaml").code == .success)
    #expect(
      Self.run(files, exactOS("record", Self.korean, "--matrix", "m.yaml", "--result", "fail")).code
        == .success)
    let renamed = Self.matrix(methods: "[zh-pinyin, ko-dubeolsik]")
      .replacingOccurrences(of: "{id: ko-2set,", with: "{id: ko-dubeolsik,")
    try files.writeAtomically(Array(renamed.utf8), to: "/w/m.yaml")
    let report = Self.run(files, "report", "m.yaml")
    #expect(
      report.err.contains(
        "if it was renamed 'ko-dubeolsik', add 'renamed_from: [ko-2set]' to input method 'ko-dubeolsik'"),
      "\(report.err)")
  }

  // Issue 34: when a dropped keyboard's field was given a keyboard the session had planned all along on
  // another field, the did-you-mean suggested it as the dropped one's new name: the items were new, the
  // keyboard was not.
  @Test func `a dropped keyboard's field given a keyboard planned beside it suggests no rename to it`() throws
  {
    let fields = "  - {id: name, label: Name, rules: [required]}\n"
    func matrix(hanMethods: String, methods: String) -> String {
      Self.matrix(methods: methods).replacingOccurrences(
        of: fields,
        with: "  - {id: name, label: Name, rules: [required], input_methods: [ko-2set]}\n"
          + "  - {id: han, label: Han name, rules: [required], input_methods: \(hanMethods)}\n")
    }
    let files = Self.files(matrix(hanMethods: "[zh-pinyin]", methods: "[zh-pinyin, ko-2set]"))
    #expect(Self.run(files, "checklist", "m.yaml").code == .success)
    let han = "manual.ime.m1.phone-a.26.x.zh-pinyin.han"
    #expect(
      Self.run(files, exactOS("record", han, "--matrix", "m.yaml", "--result", "fail")).code == .success)
    try files.writeAtomically(
      Array(matrix(hanMethods: "[ko-2set]", methods: "[ko-2set]").utf8), to: "/w/m.yaml")
    let report = Self.run(files, "report", "m.yaml")
    #expect(report.err.contains("'\(han)' failed, and a re-plan dropped it"), "\(report.err)")
    #expect(!report.err.contains("renamed_from: [zh-pinyin]"), "\(report.err)")
    #expect(!report.err.contains("did you mean 'manual.ime.m1.phone-a.26.x.ko-2set.han'"), "\(report.err)")
  }

  // Issue 34: observations under an id from before a rename were errors (exit 65) once a re-plan dropped
  // the renamed item, instead of the warnings a dropped item's observations get.
  @Test func `observations under a former id of a dropped item are dropped-item warnings, not errors`() throws
  {
    let files = Self.files(Self.matrix(devices: "[phone-a, phone-b]"))
    #expect(Self.run(files, "checklist", "m.yaml").code == .success)
    #expect(
      Self.run(files, exactOS("record", Self.korean, "--matrix", "m.yaml", "--result", "fail")).code
        == .success)
    let m2 = "manual.ime.m2.phone-a.26.x.ko-2set.name"
    #expect(Self.run(files, exactOS("record", m2, "--matrix", "m.yaml", "--result", "pass")).code == .success)
    // Renamed; the checklists written again number the new ids.
    let renamed = Self.matrix(methods: "[zh-pinyin, ko-dubeolsik]", devices: "[phone-a, phone-b]")
      .replacingOccurrences(of: "{id: ko-2set,", with: "{id: ko-dubeolsik, renamed_from: [ko-2set],")
    try files.writeAtomically(Array(renamed.utf8), to: "/w/m.yaml")
    #expect(Self.run(files, "checklist", "m.yaml").code == .success)
    // phone-a leaves the plan: its Korean items are dropped, the records name them by their former ids.
    try files.writeAtomically(
      Array(renamed.replacingOccurrences(of: "device: [phone-a, phone-b]", with: "device: [phone-b]").utf8),
      to: "/w/m.yaml")
    let report = Self.run(files, "report", "m.yaml")
    #expect(report.code != .dataError, "\(report.err)")
    #expect(!report.err.contains("error:"), "\(report.err)")
    #expect(report.err.contains("'\(Self.korean)' failed, and a re-plan dropped it"), "\(report.err)")
    #expect(report.err.contains("a result recorded for '\(m2)' is not counted"), "\(report.err)")
  }

  // Issue 34, item 7: once the renamed keyboard itself left the matrix (its `renamed_from:` with it), the
  // results recorded under its id from before the rename were unknown ids again: errors, and `pass` exit 65.
  @Test
  func
    `after a renamed keyboard is dropped, its results under the old and the new id are dropped-item warnings`()
    throws
  {
    let files = Self.files(Self.matrix())
    #expect(Self.run(files, "checklist", "m.yaml").code == .success)
    let old = (m1: Self.korean, m2: "manual.ime.m2.phone-a.26.x.ko-2set.name")
    let new = (
      m1: "manual.ime.m1.phone-a.26.x.ko-dubeolsik.name", m3: "manual.ime.m3.phone-a.26.x.ko-dubeolsik.name"
    )
    for (id, result) in [(old.m1, "fail"), (old.m2, "pass")] {
      let run = Self.run(
        files, exactOS("record", id, "--matrix", "m.yaml", "--result", result, "--note", "x"))
      #expect(run.code == .success, "\(run.err)")
    }
    // Renamed, and a pass over the rename: the checklists number the new ids.
    let renamed = Self.matrix(methods: "[zh-pinyin, ko-dubeolsik]")
      .replacingOccurrences(
        of: "{id: ko-2set, label:", with: "{id: ko-dubeolsik, renamed_from: [ko-2set], label:")
    try files.writeAtomically(Array(renamed.utf8), to: "/w/m.yaml")
    let m3 = Self.run(
      files, exactOS("record", new.m3, "--matrix", "m.yaml", "--result", "fail", "--note", "x"))
    #expect(m3.code == .success, "\(m3.err)")
    let first = Self.run(files, "pass", "m.yaml")
    #expect(first.code == .failure, "\(first.err)")
    #expect(!first.err.contains("error:"), "\(first.err)")

    // The renamed keyboard leaves the matrix, and its entry with it: nothing declares ko-2set any more.
    let dropped = Self.matrix(methods: "[zh-pinyin]").split(separator: "\n", omittingEmptySubsequences: false)
      .filter { !$0.contains("{id: ko-2set,") }.joined(separator: "\n")
    try files.writeAtomically(Array(dropped.utf8), to: "/w/m.yaml")
    let pass = Self.run(files, "pass", "m.yaml")
    #expect(pass.code == .incomplete, "\(pass.err)")
    #expect(!pass.err.contains("error:"), "\(pass.err)")
    #expect(!pass.err.contains("did you mean"), "never toward the keyboard planned beside it: \(pass.err)")
    let place = { (number: Int, id: String) in
      "item \(number) of the checklist of session 'phone-a.26.x' under its new id '\(id)'"
    }
    #expect(
      pass.err.contains(
        "warning: '\(old.m1)' failed, and a re-plan dropped it (it was \(place(4, new.m1))): "
          + UnplannedObservation.failureEffect(1)), "\(pass.err)")
    #expect(
      pass.err.contains(
        "warning: a result recorded for '\(old.m2)' is not counted (it is no failure); it was "
          + "\(place(5, "manual.ime.m2.phone-a.26.x.ko-dubeolsik.name")) before a re-plan dropped it"),
      "\(pass.err)")
    #expect(
      pass.err.contains(
        "warning: '\(new.m3)' failed, and a re-plan dropped it (it was item 6 of the checklist of session "
          + "'phone-a.26.x'): " + UnplannedObservation.failureEffect(1)), "\(pass.err)")
    // The verdict names both failures in the one sentence every place says of them.
    let effect = UnplannedObservation.failureEffect(2)
    #expect(
      pass.out.contains(
        "verdict: INCOMPLETE\n  - 2 failures are recorded for items the plan does not have: '\(old.m1)' "),
      "\(pass.out)")
    #expect(pass.out.contains(effect.prefix(1).uppercased() + effect.dropFirst()), "\(pass.out)")
    // The report lists them under the ids written, and the items no longer planned under the ids they
    // had in the previous report: the ids the warnings name.
    let report = try #require(files.text("/w/reports/report.md"))
    #expect(report.contains("| `\(old.m1)` | fail | mei | `observations/records.yaml:"), "\(report)")
    #expect(report.contains("| `\(new.m3)` | fail | mei | `observations/records.yaml:"))
    #expect(!report.contains("| `\(old.m2)` |"), "a pass of a dropped item is not listed")
    #expect(report.contains("- `\(new.m1)`: fail → not planned\n"), "\(report)")
    #expect(report.contains("- `\(new.m3)`: fail → not planned\n"))
    #expect(report.contains("- `manual.ime.m2.phone-a.26.x.ko-dubeolsik.name`: pass → not planned\n"))
    #expect(!report.contains("`\(old.m1)`: fail → not planned"), "the previous report had it as renamed")

    // Retired by the id the warning and the report name it by, its failure under the old id is retired too.
    let retire = Self.run(files, "retire", new.m1, "--reason", "Korean keyboard dropped")
    #expect(retire.code == .success, "\(retire.err)")
    let retired = Self.run(files, "pass", "m.yaml")
    #expect(!retired.err.contains("'\(old.m1)' failed"), "\(retired.err)")
    #expect(
      retired.out.contains(
        "  - 1 failure is recorded for an item the plan does not have: '\(new.m3)' (observations/records.yaml:"
      ),
      "\(retired.out)")
  }

  /// A rename declared, then the renamed entry dropped with its `renamed_from:`.
  struct DroppedRename: Sendable, CustomTestStringConvertible {
    var name: String
    /// The matrix before the rename.
    var before: String
    /// The matrix with the rename declared.
    var renamed: String
    /// The matrix with the renamed entry gone.
    var dropped: String
    /// An item's id before the rename and after it.
    var old: String
    var new: String
    var testDescription: String { name }
  }

  static let droppedRenames: [DroppedRename] = {
    let field = "  - {id: name, label: Name, rules: [required]}\n"
    let twoFields = matrix().replacingOccurrences(
      of: field, with: field + "  - {id: city, label: City, rules: [required]}\n")
    let device = matrix()
      .replacingOccurrences(of: "{id: phone-a, name:", with: "{id: phone-a2, renamed_from: [phone-a], name:")
      .replacingOccurrences(of: "device: [phone-a]", with: "device: [phone-a2]")
    let renamedField = twoFields.replacingOccurrences(
      of: "{id: name, label:", with: "{id: full-name, renamed_from: [name], label:")
    func without(_ entry: String, in text: String) -> String {
      text.split(separator: "\n", omittingEmptySubsequences: false).filter { !$0.contains(entry) }
        .joined(separator: "\n")
    }
    return [
      DroppedRename(
        name: "device", before: matrix(), renamed: device,
        dropped: without("{id: phone-a2,", in: device).replacingOccurrences(
          of: "device: [phone-a2]", with: "device: [phone-b]"),
        old: "manual.haptic.h1.phone-a.26.x", new: "manual.haptic.h1.phone-a2.26.x"),
      DroppedRename(
        name: "field", before: twoFields, renamed: renamedField,
        dropped: without("{id: full-name,", in: renamedField), old: korean,
        new: "manual.ime.m1.phone-a.26.x.ko-2set.full-name"),
    ]
  }()

  // Issue 34, item 7: the same for a renamed device and a renamed field as for a renamed keyboard.
  @Test(arguments: droppedRenames)
  func `after a renamed device or field is dropped, its results under the old id are dropped-item warnings`(
    rename: DroppedRename
  ) throws {
    let files = Self.files(rename.before)
    #expect(Self.run(files, "checklist", "m.yaml").code == .success)
    let recorded = Self.run(
      files, exactOS("record", rename.old, "--matrix", "m.yaml", "--result", "fail", "--note", "x"))
    #expect(recorded.code == .success, "\(recorded.err)")
    try files.writeAtomically(Array(rename.renamed.utf8), to: "/w/m.yaml")
    #expect(Self.run(files, "checklist", "m.yaml").code == .success)
    try files.writeAtomically(Array(rename.dropped.utf8), to: "/w/m.yaml")
    let report = Self.run(files, "report", "m.yaml")
    #expect(report.code == .incomplete, "\(report.err)")
    #expect(!report.err.contains("error:"), "\(report.err)")
    #expect(
      report.err.contains("'\(rename.old)' failed, and a re-plan dropped it (it was item "), "\(report.err)")
    #expect(report.err.contains(" under its new id '\(rename.new)'): "), "\(report.err)")
  }
}

/// A ledger number no plan gives (issue 32, finding 3): 9223372036854775807 beside an unnumbered item
/// crashed `checklist` (the next number overflowed); it is a data error at its place.
struct HostileLedgerTests {
  @Test func `a ledger number of Int.max beside an unnumbered item is refused at its place`() throws {
    let files = ReplanTests.files(ReplanTests.matrix())
    #expect(ReplanTests.run(files, "checklist", "m.yaml").code == .success)
    let ledger = try #require(files.text("/w/checklists/ledger.yaml"))
    var lines = ledger.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    // The item numbered 2 loses its number; the one numbered 1 gets Int.max.
    lines.removeAll { $0.contains("manual.") && $0.hasSuffix(": 2") }
    let first = try #require(lines.firstIndex { $0.contains("manual.") && $0.hasSuffix(": 1") })
    lines[first] = String(lines[first].dropLast()) + "9223372036854775807"
    files["/w/checklists/ledger.yaml"] = .file(Array(lines.joined(separator: "\n").utf8))
    let run = ReplanTests.run(files, "checklist", "m.yaml")
    #expect(run.code == .dataError)
    let column = lines[first].count - "9223372036854775807".count + 1
    #expect(
      run.err.hasPrefix(
        "checklists/ledger.yaml:\(first + 1):\(column): error: checklist numbers go from 1 to 1000000000, not 9223372036854775807\n"
      ), "\(run.err)")
  }
}

/// Session names are one session's by construction (issue 32, finding 8): `x` on `18.26.x` and `x.18`
/// on `26.x` were both `x.18.26.x`, and the second checklist's `record` command resolved to the other
/// device. A device id may not contain a dot.
struct SessionNameTests {
  @Test(arguments: ["lint", "plan", "checklist"])
  func `a device id with a dot is refused at its place`(command: String) throws {
    let matrix = ReplanTests.matrix(devices: "[phone-a, x.18]").replacingOccurrences(
      of: "{id: phone-b,", with: "{id: x.18,")
    let files = ReplanTests.files(matrix)
    let run = ReplanTests.run(files, command, "m.yaml")
    #expect(run.code == .dataError)
    let line = try #require(matrix.split(separator: "\n").firstIndex { $0.contains("{id: x.18,") }) + 1
    #expect(
      run.err.hasPrefix(
        "m.yaml:\(line):10: error: device id 'x.18' contains '.'; a session is named DEVICE.OS ('x.18.26.x'), "
          + "so a dot could give two sessions one name: use '-' or '_' ('x-18')\n"), "\(run.err)")
    #expect(files["/w/checklists"] == nil)
  }
}
