import AcceptanceCore
import CoreAdapters
import InputMethods
import QAModel
import QAPassHarness
import TestSupport
import Testing

@testable import ScenarioEngine

struct AutomatedRunTests {
  @Test(.needsEngines) func `every automated item of the default matrix passes against the core`() throws {
    let report = try Fixtures.coreReport.get()
    #expect(report.results.count == 121)
    for result in report.results where result.status != .pass {
      Issue.record("\(result.id): \(result.problems)")
    }
    #expect(report.summary.passes == 121)
    #expect(report.subjectName == "AcceptanceCore" && report.packFingerprint.hasPrefix("sha256:"))
  }

  @Test(.needsEngines) func `the naive subject fails exactly the expected items`() throws {
    let report = try Fixtures.naiveReport.get()
    let failed = Set(report.results.filter { $0.status == .fail }.map(\.id.rawValue))
    #expect(report.results.allSatisfy { $0.status != .error })
    let variants = DeliveryVariant.allCases.map(\.rawValue)
    let paths = ["button", "return", "programmatic"]
    var expected: Set<String> = []
    let marked = [("zh-pinyin", "full-name"), ("ja-romaji", "japanese-name"), ("ja-kana", "japanese-name")]
    for (method, field) in marked {
      for variant in variants {
        // C1: while the text is marked the naive validator judges it and trusts the button, so Save
        // is enabled (or a message shows) before a candidate is chosen.
        expected.insert("auto.c1.\(method).\(field).\(variant)")
        // C3: marked text is refused "as invalid" (pinyin letters) or even accepted (山田 converted,
        // not confirmed), never "while composing".
        for path in paths { expected.insert("auto.c3.\(method).\(field).\(variant).\(path)") }
      }
      // R1: the old message stays when a new composition starts; R4: the same old message, and the
      // naive validator judges the marked text. R3 (commit announced only by editingDidEnd) it passes:
      // it judges every change.
      expected.formUnion(["auto.r1.\(method).\(field)", "auto.r4.\(method).\(field)"])
      // R5's control takes UTF-16 ranges as character offsets (CharacterOffsetField).
      expected.insert("auto.r5.\(method).\(field)")
    }
    expected.insert("auto.r5.ko-2set.korean-name")
    // R2's control is the core answering a Return after a silent commit otherwise than the team's
    // policy (here it only judges, where the default submits).
    for (method, field) in marked { expected.insert("auto.r2.\(method).\(field)") }
    // R2 by Save and code: a validator whose Save and code trust the composing state of the last event.
    for (method, field) in marked {
      expected.formUnion(["auto.r2.\(method).\(field).button", "auto.r2.\(method).\(field).programmatic"])
    }
    // R6: a validator that skips a change leaving the length as it was (바 after ㅂ).
    expected.insert("auto.r6.ko-2set.korean-name")
    // T1's control submits on a verdict debounced 300 ms, read 100 ms after the paste.
    for field in ["full-name", "japanese-name", "korean-name"] { expected.insert("auto.t1.\(field)") }
    // C1 in place: 김ㅈ-like unfinished syllables (ㅂ, 밗 …) read as invalid, not incomplete.
    expected.insert("auto.c1.ko-2set.korean-name.every-update")
    // C2 fails where the commit brings no editingChanged and the last marked text the naive
    // validator judged (zhangwei letters) had another verdict than the committed text (张伟).
    expected.insert("auto.c2.zh-pinyin.full-name.no-change-on-commit")
    // P1: a programmatic assignment sends no event, so the naive validator's cached state decides; an
    // incomplete Korean name (a trailing lone jamo) pasted, autofilled or dictated is not refused.
    for field in ["full-name", "japanese-name", "korean-name"] {
      expected.formUnion(["auto.p1.programmatic.\(field).valid", "auto.p1.programmatic.\(field).invalid"])
    }
    for path in ["paste", "autofill", "dictation", "programmatic"] {
      expected.insert("auto.p1.\(path).korean-name.incomplete")
    }
    // P2: the naive rules disagree with the oracle (U+4E00–9FFF only, spaces, lone jamo …).
    for field in ["full-name", "japanese-name", "korean-name"] { expected.insert("auto.p2.\(field)") }
    // Every haptic scenario fails against its negative control.
    for scenario in ScenarioCatalog.automatedHaptics { expected.insert("auto.\(scenario.id)") }
    #expect(failed == expected)
    #expect(
      report.summary.perCheck.map { "\($0.check) \($0.passes)/\($0.failures)" }.prefix(12) == [
        "c1 0/10", "c2 9/1", "c3 3/27", "r1 0/3", "r2 0/9", "r3 3/0", "r4 0/3", "r5 0/4", "r6 0/1",
        "p1 18/10", "p2 0/3", "t1 0/3",
      ])
  }

  @Test func `the summary counts each check in order of first appearance, its items in any order`() {
    let statuses: [(CheckID, Outcome)] = [
      ("c1", .pass), ("c2", .fail), ("c1", .fail), ("haptic.contract", .error), ("c2", .pass), ("c1", .pass),
      ("c2", .pass),
    ]
    let results = statuses.enumerated().map { index, pair in
      ItemResult(
        id: ItemID(rawValue: "auto.\(pair.0).\(index)"), check: pair.0, scenarioVersion: 1, status: pair.1,
        configuration: [], implementation: "FieldValidator", problems: [], steps: [], hapticLog: [])
    }
    let report = RunReport(
      planName: "p", build: nil, planFingerprint: "f", subject: .core, results: results)
    let summary = report.summary
    #expect([summary.items, summary.passes, summary.failures, summary.errors] == [7, 4, 2, 1])
    #expect(
      summary.perCheck.map { "\($0.check) \($0.passes)/\($0.failures)/\($0.errors)" } == [
        "c1 2/1/0", "c2 2/1/0", "haptic.contract 0/0/1",
      ])
    #expect(report.summaryText(summary) == report.summaryText())
  }

  @Test func `each haptic scenario runs its documented negative control`() throws {
    let report = try Fixtures.naiveReport.get()
    for result in report.results where result.check.rawValue.hasPrefix("haptic.") {
      #expect(result.implementation == AutomatedRun.negativeControl(for: result.check)?.implementationName)
      #expect(!result.hapticLog.isEmpty)
    }
    let core = try Fixtures.coreReport.get()
    #expect(
      core.results.filter { $0.check.rawValue.hasPrefix("haptic.") }.allSatisfy {
        $0.implementation == "SaveFlow"
      })
  }

  /// One naive save-flow defect for every haptic item, its own confirmation the item's contract.
  struct DefectSubject: HarnessSubject {
    var defect: NaiveSaveFlow.Defect?
    var name: String { defect?.rawValue ?? "SaveFlow" }
    var version: String { "test" }
    func compositionSubject(for item: PackItem, environment: CompositionEnvironment) -> (
      any CompositionSubject
    )? {
      nil
    }
    func saveFlowSubject(for item: PackItem, environment: SaveFlowEnvironment) -> (any SaveFlowSubject)? {
      guard case .saveFlow(let script) = item.replay else { return nil }
      let confirmation = HapticPattern(packEvents: script.contract)
      return SaveFlowingAdapter(environment) { saver, player, capability in
        if let defect {
          return NaiveSaveFlow(defect: defect, saver: saver, player: player, confirmation: confirmation)
        }
        return SaveFlow(saver: saver, player: player, capability: capability, confirmation: confirmation)
      }
    }
  }

  @Test func `each naive save flow defect fails exactly the haptic scenarios it is built to fail`() throws {
    let plan = try Fixtures.defaultPlan.get()
    let pack = PackExport.make(plan, generator: "test")
    let haptic = pack.items.filter { $0.check.hasPrefix("haptic.") }
    #expect(haptic.count == ScenarioCatalog.automatedHaptics.count)
    func failed(_ defect: NaiveSaveFlow.Defect?) -> Set<String> {
      Set(
        haptic.filter { PackRunner.run($0, subject: DefectSubject(defect: defect)).status == .fail }.map(
          \.check))
    }
    // No naive flow asks the hardware or knows about the background, so each fails
    // unsupported-hardware and background-completion; a stock pattern played instead of the flow's
    // own is never felt as a confirmation; playing at tap time breaks every silence before a success.
    let always: Set<String> = ["haptic.unsupported-hardware", "haptic.background-completion"]
    let duringSave: Set<String> = ["haptic.reset-during-save", "haptic.stop-during-save"]
    let expected: [NaiveSaveFlow.Defect: Set<String>] = [
      .offContractPattern: always.union(["haptic.contract"]),
      .genericPattern: always.union(duringSave).union([
        "haptic.contract", "haptic.success", "haptic.rapid-taps", "haptic.engine-reset",
        "haptic.background-return", "haptic.engine-stopped", "haptic.retry-after-failure",
      ]),
      .playsOnTap: always.union(duringSave).union([
        "haptic.success", "haptic.failure", "haptic.rapid-taps", "haptic.retry-after-failure",
      ]),
      .playsAfterFailure: always.union(["haptic.failure", "haptic.retry-after-failure"]),
      .unguardedTaps: always.union(["haptic.rapid-taps"]),
      // Starting the engine throws too: the same do/catch turns the save into a failure.
      .hapticErrorFailsSave: always.union(["haptic.playback-failure", "haptic.engine-start-failure"]),
      .neverReprepares: always.union(duringSave).union([
        "haptic.engine-reset", "haptic.background-return", "haptic.engine-stopped",
      ]),
      .ignoresEngineStop: always.union(["haptic.engine-stopped", "haptic.stop-during-save"]),
      .inFlightAfterFailure: always.union(["haptic.retry-after-failure"]),
      .preparesAtTapOnly: always.union(duringSave),
    ]
    for defect in NaiveSaveFlow.Defect.allCases {
      #expect(failed(defect) == expected[defect], "\(defect)")
    }
    #expect(failed(nil).isEmpty)
    for scenario in ScenarioCatalog.automatedHaptics.map(\.id) {
      let control = try #require(AutomatedRun.negativeControl(for: scenario))
      #expect(expected[control]?.contains(scenario.rawValue) == true, "\(scenario) runs \(control)")
    }
  }

  /// Issue 21: these bugs survived the pack before the retry and during-save items existed; each
  /// new item is the only one (beside the two every naive flow fails) its control fails.
  @Test func `the retry and during-save items catch what the older items let through`() throws {
    let plan = try Fixtures.defaultPlan.get()
    let older = PackExport.make(plan, generator: "test").items.filter {
      $0.check.hasPrefix("haptic.") && !$0.check.hasSuffix("-during-save")
        && $0.check != "haptic.retry-after-failure"
        && $0.check != "haptic.unsupported-hardware" && $0.check != "haptic.background-completion"
        && $0.check != "haptic.engine-start-failure"
    }
    #expect(older.count == 8)
    for defect in [NaiveSaveFlow.Defect.inFlightAfterFailure, .preparesAtTapOnly] {
      let failing = older.filter {
        PackRunner.run($0, subject: DefectSubject(defect: defect)).status != .pass
      }
      #expect(failing.isEmpty, "\(defect) fails \(failing.map(\.check))")
    }
  }

  @Test(.needsEngines)
  func `a failed composition item carries the keystroke trace with field and validator state`() throws {
    let report = try Fixtures.naiveReport.get()
    let result = try #require(
      report.results.first { $0.id == "auto.c3.ja-romaji.japanese-name.every-update.button" })
    #expect(
      result.problems == [
        "step 2 'submit via button while composing': expected no message, the submission refused while "
          + "composing (nothing sent); seen a message shown, the submission refused as invalid, nothing sent "
          + "(marked text is present: still composing)"
      ])
    #expect(result.steps.map(\.action) == ["key 1 'y'", "submit via button while composing"])
    #expect(result.steps.first?.markedRange == TextRange(location: 0, length: 1))
    #expect(report.results.filter { $0.status == .pass }.allSatisfy { $0.steps.isEmpty })
  }

  @Test func `a missing engine makes its items errors, not passes`() throws {
    let plan = try Fixtures.defaultPlan.get()
    let report = AutomatedRun.run(plan, subject: .core) { name throws(EngineError) in
      if name == "anthy" { throw .engineFailure(name, reason: "not installed here") }
      return try InputMethodEngines.engine(named: name)
    }
    let anthyItems = report.results.filter { $0.id.rawValue.contains(".ja-") }
    #expect(anthyItems.count == 44)
    #expect(anthyItems.allSatisfy { $0.status == .error })
    #expect(
      anthyItems.first?.problems == ["not exported: input method engine 'anthy' failed: not installed here"])
    #expect(report.summary.errors == 44 && report.summary.failures == 0)
    #expect(report.summary.passes == 77)
  }

  @Test(.needsEngines) func `a Korean-name field treats the unfinished syllable as composing`() throws {
    let file = try Fixtures.loadMatrix(
      text: """
        version: 1
        name: Korean
        input_methods:
          - {id: ko-2set, keyboard: "ko_KR@sw=Korean;hw=Automatic", engine: "hangul:2", recipe: rlawlsdn, expect: 김진우}
        devices:
          - {id: iphone-16e, name: iPhone 16e, kind: device, haptics: true, os: {min: "18.3"}}
        fields:
          - {id: name, label: Name, rules: [required, korean-name], messages: {korean-name: 한글만 입력하세요}}
        matrix:
          os: ["26.x"]
          input_method: [ko-2set]
          device: [iphone-16e]
        """)
    let plan = try Plan.make(file: file)
    for subject in BuiltInImplementation.allCases {
      let report = AutomatedRun.run(plan, subject: subject)
      let failures = report.results.filter { $0.status != .pass }.map(\.id)
      if subject == .core {
        #expect(failures.isEmpty, "\(report.results.flatMap(\.problems))")
      } else {
        // 김ㅈ and 김진ㅇ are incomplete: the naive validator shows its error while typing.
        #expect(failures.contains("auto.c1.ko-2set.name.every-update"))
      }
    }
    let field = try #require(plan.automation.fields.first)
    #expect(field.messages.text(for: .koreanNameInvalidCharacter) == "한글만 입력하세요")
    #expect(
      field.validSample == "김진우" && field.invalidSample == "kim jinwoo" && field.incompleteSample == "김진ㅇ")
    // The rule that answers "incomplete": a pasted 김진ㅇ shows nothing and is refused as invalid.
    #expect(plan.items.contains { $0.id == "auto.p1.paste.name.incomplete" })
  }
}

extension AutomatedRunTests {
  /// A keyboard that lets Return through while the candidate is still marked (the web reports in
  /// DOMAIN 1.7): C3 catches a validator that submits it, whatever path it probes.
  @Test(arguments: BuiltInImplementation.allCases)
  func `C3 flags a recipe Return that submits marked text`(_ subject: BuiltInImplementation) throws {
    let trace = Trace(
      engine: "synthetic", recipe: "z{Return}",
      steps: [
        TraceStep(key: .character("z"), preedit: "中", cursor: 1),
        TraceStep(key: .named(.returnKey), preedit: "中", cursor: 1, reachesApp: true),
        TraceStep(key: .character("3"), committed: "中"),
      ])
    let method = Automation.Method(
      id: "zh-cangjie", label: "Cangjie", keyboard: "zh_Hant-Cangjie@sw=Cangjie", engine: "synthetic",
      recipe: try KeystrokeRecipe.parse("z{Return}3"), expect: "中",
      profile: InputMethodProfile(keyboard: "zh_Hant-Cangjie@sw=Cangjie"))
    let field = try #require(try Fixtures.defaultPlan.get().automation.field("full-name"))
    var builder = ScriptBuilder(field: field)
    try builder.composition("c3", trace: trace, method: method, variant: .everyUpdate, trigger: .button)
    let item = PackItem(
      id: "synthetic", check: "c3", scenarioVersion: 1, title: "", configuration: [:],
      replay: .composition(builder.script))
    let result =
      subject == .core
      ? PackRunner.run(item, subject: ReferenceCoreSubject(version: "test"))
      : PackRunner.run(item, subject: NaiveControlsSubject(version: "test"))
    #expect((result.status == .fail) == (subject == .naive), "\(result.problem)")
  }

  /// p2 of a field whose only rule is `required` judges the blanks and the empty text: the field starts
  /// empty, where pasting nothing is no edit, so the empty text comes last and deletes the pasted blank
  /// (a re-planned matrix with such a field failed the reference core at "paste \"\" over the whole text").
  @Test func `p2 of a required field pastes the empty text over a blank, and the core passes it`() throws {
    let field = try VerdictOracleTests.field(rules: "[required]")
    var builder = ScriptBuilder(field: field)
    try builder.ruleTable()
    let pastes = builder.script.steps.map(\.label).filter { $0.hasPrefix("paste") }
    #expect(pastes.last == "paste \"\" over the whole text" && pastes.count == 3, "\(pastes)")
    let emptied = try #require(builder.script.steps.last { $0.label == "paste \"\" over the whole text" })
    #expect(emptied.actions.contains(.deleteBackward) && emptied.expect.messageShown == true)
    let item = PackItem(
      id: "synthetic", check: "p2", scenarioVersion: 1, title: "", configuration: [:],
      replay: .composition(builder.script))
    let core = PackRunner.run(item, subject: ReferenceCoreSubject(version: "test"))
    #expect(core.status == .pass, "\(core.problem)")
    // Negative control: the naive `required`, which lets a space pass, fails the same item.
    let naive = PackRunner.run(item, subject: NaiveControlsSubject(version: "test"))
    #expect(naive.status == .fail)
  }
}
