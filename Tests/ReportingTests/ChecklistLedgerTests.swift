import Diagnostics
import MatrixFormat
import QAModel
import Testing

@testable import Reporting
@testable import ScenarioEngine

/// Checklist numbers across re-plans (issue 22, point 2): a number always means the item it meant when
/// the checklist was written.
struct ChecklistLedgerTests {
  static let session = SessionID(device: "phone-a", os: "26.x")

  /// SmallCase with its matrix's input methods replaced by `methods`.
  static func plan(methods: String, extraMethods: String = "") throws -> Plan {
    var yaml = SmallCase.yaml.replacingOccurrences(
      of: "input_method: [zh-pinyin, ko-2set]", with: "input_method: \(methods)")
    yaml = yaml.replacingOccurrences(of: "devices:\n", with: extraMethods + "devices:\n")
    return try Plan.make(file: try Fixture.file(yaml: yaml, path: "small.yaml"))
  }

  static let tenKey = """
      - {id: ja-10key, label: Japanese 10-key, keyboard: ja_JP-Kana@sw=Kana;hw=Automatic, recipe: やまだ, expect: 山田}

    """

  /// The numbers of `session` by item id.
  static func numbers(_ ledger: ChecklistLedger) -> [String: Int] {
    Dictionary(
      uniqueKeysWithValues: (ledger.sessions.first { $0.id == session }?.current ?? [:]).map {
        ($0.key.rawValue, $0.value)
      })
  }

  @Test func `a re-plan keeps every number; new items get new ones and a removed one is never reused`()
    throws
  {
    let first = ChecklistLedger().updated(for: try SmallCase.plan())
    let before = Self.numbers(first)
    // A first checklist numbers from 1 in plan order, as the checklists always did.
    let planOrder = Checklists.sessionItems(plan: try SmallCase.plan(), session: "phone-a.26.x").map(
      \.id.rawValue)
    #expect(planOrder.enumerated().allSatisfy { before[$0.element] == $0.offset + 1 })
    let korean = "manual.ime.m1.phone-a.26.x.ko-2set.name"
    let haptic = "manual.haptic.h1.phone-a.26.x"
    let koreanNumber = try #require(before[korean])
    #expect(koreanNumber < (before[haptic] ?? 0), "the haptic items follow the keyboards")

    // Drop the Korean keyboard: the haptic items keep their numbers; Korean's are retired, not reused.
    let dropped = first.updated(for: try Self.plan(methods: "[zh-pinyin]"))
    let after = Self.numbers(dropped)
    #expect(after[korean] == nil)
    #expect(after[haptic] == before[haptic])
    for (id, number) in after { #expect(before[id] == number, "\(id)") }
    let retired = try #require(dropped.session("phone-a.26.x")?.entry(koreanNumber))
    #expect(retired.item.rawValue == korean && retired.isRetired)
    #expect(Set(after.values).count == after.count)

    // A new keyboard's items come after the highest number ever given, retired ones included.
    let added = dropped.updated(
      for: try Self.plan(methods: "[zh-pinyin, ja-10key]", extraMethods: Self.tenKey))
    let highest = before.values.max() ?? 0
    let newNumbers = Self.numbers(added).filter { $0.key.contains("ja-10key") }.map(\.value).sorted()
    #expect(newNumbers == Array((highest + 1)...(highest + newNumbers.count)))
    #expect(!newNumbers.isEmpty)

    // Korean comes back with its old numbers.
    let back = added.updated(
      for: try Self.plan(methods: "[zh-pinyin, ko-2set, ja-10key]", extraMethods: Self.tenKey))
    #expect(Self.numbers(back)[korean] == koreanNumber)
    #expect(
      back.updated(for: try Self.plan(methods: "[zh-pinyin, ko-2set, ja-10key]", extraMethods: Self.tenKey))
        == back)
  }

  @Test func `both writers show the kept numbers after a re-plan`() throws {
    let ledger = ChecklistLedger().updated(for: try SmallCase.plan())
    let before = Self.numbers(ledger)
    let plan = try Self.plan(methods: "[zh-pinyin]")
    let checklist = try #require(
      Checklists.render(
        plan: plan,
        file: try Fixture.file(
          yaml: SmallCase.yaml.replacingOccurrences(
            of: "input_method: [zh-pinyin, ko-2set]", with: "input_method: [zh-pinyin]")), ledger: ledger
      ).first { $0.session == Self.session })
    let h1 = try #require(checklist.items.first { $0.id == "manual.haptic.h1.phone-a.26.x" })
    #expect(h1.number == before[h1.id.rawValue])
    #expect(checklist.markdown.contains("### \(h1.number). H1 · "))
    #expect(
      checklist.html.contains("<section class=\"item\" id=\"item-\(h1.number)\" data-item=\"\(h1.id)\">"))
    // Without the ledger the same plan numbers from 1 again: the number would have moved.
    let fresh = try #require(
      Checklists.render(plan: plan, file: try SmallCase.file()).first { $0.session == Self.session })
    #expect(fresh.items.first { $0.id == h1.id }?.number != h1.number)
  }

  @Test func `the ledger reads back what it writes`() throws {
    let plan = try SmallCase.plan()
    let ledger = ChecklistLedger().updated(for: plan).updated(for: try Self.plan(methods: "[zh-pinyin]"))
    let text = ledger.rendered()
    #expect(text.hasPrefix("# qapass checklist ledger"))
    #expect(try ChecklistLedger.parse(Array(text.utf8), path: "ledger.yaml") == ledger)
    #expect(text.contains("retired:\n"))
    // Issue 34: each retired item keeps the highest number given when it was retired, so the items
    // planned beside it are known (never suggested as what it was renamed to).
    #expect(text.contains("retired_above:\n"))
    let korean = try #require(ledger.sessions.first { $0.id == Self.session }?.numbers.first { $0.isRetired })
    let beside = ledger.plannedBeside(korean.item, in: Self.session)
    #expect(beside.contains { $0.rawValue.contains(".zh-pinyin.") })
    #expect(!beside.contains(korean.item))
    #expect(try ChecklistLedger.parse([], path: "ledger.yaml") == ChecklistLedger())
  }

  // Issue 34, item 7: once the renamed keyboard left the matrix with its `renamed_from:`, nothing said
  // which item the ids from before the rename had been.
  @Test func `an item keeps the ids it had before a rename after it is dropped with its rename`() throws {
    let renamed = SmallCase.yaml.replacingOccurrences(
      of: "  - id: ko-2set\n", with: "  - id: ko-dubeolsik\n    renamed_from: [ko-2set]\n"
    )
    .replacingOccurrences(of: "[zh-pinyin, ko-2set]", with: "[zh-pinyin, ko-dubeolsik]")
    let first = ChecklistLedger().updated(for: try SmallCase.plan())
    #expect(first.rendered().contains("version: 1\n"), "no former ids: the version earlier releases read")
    let second = first.updated(for: try Plan.make(file: try Fixture.file(yaml: renamed, path: "small.yaml")))
    let dropped = second.updated(for: try Self.plan(methods: "[zh-pinyin]"))
    let old = "manual.ime.m1.phone-a.26.x.ko-2set.name"
    let new = "manual.ime.m1.phone-a.26.x.ko-dubeolsik.name"
    let number = try #require(first.number(of: ItemID(rawValue: old), in: Self.session))
    let entry = try #require(dropped.sessions.first { $0.id == Self.session }?.entry(number))
    #expect(entry.item.rawValue == new && entry.isRetired)
    #expect(entry.formerIDs == [ItemID(rawValue: old)])
    // Written as version 2, each item's former ids in number order; read back the same; written again
    // for the same plan, the same bytes.
    let text = dropped.rendered()
    #expect(text.contains("version: 2\n"))
    #expect(text.contains("  former_ids:\n    \(new):\n    - \(old)\n"), "\(text)")
    let read = try ChecklistLedger.parse(Array(text.utf8), path: "ledger.yaml")
    #expect(read == dropped)
    #expect(read.updated(for: try Self.plan(methods: "[zh-pinyin]")).rendered() == text)
    // The keyboard back under a third id, renamed from the first: it takes its number again.
    let third = SmallCase.yaml.replacingOccurrences(
      of: "  - id: ko-2set\n", with: "  - id: ko-3\n    renamed_from: [ko-2set]\n"
    )
    .replacingOccurrences(of: "[zh-pinyin, ko-2set]", with: "[zh-pinyin, ko-3]")
    let back = read.updated(for: try Plan.make(file: try Fixture.file(yaml: third, path: "small.yaml")))
    #expect(back.number(of: "manual.ime.m1.phone-a.26.x.ko-3.name", in: Self.session) == number)
    #expect(
      back.sessions.first { $0.id == Self.session }?.entry(number)?.formerIDs.map(\.rawValue)
        == [new, old].sorted())
  }

  /// `text` without its marker `1️⃣`, and the line and column the marker stood at.
  static func marked(_ text: String) -> (text: String, line: Int, column: Int) {
    let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
    for (index, line) in lines.enumerated() {
      if let range = line.range(of: "1️⃣") {
        return (
          text.replacingOccurrences(of: "1️⃣", with: ""), index + 1, line[..<range.lowerBound].utf8.count + 1
        )
      }
    }
    return (text, 0, 0)
  }

  @Test(arguments: [
    ("version: 1️⃣3\nsessions: []\n", "format version 3; this qapass reads versions 1 to 2"),
    ("version: 1\nsessions: []\n1️⃣plans: x\n", "unknown key 'plans'"),
    (
      "version: 1\nsessions:\n- {device: a, os: '1', numbers: {x: 1, y: 1️⃣1}}\n",
      "number 1 is given twice in session 'a.1'"
    ),
    ("version: 1\nsessions:\n- {device: a, os: '1', numbers: {x: 1️⃣0}}\n", "go from 1 to 1000000000, not 0"),
    // Issue 32: beside an unnumbered item, Int.max numbered it Int.max + 1, a trap.
    (
      "version: 1\nsessions:\n- {device: a, os: '1', numbers: {x: 1️⃣9223372036854775807}}\n",
      "go from 1 to 1000000000, not 9223372036854775807"
    ),
    ("version: 1\nsessions:\n- {device: a, os: '1', numbers: {x: 1️⃣one}}\n", "a whole number"),
    ("version: 1\nsessions:\n- {device: a, os: '1', numbers: {x: 1}, tester: 1️⃣[m]}\n", "a string"),
    (
      "version: 2\nsessions:\n- {device: a, os: '1', numbers: {x: 1}, former_ids: {1️⃣y: [w]}}\n",
      "'y' is under 'former_ids' of session 'a.1' but is no item of it"
    ),
    ("version: 2\nsessions:\n- {device: a, os: '1', numbers: {x: 1}, former_ids: {x: 1️⃣w}}\n", "a list"),
    ("version: 2\nsessions:\n- {device: a, os: '1', numbers: {x: 1}, former_ids: 1️⃣[w]}\n", "a mapping"),
  ])
  func `a damaged ledger is an error at its place`(input: String, message: String) {
    let (text, line, column) = Self.marked(input)
    #expect {
      _ = try ChecklistLedger.parse(Array(text.utf8), path: "checklists/ledger.yaml")
    } throws: { error in
      guard let list = error as? DiagnosticList, let first = list.diagnostics.first else { return false }
      return first.path == "checklists/ledger.yaml" && first.location?.line == line
        && first.location?.column == column && first.message.contains(message)
    }
  }

  @Test func `a ledger that is not YAML is an error with its place`() {
    #expect(throws: DiagnosticList.self) {
      _ = try ChecklistLedger.parse(Array("version: 1\nsessions: [\n".utf8), path: "checklists/ledger.yaml")
    }
  }
}
