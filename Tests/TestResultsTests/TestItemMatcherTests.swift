import Diagnostics
import Observations
import QAModel
import Testing

@testable import TestResults

/// issue 22 point 8: test names matched items by substring (a test for the iPhone 17 Pro was counted for
/// the iPhone 16e item); the rule is now exact.
struct TestItemMatcherTests {
  static let sim = "sim-iphone-17-pro.26.x"
  static let m2 = "manual.ime.m2.sim-iphone-17-pro.26.x.zh-pinyin.full-name"

  static func matcher(_ session: String) -> TestItemMatcher {
    TestItemMatcher(
      session: Fixture.catalog.items.filter { $0.session.description == session }, plan: Fixture.catalog.items
    )
  }

  static func test(_ name: String, properties: [String: String] = [:]) -> TestCaseResult {
    TestCaseResult(
      suite: "S", classname: "NameFieldTests", name: name, outcome: .pass, properties: properties)
  }

  struct Case: Sendable, CustomTestStringConvertible {
    var name: String
    var item: String?
    var testDescription: String { "\(name) -> \(item ?? "nothing")" }
  }

  static let names: [Case] = [
    Case(name: "testManualImeM2ZhPinyinFullName", item: m2),
    Case(name: "testManualImeM2ZhPinyinFullName()", item: m2),
    Case(name: "test_manual_ime_m2_zh_pinyin_full_name", item: m2),
    Case(name: "manual.ime.m2.zh-pinyin.full-name", item: m2),
    Case(name: "manual.ime.m2.zh-pinyin.full-name(text:)", item: m2),
    Case(name: "testManualImeM2SimIphone17Pro26xZhPinyinFullName", item: m2),
    Case(name: m2, item: m2),
    // Names that hold an item's name and more, or less of it, name nothing.
    Case(name: "testManualImeM2ZhPinyinFullNameTwice", item: nil),
    Case(name: "testCheckManualImeM2ZhPinyinFullName", item: nil),
    Case(name: "testManualImeM2ZhPinyin", item: nil),
    Case(name: "testManualImeM2ZhPinyinFullName2", item: nil),
    Case(name: "testLoginScreenStillLoads", item: nil),
    Case(name: "test", item: nil),
    Case(name: "()", item: nil),
    Case(name: "测试", item: nil),
  ]

  @Test(arguments: names)
  func `a test names an item by its id, exactly`(_ example: Case) {
    let match = Self.matcher(Self.sim).match(Self.test(example.name))
    switch match {
    case .item(let item): #expect(item.id.rawValue == example.item)
    case .unmatched: #expect(example.item == nil)
    case .ambiguous(let items): Issue.record("ambiguous: \(items.map(\.id))")
    }
  }

  @Test func `a test of the iPhone 17 Pro is not counted for the iPhone 16e's item`() throws {
    let matcher = Self.matcher("iphone-16e.26.x")
    // What the substring rule took for manual.ime.m1.iphone-16e.26.x.zh-pinyin.full-name.
    let suffixed = matcher.match(Self.test("testManualImeM1ZhPinyinFullNameIPhone17Pro"))
    #expect(
      suffixed
        == .unmatched(
          hint:
            "; it holds the name of 'manual.ime.m1.zh-pinyin.full-name' and more, and a test name must equal "
            + "an item's, not contain it"))
    let other = matcher.match(Self.test("testManualImeM1Iphone17Pro26xZhPinyinFullName"))
    #expect(
      other
        == .unmatched(hint: "; it names an item of session 'iphone-17-pro.26.x', not of 'iphone-16e.26.x'"))
    // Negative control: the 16e's own test is counted for it.
    guard case .item(let item) = matcher.match(Self.test("testManualImeM1ZhPinyinFullName")) else {
      Issue.record("the 16e's own test is not matched")
      return
    }
    #expect(item.id.rawValue == "manual.ime.m1.iphone-16e.26.x.zh-pinyin.full-name")
  }

  @Test func `a near miss says what it comes closest to`() {
    let match = Self.matcher(Self.sim).match(Self.test("testManualImeM2ZhPinyinFulName"))
    #expect(match == .unmatched(hint: "; did you mean 'manual.ime.m2.zh-pinyin.full-name'?"))
  }

  @Test func `the qapass.item property decides alone, character for character`() {
    let matcher = Self.matcher(Self.sim)
    let named = matcher.match(
      Self.test(
        "testLoginScreenStillLoads", properties: ["qapass.item": "manual.ime.m2.zh-pinyin.full-name"]))
    guard case .item(let item) = named else {
      Issue.record("the property did not name its item: \(named)")
      return
    }
    #expect(item.id.rawValue == Self.m2)
    // A property that names another item wins over the name; a spelling of it does not count.
    let overriding = matcher.match(
      Self.test(
        "testManualImeM1ZhPinyinFullName", properties: ["qapass.item": "manual.ime.m2.zh-pinyin.full-name"]))
    #expect(overriding == named)
    let squashed = matcher.match(
      Self.test("testManualImeM2ZhPinyinFullName", properties: ["qapass.item": "manualImeM2ZhPinyinFullName"])
    )
    guard case .unmatched = squashed else {
      Issue.record("a property is matched by normalising it: \(squashed)")
      return
    }
    let elsewhere = matcher.match(
      Self.test("t", properties: ["qapass.item": "manual.ime.m1.iphone-17-pro.26.x.zh-pinyin.full-name"]))
    #expect(
      elsewhere
        == .unmatched(
          hint: "; 'manual.ime.m1.iphone-17-pro.26.x.zh-pinyin.full-name' is an item of session "
            + "'iphone-17-pro.26.x', not of 'sim-iphone-17-pro.26.x'"))
  }

  /// Two items whose ids differ only in punctuation: `ko-2set` and `ko2-set`.
  static let lookalikes: ObservableCatalog = {
    func item(_ im: String) -> ObservableItem {
      ObservableItem(
        id: ItemID(rawValue: "manual.ime.m1.sim.26.x.\(im).name"), textVersion: 1, device: "sim", os: "26.x",
        idWithoutSession: "manual.ime.m1.\(im).name", title: im)
    }
    return ObservableCatalog(items: [item("ko-2set"), item("ko2-set")], build: nil, planFingerprint: "p")
  }()

  @Test func `a test named before a declared rename still names the item`() {
    let renamed = ObservableItem(
      id: "manual.ime.m1.sim.26.x.ko-dubeolsik.name", textVersion: 1, device: "sim", os: "26.x",
      idWithoutSession: "manual.ime.m1.ko-dubeolsik.name", title: "m1",
      formerIDs: ["manual.ime.m1.sim.26.x.ko-2set.name"])
    let matcher = TestItemMatcher(session: [renamed], plan: [renamed])
    #expect(matcher.match(Self.test("testManualImeM1Ko2setName")) == .item(renamed))
    #expect(matcher.match(Self.test("manual.ime.m1.sim.26.x.ko-2set.name")) == .item(renamed))
    #expect(matcher.match(Self.test("testManualImeM1KoDubeolsikName")) == .item(renamed))
    // Negative control: without the rename, the old name names nothing.
    var plain = renamed
    plain.formerIDs = []
    let unrenamed = TestItemMatcher(session: [plain], plan: [plain])
    guard case .unmatched = unrenamed.match(Self.test("testManualImeM1Ko2setName")) else {
      Issue.record("an undeclared old name matched")
      return
    }
  }

  // Issue 23: past a bound, an item's free dimensions are one `v-` segment of its id; a test names it
  // by the same rule as any other id.
  @Test func `a test names an item whose free dimensions make a digest segment`() {
    let item = ObservableItem(
      id: "manual.ime.m1.sim.26.x.zh-pinyin.full-name.v-3f9a0c12", textVersion: 1, device: "sim", os: "26.x",
      idWithoutSession: "manual.ime.m1.zh-pinyin.full-name.v-3f9a0c12", title: "m1")
    let matcher = TestItemMatcher(session: [item], plan: [item])
    #expect(matcher.match(Self.test("testManualImeM1ZhPinyinFullNameV3f9a0c12")) == .item(item))
    #expect(matcher.match(Self.test("manual.ime.m1.zh-pinyin.full-name.v-3f9a0c12")) == .item(item))
    guard case .unmatched = matcher.match(Self.test("testManualImeM1ZhPinyinFullName")) else {
      Issue.record("a name without the free dimensions' segment matched")
      return
    }
  }

  @Test func `a name two items share is ambiguous; their exact ids are not`() {
    let matcher = TestItemMatcher(session: Self.lookalikes.items, plan: Self.lookalikes.items)
    #expect(matcher.match(Self.test("testManualImeM1Ko2setName")) == .ambiguous(Self.lookalikes.items))
    #expect(matcher.match(Self.test("manual.ime.m1.ko2-set.name")) == .item(Self.lookalikes.items[1]))
  }

  @Test func `ingest refuses a name two items share, at its line, and records nothing`() throws {
    let junit = """
      <testsuites><testsuite name="S">
        <testcase classname="S" name="testManualImeM1Ko2setName"/>
      </testsuite></testsuites>
      """
    var context = Fixture.context
    context.catalog = Self.lookalikes
    let records = MemoryRecords()
    let error = #expect(throws: Diagnostic.self) {
      try TestResultIngest.ingestJUnit(
        path: "j.xml", bytes: Array(junit.utf8), device: "sim", os: "26.x", context: context, records: records
      )
    }
    #expect(
      error?.description
        == "j.xml:2:1: error: test 'S.testManualImeM1Ko2setName' names 2 items alike: "
        + "'manual.ime.m1.sim.26.x.ko-2set.name', 'manual.ime.m1.sim.26.x.ko2-set.name' (their ids differ only "
        + "in case or punctuation, which a test name cannot hold); give the test case a <property "
        + "name=\"qapass.item\"> with the exact id, or rename one of them in the matrix; nothing was recorded"
    )
    #expect(records.observations.isEmpty)
  }

  @Test func `unmatched tests are listed with their hint and never counted`() throws {
    let junit = """
      <testsuites><testsuite name="S" timestamp="2026-11-28T16:00:00">
        <testcase classname="S" name="testManualImeM1ZhPinyinFullNameIPhone17Pro"/>
        <testcase classname="S" name="testManualImeM1ZhPinyinFullName"/>
      </testsuite></testsuites>
      """
    let records = MemoryRecords()
    let summary = try TestResultIngest.ingestJUnit(
      path: "j.xml", bytes: Array(junit.utf8), device: "iphone-16e", os: "26.x", context: Fixture.context,
      records: records)
    #expect(
      records.observations.map(\.itemID.rawValue) == ["manual.ime.m1.iphone-16e.26.x.zh-pinyin.full-name"])
    #expect(summary.unmatched.map(\.testCase.name) == ["testManualImeM1ZhPinyinFullNameIPhone17Pro"])
    #expect(
      summary.text.contains(
        "  j.xml:2: S.testManualImeM1ZhPinyinFullNameIPhone17Pro (pass); it holds the name of "
          + "'manual.ime.m1.zh-pinyin.full-name' and more, and a test name must equal an item's, not contain it\n"
      ))
  }

  // Issue 32, finding 6: 250,000 test cases naming no item took over 20 s, most of it a hint per case.
  @Test func `only the first unmatched test cases get a hint and a line; the rest are counted`() throws {
    let count = IngestSummary.maxListedUnmatched + 50
    let cases = (0..<count).map { #"<testcase classname="S" name="testManualImeM1ZhPinyinFullNam\#($0)"/>"# }
    let junit =
      #"<testsuites><testsuite name="S">"# + cases.joined(separator: "\n") + "</testsuite></testsuites>"
    let records = MemoryRecords()
    let summary = try TestResultIngest.ingestJUnit(
      path: "j.xml", bytes: Array(junit.utf8), device: "iphone-16e", os: "26.x", context: Fixture.context,
      records: records)
    #expect(summary.unmatched.count == count)
    let hinted = summary.unmatched.prefix(IngestSummary.maxListedUnmatched)
    #expect(hinted.allSatisfy { $0.hint == "; did you mean 'manual.ime.m1.zh-pinyin.full-name'?" })
    #expect(summary.unmatched.dropFirst(IngestSummary.maxListedUnmatched).allSatisfy { $0.hint.isEmpty })
    let lines = summary.text.split(separator: "\n")
    #expect(lines.filter { $0.hasPrefix("  j.xml:") }.count == IngestSummary.maxListedUnmatched)
    #expect(lines.last == "  and 50 more not listed (the first 100 are)")
    // Every one is still kept as one of the app's own tests.
    #expect(records.runs.first?.tests.count == count)
  }
}
