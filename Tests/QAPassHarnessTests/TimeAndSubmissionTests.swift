import Foundation
import QAPassHarness
import Testing

/// A field written here from scratch: it validates "digits only" `debounce` milliseconds after each
/// `editingChanged`, on the replay's clock, and submits by judging the field again (or, with
/// `readsStaleVerdict`, on the last debounced verdict). What it sends goes to the recorder, unless
/// told to lie about it.
final class DebouncedField: CompositionSubject {
  enum Lie { case none, sendsNothing, sendsOtherText, sendsOnRefusal, sendsOnEveryChange }

  var text = ""
  var isMessageShown = false
  var isSubmitEnabled = false
  var messageText: String? { isMessageShown ? "digits only" : nil }
  let debounce: Int
  let readsStaleVerdict: Bool
  let lie: Lie
  let clock: VirtualClock
  let recorder: SubmissionRecorder
  private var pending: VirtualClock.Task?

  init(
    _ environment: CompositionEnvironment, debounce: Int, readsStaleVerdict: Bool = false, lie: Lie = .none
  ) {
    self.debounce = debounce
    self.readsStaleVerdict = readsStaleVerdict
    self.lie = lie
    clock = environment.clock
    recorder = environment.recorder
  }

  static func valid(_ text: String) -> Bool { !text.isEmpty && text.allSatisfy(\.isNumber) }

  func setMarkedText(_ new: String, selectedRange: PackRange) {}
  func unmarkText() {}
  func insertText(_ new: String) { text += new }
  func deleteBackward() { if !text.isEmpty { text.removeLast() } }
  func replace(_ range: PackRange, with new: String) { text = new }
  func select(_ range: PackRange) { if range.length > 0 { text = "" } }
  func assignText(_ new: String) { text = new }

  func receive(_ event: FieldEvent) -> Submission? {
    if event == .returnKey { return submit(via: .button) }
    guard event == .editingChanged else { return nil }
    if lie == .sendsOnEveryChange { recorder.send(text) }
    pending?.cancel()
    let judged = text
    pending = clock.schedule(afterMilliseconds: debounce) { [unowned self] in
      isMessageShown = !Self.valid(judged)
      isSubmitEnabled = Self.valid(judged)
    }
    return nil
  }

  func submit(via path: SubmitPath) -> Submission {
    let accepted = readsStaleVerdict ? isSubmitEnabled : Self.valid(text)
    guard accepted else {
      if lie == .sendsOnRefusal { recorder.send(text) }
      return .refusedInvalid
    }
    switch lie {
    case .sendsNothing: break
    case .sendsOtherText: recorder.send(text + "0")
    default: recorder.send(text)
    }
    return .accepted(text)
  }
}

struct DebouncedApp: HarnessSubject {
  var debounce = 300
  var readsStaleVerdict = false
  var lie = DebouncedField.Lie.none
  var name: String { "Debounced" }
  var version: String { "1" }
  func compositionSubject(for item: PackItem, environment: CompositionEnvironment) -> (
    any CompositionSubject
  )? {
    DebouncedField(environment, debounce: debounce, readsStaleVerdict: readsStaleVerdict, lie: lie)
  }
  func saveFlowSubject(for item: PackItem, environment: SaveFlowEnvironment) -> (any SaveFlowSubject)? { nil }
}

struct TimeAndSubmissionTests {
  static let field = PackField(id: "pin", label: "PIN", rules: ["regex:[0-9]+"])

  static func item(_ steps: [CompositionStep], settle: Int = 1000, continues: Bool = false) -> PackItem {
    PackItem(
      id: "auto.t1.pin", check: "t1", scenarioVersion: 1, title: "t", configuration: [:],
      replay: .composition(
        CompositionScript(
          field: field,
          policies: CompositionPolicies(settleMilliseconds: settle, silentCommitReturn: .submits),
          continuesAfterFailure: continues, steps: steps)))
  }

  static func step(
    _ label: String, _ actions: [FieldAction], delay: Int? = nil,
    _ expect: FieldExpectation = FieldExpectation()
  ) -> CompositionStep {
    CompositionStep(
      label: label, delayMilliseconds: delay, actions: actions, expect: expect, marked: nil,
      selection: .caret(at: 0))
  }

  static func paste(_ text: String, _ expect: FieldExpectation = FieldExpectation()) -> CompositionStep {
    step(
      "paste \(text)",
      [.select(PackRange(location: 0, length: 9)), .insertText(text), .event(.editingChanged)], expect)
  }

  static let shownValid = FieldExpectation(messageShown: false, submitEnabled: true)

  // MARK: The clock

  @Test func `the clock runs due work in time order, work it schedules included, and never cancelled work`() {
    let clock = VirtualClock()
    var ran: [String] = []
    clock.schedule(afterMilliseconds: 300) { ran.append("b") }
    let cancelled = clock.schedule(afterMilliseconds: 100) { ran.append("never") }
    clock.schedule(afterMilliseconds: 100) {
      ran.append("a")
      clock.schedule(afterMilliseconds: 50) { ran.append("a+50") }
    }
    cancelled.cancel()
    clock.advance(byMilliseconds: 120)
    #expect(ran == ["a"] && clock.now == 120 && clock.pendingCount == 2)
    clock.advance(byMilliseconds: 1000)
    #expect(ran == ["a", "a+50", "b"] && clock.now == 1120 && clock.pendingCount == 0)
    clock.schedule(afterMilliseconds: 0) { ran.append("now") }
    #expect(ran.last == "b", "work due now waits for the next turn")
    clock.advance(byMilliseconds: 0)
    #expect(ran.last == "now" && cancelled.isCancelled && !cancelled.hasRun)
  }

  // MARK: Settle time

  /// Issue 21: a 300 ms debounce is no bug the articles name; the display is read after the team's
  /// settle time (1000 ms by default), and a settle time shorter than the debounce is what fails it.
  @Test func `a debounced form is read after the settle time the team declares`() {
    let steps = [Self.paste("123", Self.shownValid)]
    #expect(PackRunner.run(Self.item(steps), subject: DebouncedApp()).status == .pass)
    let short = PackRunner.run(Self.item(steps, settle: 100), subject: DebouncedApp())
    #expect(short.status == .fail)
    #expect(short.failure?.seen == "submit disabled")
    #expect(short.trace.last?.time == 100)
    #expect(
      PackRunner.run(Self.item(steps, settle: 100), subject: DebouncedApp(debounce: 50)).status == .pass)
  }

  /// "Submit N ms after the last key": the submission happens at its step's time, before a slower
  /// debounce ran; only a form that reads that debounced verdict fails.
  @Test(arguments: [(100, true), (100, false), (500, false), (500, true)])
  func `a submission right after an edit follows the edit, not the debounced verdict`(delay: Int, stale: Bool)
  {
    let steps = [
      Self.paste("123", Self.shownValid),
      Self.paste("12a"),
      Self.step(
        "submit \(delay) ms after the paste", [.submit(.button)], delay: delay,
        FieldExpectation(submission: .refusedInvalid)),
    ]
    let result = PackRunner.run(Self.item(steps), subject: DebouncedApp(readsStaleVerdict: stale))
    // At 500 ms the 300 ms debounce has judged "12a", so even the stale form refuses it.
    #expect((result.status == .fail) == (stale && delay < 300), "\(result.problem)")
    if stale && delay < 300 {
      #expect(
        result.problem
          == "step 3 'submit 100 ms after the paste': expected the submission refused as invalid (nothing sent); "
          + "seen the submission accepted \"12a\", sent \"12a\"")
    }
  }

  // MARK: What the app sent

  @Test(
    arguments: [
      (DebouncedField.Lie.none, nil),
      (
        .sendsNothing,
        "step 2 'submit': expected the submission accepted \"123\" (\"123\" sent); seen the submission accepted \"123\", nothing sent"
      ),
      (
        .sendsOtherText,
        "step 2 'submit': expected the submission accepted \"123\" (\"123\" sent); seen the submission accepted \"123\", sent \"1230\""
      ),
      (
        .sendsOnRefusal,
        "step 4 'submit': expected the submission refused as invalid (nothing sent); seen the submission refused as invalid, sent \"12a\""
      ),
      (.sendsOnEveryChange, "step 1 'paste 123': expected nothing sent; seen sent \"123\""),
    ] as [(DebouncedField.Lie, String?)])
  func `an acceptance is what the app sent, and a refusal sends nothing`(
    lie: DebouncedField.Lie, problem: String?
  ) {
    let steps = [
      Self.paste("123", Self.shownValid),
      Self.step("submit", [.submit(.button)], FieldExpectation(submission: .accepted("123"))),
      Self.paste("12a"),
      Self.step("submit", [.submit(.button)], delay: 500, FieldExpectation(submission: .refusedInvalid)),
    ]
    let result = PackRunner.run(Self.item(steps), subject: DebouncedApp(lie: lie))
    #expect(result.status == (problem == nil ? .pass : .fail))
    #expect(result.problem == (problem ?? ""))
    if lie == .sendsOtherText { #expect(result.trace.last?.sent == ["1230"]) }
  }

  // MARK: Every failing step

  @Test func `a script that goes on after a failure reports every failing step`() {
    let steps = [
      Self.paste("1a", FieldExpectation(messageShown: false, submitEnabled: true)),
      Self.paste("12", Self.shownValid),
      Self.paste("b2", FieldExpectation(messageShown: false, submitEnabled: true)),
    ]
    let stops = PackRunner.run(Self.item(steps), subject: DebouncedApp())
    #expect(stops.failures.map(\.step) == [1] && stops.trace.count == 1)
    let goesOn = PackRunner.run(Self.item(steps, continues: true), subject: DebouncedApp())
    #expect(goesOn.failures.map(\.step) == [1, 3] && goesOn.trace.count == 3)
    #expect(goesOn.problems.count == 2)
    #expect(goesOn.problem.contains("step 1 'paste 1a'") && goesOn.problem.contains("; step 3 'paste b2'"))
    let run = HarnessRun(
      subjectName: "s", subjectVersion: "1", packFingerprint: "sha256:0", matrixName: "m",
      planFingerprint: "sha256:0", results: [goesOn])
    let loaded = try? HarnessRun.load(Data(run.json().utf8))
    #expect(loaded?.results.first?.failures.count == 2)
    #expect(
      run.junitXML().contains("step 3 &apos;paste b2&apos;") || run.junitXML().contains("step 3 'paste b2'"))
  }

  @Test func `select and a step's delay round-trip through the pack`() throws {
    let item = Self.item([Self.step("select", [.select(PackRange(location: 1, length: 2))], delay: 250)])
    let pack = ScenarioPack(
      generator: "t", matrixName: "m", build: nil, planFingerprint: "sha256:0",
      items: [item])
    let text = pack.fileContents()
    #expect(text.contains(#"{"op":"select","range":{"length":2,"location":1}}"#))
    #expect(text.contains(#""delayMilliseconds":250"#))
    #expect(text.contains(#""policies":{"settleMilliseconds":1000,"silentCommitReturn":"submits"}"#))
    #expect(try ScenarioPack.load(Data(text.utf8)) == pack)
  }
}
