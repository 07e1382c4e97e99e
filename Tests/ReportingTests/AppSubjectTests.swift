import Foundation
import QAModel
import QAPassHarness
import Testing

@testable import Reporting
@testable import ScenarioEngine

/// The gate over a team's own code (issue 21): per subject, what it ran of the plan's automated items;
/// app results that miss items, come from another pack or plan, name items the plan does not have or
/// repeat one, and a required subject without results leave the pass INCOMPLETE; an app failure
/// rejects; a full, passing app run is ACCEPTED.
struct AppSubjectTests {
  static let pack = "sha256:" + String(repeating: "a", count: 64)
  static let app = "TeamApp"

  /// The small plan's automated items, in plan order.
  static func automated(_ plan: Plan) -> [PlanItem] { plan.items.filter { $0.kind == .automated } }

  /// The harness results of an app that ran `items` (default every automated item): pass, except the
  /// ids in `failing` (fail) and `erroring` (error, with `errorReason`).
  static func harness(
    _ plan: Plan, items: [PlanItem]? = nil, failing: Set<ItemID> = [], erroring: Set<ItemID> = [],
    errorReason: (PlanItem) -> String = {
      "the subject has no composition subject for field '\($0.configuration.field?.rawValue ?? "")'"
    },
    name: String = app, version: String = "2.0", pack: String = pack, planFingerprint: String? = nil
  ) -> HarnessRun {
    let results = (items ?? automated(plan)).map { item in
      let status: Outcome = failing.contains(item.id) ? .fail : erroring.contains(item.id) ? .error : .pass
      let failure: StepFailure? =
        switch status {
        case .fail: StepFailure(step: 2, label: "commit", expected: "no message", seen: "a message shown")
        case .error: StepFailure(step: 0, label: "", expected: "", seen: errorReason(item))
        default: nil
        }
      return HarnessItemResult(
        id: item.id.rawValue, check: item.scenario.rawValue, scenarioVersion: item.scenarioVersion,
        status: status, implementation: "TeamValidator", configuration: [:], failure: failure,
        channel: PackItem.Channel(rawValue: item.channel.rawValue))
    }
    return HarnessRun(
      subjectName: name, subjectVersion: version, packFingerprint: pack, matrixName: plan.name,
      planFingerprint: planFingerprint ?? plan.fingerprint, results: results)
  }

  /// The reference core passed everything, from `pack`; every manual item passed.
  static func report(
    _ plan: Plan, apps: [HarnessRun], required: [RequiredSubject] = [], previous: PreviousReport? = nil
  ) -> AcceptanceReport {
    var run = SmallCase.run(plan)
    run.packFingerprint = pack
    return AcceptanceReport.make(
      plan: plan, run: run, manual: SmallCase.statuses(plan, .pass), generatedAt: "2026-11-29T12:00:00Z",
      previous: previous, apps: AppResults(runs: apps, required: required))
  }

  @Test func `a full, passing app run is accepted and says what each subject ran`() throws {
    let plan = try SmallCase.plan()
    let report = Self.report(plan, apps: [Self.harness(plan)])
    #expect(report.verdict == .accepted, "\(report.reasons)")
    let total = Self.automated(plan).count
    #expect(
      report.reasons.first
        == "All \(total) automated items (against AcceptanceCore 0.1.0, TeamApp 2.0) and all "
        + "\(plan.items.count - total) manual items passed for build 1.0 (1).")
    let app = try #require(report.subjects.last)
    #expect(!app.isReference && app.coverage.isComplete)
    #expect((app.coverage.ran, app.coverage.passed, app.coverage.notRun) == (total, total, 0))
    #expect(report.subjects.first?.coverage.ran == total)
  }

  @Test func `app results for 5 of the items leave the pass incomplete and say how many were not run`() throws
  {
    let plan = try SmallCase.plan()
    let automated = Self.automated(plan)
    let report = Self.report(plan, apps: [Self.harness(plan, items: Array(automated.prefix(5)))])
    #expect(report.verdict == .incomplete)
    let coverage = try #require(report.subjects.last?.coverage)
    let missing = automated.count - 5
    #expect((coverage.ran, coverage.noResult, coverage.couldNotRun) == (5, missing, 0))
    let reason = try #require(report.reasons.first { $0.hasPrefix("TeamApp 2.0 did not run") })
    #expect(reason.hasPrefix("TeamApp 2.0 did not run \(missing) of the \(automated.count) automated items"))
    // Named compactly: by field, input method and check, with counts that add up, never as ids.
    #expect(
      coverage.byField.reduce(0) { $0 + $1.notRun }
        == automated.dropFirst(5).count { $0.channel == .composition })
    #expect(coverage.byCheck.reduce(0) { $0 + $1.notRun } == missing)
    #expect(coverage.byCheck.allSatisfy { $0.notRun <= $0.planned })
    let markdown = MarkdownReportWriter.markdown(report)
    #expect(markdown.contains("ran 5 of \(automated.count) (5 pass), \(missing) not run"))
    #expect(markdown.contains("### Not run by `TeamApp` 2.0"))
    let section = try #require(
      markdown.components(separatedBy: "## Coverage by subject").last?
        .components(separatedBy: "\n## ").first)
    #expect(!automated.dropFirst(5).contains { section.contains($0.id.rawValue) }, "ids are not listed")
    // Negative control: the five items alone, as the whole plan, are accepted.
    var five = plan
    five.items = plan.items.filter { $0.kind == .manual } + automated.prefix(5)
    #expect(
      Self.report(five, apps: [Self.harness(five, items: Array(automated.prefix(5)))]).verdict == .accepted)
  }

  @Test func `an item the app could not run is not run, never a pass`() throws {
    let plan = try SmallCase.plan()
    let korean = Set(Self.automated(plan).filter { $0.configuration.inputMethod == "ko-2set" }.map(\.id))
    #expect(!korean.isEmpty)
    let report = Self.report(plan, apps: [Self.harness(plan, erroring: korean)])
    #expect(report.verdict == .incomplete)
    let coverage = try #require(report.subjects.last?.coverage)
    #expect(
      coverage.couldNotRun == korean.count && coverage.passed == Self.automated(plan).count - korean.count)
    #expect(coverage.byInputMethod.map(\.value) == ["ko-2set"])
    #expect(
      coverage.reasons == [
        .init(reason: "the subject has no composition subject for field 'name'", items: korean.count)
      ])
    #expect(report.reasons.contains { $0.contains("(\(korean.count) could not run): fields name") })
  }

  @Test func `results of another pack or plan do not count`() throws {
    let plan = try SmallCase.plan()
    let otherPack = Self.report(
      plan, apps: [Self.harness(plan, pack: "sha256:" + String(repeating: "b", count: 64))])
    #expect(otherPack.verdict == .incomplete)
    let reason = try #require(
      otherPack.reasons.first { $0.hasPrefix("The automated results of TeamApp 2.0 do not count") })
    #expect(reason.contains("not the pack the reference core replayed (\(Self.pack))"))
    #expect(otherPack.subjects.last?.coverage.ran == 0)
    #expect(otherPack.subjects.last?.items.allSatisfy { $0.outcome == .untested } == true)
    let otherPlan = Self.report(plan, apps: [Self.harness(plan, planFingerprint: "sha256:0")])
    #expect(otherPlan.verdict == .incomplete)
    #expect(otherPlan.reasons.contains { $0.contains("replayed from a pack of plan sha256:0") })
    // A failure in results that do not count does not reject either; the same run from the right
    // pack does (the negative control).
    let failing: Set<ItemID> = [Self.automated(plan)[0].id]
    let elsewhere = Self.report(plan, apps: [Self.harness(plan, failing: failing, pack: "sha256:0")])
    #expect(elsewhere.verdict == .incomplete)
    #expect(Self.report(plan, apps: [Self.harness(plan, failing: failing)]).verdict == .rejected)
  }

  @Test func `an app failure rejects the release`() throws {
    let plan = try SmallCase.plan()
    let c2 = AcceptanceReportTests.c2
    let report = Self.report(plan, apps: [Self.harness(plan, failing: [c2])])
    #expect(report.verdict == .rejected)
    #expect(report.reasons.first == "1 automated item failed against TeamApp 2.0 (c2: 1).")
    #expect(report.items.first { $0.id == c2 }?.outcome == .pass, "the reference core's result is its own")
    #expect(report.subjects.last?.items.first { $0.id == c2 }?.outcome == .fail)
  }

  @Test func `results naming items the plan does not have, or an item twice, are not accepted`() throws {
    let plan = try SmallCase.plan()
    var extra = Self.harness(plan)
    var stray = extra.results[0]
    stray.id = "auto.c1.zh-pinyin.nickname.every-update"
    extra.results.append(stray)
    let unknown = Self.report(plan, apps: [extra])
    #expect(unknown.verdict == .incomplete)
    #expect(unknown.subjects.last?.coverage.unknown.first == [ItemID(rawValue: stray.id)])
    #expect(unknown.reasons.contains { $0.contains("name 1 item this plan does not have (\(stray.id))") })

    var twice = Self.harness(plan)
    twice.results.append(twice.results[0])
    let repeated = Self.report(plan, apps: [twice])
    #expect(repeated.verdict == .incomplete)
    #expect(repeated.subjects.last?.coverage.duplicated.count == 1)
    // The worst result of an item counts: a pass beside a failure of the same item rejects.
    var failed = twice.results[0]
    failed.status = .fail
    twice.results.append(failed)
    #expect(Self.report(plan, apps: [twice]).verdict == .rejected)
  }

  @Test func `a required subject without results leaves the pass incomplete`() throws {
    let plan = try SmallCase.plan()
    let required = [RequiredSubject(name: Self.app, requiredBy: "small.yaml:40:5")]
    let missing = Self.report(plan, apps: [], required: required)
    #expect(missing.verdict == .incomplete)
    #expect(
      missing.reasons.first
        == "small.yaml:40:5 requires the automated results of TeamApp, and none were given: replay the "
        + "scenario pack against it (QAPassHarness) and pass its results with --automated.")
    #expect(MarkdownReportWriter.markdown(missing).contains("| `TeamApp` (required) | – | no results |"))
    // Another subject's results do not stand in for it; its own do (the positive control).
    let other = Self.report(plan, apps: [Self.harness(plan, name: "OtherApp")], required: required)
    #expect(other.verdict == .incomplete)
    let given = Self.report(plan, apps: [Self.harness(plan)], required: required)
    #expect(given.verdict == .accepted, "\(given.reasons)")
    #expect(given.subjects.last?.requiredBy == "small.yaml:40:5")
    // Without a requirement, the reference core alone is accepted with a remark.
    let alone = Self.report(plan, apps: [])
    #expect(alone.verdict == .accepted)
    #expect(alone.reasons.last?.hasPrefix("Only qapass's reference core") == true)
  }

  @Test func `results files of one subject are taken together`() throws {
    let plan = try SmallCase.plan()
    let automated = Self.automated(plan)
    let half = automated.count / 2
    let report = Self.report(
      plan,
      apps: [
        Self.harness(plan, items: Array(automated.prefix(half))),
        Self.harness(plan, items: Array(automated.dropFirst(half))),
      ])
    #expect(report.verdict == .accepted, "\(report.reasons)")
    #expect(report.subjects.count == 2)
    // A file of another pack does not count, and does not hide a failure in the file that does.
    let mixed = Self.report(
      plan,
      apps: [
        Self.harness(plan, items: Array(automated.prefix(half)), failing: [automated[0].id]),
        Self.harness(plan, items: Array(automated.dropFirst(half)), pack: "sha256:0"),
      ])
    #expect(mixed.verdict == .rejected)
    #expect(mixed.reasons.contains { $0.hasPrefix("The automated results of TeamApp 2.0 do not count") })
    #expect(mixed.subjects.last?.coverage.ran == half)
    #expect(
      mixed.subjects.last?.items.last?.problems.first?.hasPrefix("not counted: replayed pack sha256:0")
        == true)
  }

  @Test func `an app's JUnit cases are its own, apart from the reference core's`() throws {
    let plan = try SmallCase.plan()
    let automated = Self.automated(plan)
    let report = Self.report(
      plan, apps: [Self.harness(plan, items: Array(automated.dropLast()), failing: [automated[0].id])])
    let document = JUnitReportWriter.document(report)
    let app = document.cases.filter { $0.classname.hasPrefix("app.TeamApp.") }
    #expect(app.count == automated.count)
    #expect(document.cases.count == 1 + report.items.count + automated.count)
    let core = Set(
      document.cases.filter { $0.classname.hasPrefix("automated.") }.map { "\($0.classname)/\($0.name)" })
    #expect(core.count == automated.count)
    #expect(core.isDisjoint(with: app.map { "\($0.classname)/\($0.name)" }))
    let first = try #require(app.first)
    #expect(
      first.classname == "app.TeamApp.composition.\(automated[0].scenario)"
        && first.name == automated[0].id.rawValue)
    if case .failure = first.result {
    } else {
      Issue.record("the failed item is not a failure: \(first.result)")
    }
    let last = try #require(app.last)
    #expect(last.result == .skipped(message: "not run: no result given"))
    #expect(first.properties.first == .init(key: "subject", value: "TeamApp 2.0"))
    // report.json names the same identity.
    let json = JSONReportWriter.json(report).rendered()
    #expect(json.contains("\"classname\": \"app.TeamApp.composition.\(automated[0].scenario)\""))
  }

  @Test func `an app's p2 failure names every failing text, and each text is its own result`() throws {
    let plan = try SmallCase.plan()
    var run = Self.harness(plan)
    let index = try #require(run.results.firstIndex { $0.check == "p2" })
    let first = StepFailure(step: 1, label: "paste", expected: "no message", seen: "a message shown")
    let second = StepFailure(step: 5, label: "paste", expected: "no message", seen: "a message shown")
    run.results[index].status = .fail
    run.results[index].failures = [first, second]
    run.results[index].failure = first
    run.results[index].texts = [
      TextResult(text: "박\u{30FB}서연", status: .fail, failures: [first]),
      TextResult(text: "박서연", status: .pass),
      TextResult(text: "ㅂ", status: .fail, failures: [second]),
    ]
    let report = Self.report(plan, apps: [run])
    #expect(report.verdict == .rejected)
    let sentence = "2 of 3 texts fail: \"박\u{30FB}서연\", \"ㅂ\""
    let markdown = MarkdownReportWriter.markdown(report)
    #expect(markdown.contains("`\(run.results[index].id)`: \(sentence)"), "\(markdown)")
    let junit = try #require(
      JUnitReportWriter.document(report).cases.first {
        $0.classname.hasPrefix("app.") && $0.name == run.results[index].id
      })
    guard case .failure(let message, _, let body) = junit.result else {
      Issue.record("not a failure: \(junit.result)")
      return
    }
    #expect(message == sentence)
    #expect(body.contains("text \"박서연\": pass"))
    #expect(body.contains("text \"ㅂ\" (U+3142): fail: step 5 'paste'"), "\(body)")
    let json = JSONReportWriter.json(report).rendered()
    #expect(json.contains("\"outcome\": \"pass\",\n") && json.contains("\"text\": \"박서연\""), "\(json)")
    // Without texts (every other item), the first problem is the message, as before.
    run.results[index].texts = []
    let plain = Self.report(plan, apps: [run])
    #expect(!MarkdownReportWriter.markdown(plain).contains("texts fail"))
  }

  @Test func `a still-failing p2 names the texts that fail now and did not before`() throws {
    let plan = try SmallCase.plan()
    func run(failing: [String]) throws -> HarnessRun {
      var run = Self.harness(plan)
      let index = try #require(run.results.firstIndex { $0.check == "p2" })
      let failure = StepFailure(step: 1, label: "paste", expected: "no message", seen: "a message shown")
      run.results[index].status = .fail
      run.results[index].failure = failure
      run.results[index].failures = [failure]
      run.results[index].texts = ["박\u{30FB}서연", "박서연", "ㅂ"].map { text in
        failing.contains(text)
          ? TextResult(text: text, status: .fail, failures: [failure]) : TextResult(text: text, status: .pass)
      }
      return run
    }
    let before = Self.report(plan, apps: [try run(failing: ["박\u{30FB}서연"])])
    let previous = try PreviousReport.parse(
      Array(JSONReportWriter.json(before).rendered().utf8), path: "before.json")
    let after = Self.report(plan, apps: [try run(failing: ["박\u{30FB}서연", "ㅂ"])], previous: previous)
    let changes = try #require(after.changes)
    let still = try #require(changes.stillFailing.first { $0.subject == Self.app })
    #expect(still.newlyFailingTexts == ["ㅂ"])
    #expect(MarkdownReportWriter.markdown(after).contains("fail → fail; newly failing texts: \"ㅂ\""))
    #expect(JSONReportWriter.json(after).rendered().contains("\"newly_failing_texts\""))
    // The same failing texts as before: nothing new to name.
    let same = Self.report(plan, apps: [try run(failing: ["박\u{30FB}서연"])], previous: previous)
    #expect(same.changes?.stillFailing.allSatisfy { $0.newlyFailingTexts.isEmpty } == true)
  }

  @Test func `an app item that changed outcome since the previous report.json shows there`() throws {
    let plan = try SmallCase.plan()
    let c2 = AcceptanceReportTests.c2
    let before = Self.report(plan, apps: [Self.harness(plan)])
    let bytes = Array(JSONReportWriter.json(before).rendered(trailingNewline: true).utf8)
    let previous = try PreviousReport.parse(bytes, path: "reports/report.json")
    #expect(previous.subjectOutcomes[Self.app]?[c2] == .pass)
    #expect(previous.subjectOutcomes.count == 1, "the reference core's outcomes are the report's items")

    let after = Self.report(plan, apps: [Self.harness(plan, failing: [c2])], previous: previous)
    let changes = try #require(after.changes)
    #expect(changes.newlyFailing == [.init(id: c2, before: .pass, after: .fail, subject: Self.app)])
    #expect(changes.newItems == 0 && changes.removedItems == 0)
    #expect(
      MarkdownReportWriter.sinceLastPass(changes, limits: .full).contains("- `TeamApp`: `\(c2)`: pass → fail")
    )
    // Fixed again, and a subject whose results are not given now: its passes are newly untested.
    let fixed = Self.report(
      plan, apps: [Self.harness(plan)],
      previous: try PreviousReport.parse(Array(JSONReportWriter.json(after).rendered().utf8), path: "r.json"))
    #expect(fixed.changes?.fixed.map(\.subject) == [Self.app])
    let gone = Self.report(plan, apps: [], previous: previous)
    #expect(gone.changes?.newlyUntested.count == Self.automated(plan).count)
    #expect(
      gone.changes?.newlyUntested.allSatisfy { $0.subject == Self.app && $0.after == .untested } == true)
    // Negative control: nothing changed, nothing listed.
    let same = Self.report(plan, apps: [Self.harness(plan)], previous: previous)
    #expect(same.changes?.newlyFailing.isEmpty == true && same.changes?.newlyUntested.isEmpty == true)
  }

  @Test func `what was not run stays bounded whatever the number of reasons`() throws {
    let plan = try SmallCase.plan()
    let automated = Self.automated(plan)
    #expect(automated.count > SubjectCoverage.listed + 2)
    let report = Self.report(
      plan,
      apps: [
        Self.harness(
          plan, erroring: Set(automated.map(\.id)), errorReason: { "not exported: \($0.id.rawValue)" })
      ])
    let coverage = try #require(report.subjects.last?.coverage)
    #expect(coverage.reasons.count == SubjectCoverage.listed)
    #expect(coverage.reasons.reduce(0) { $0 + $1.items } + coverage.otherReasons == automated.count)
    #expect(coverage.byCheck.count == Set(automated.map(\.scenario)).count)
  }
}
