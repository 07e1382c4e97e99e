import Foundation
import QAPassHarness
import TestSupport
import Testing

/// A field wiring written here from scratch (no AcceptanceCore): judges `text` on every event, so
/// it shows an error while pinyin letters are still marked — the bug C1 is about.
final class EagerField: CompositionSubject {
  var text = ""
  var marked: PackRange?
  var isMessageShown = false
  var isSubmitEnabled = false
  var messageText: String? { isMessageShown ? "Chinese only" : nil }
  let composingAware: Bool
  let recorder: SubmissionRecorder

  init(composingAware: Bool, recorder: SubmissionRecorder) {
    self.composingAware = composingAware
    self.recorder = recorder
  }

  private var units: [UInt16] { Array(text.utf16) }
  private func splice(_ range: PackRange, _ new: String) {
    var u = units
    u.replaceSubrange(range.location..<(range.location + range.length), with: Array(new.utf16))
    text = String(decoding: u, as: UTF16.self)
  }
  func setMarkedText(_ new: String, selectedRange: PackRange) {
    let target = marked ?? PackRange.caret(at: units.count)
    splice(target, new)
    marked = new.isEmpty ? nil : PackRange(location: target.location, length: new.utf16.count)
  }
  func unmarkText() { marked = nil }
  func insertText(_ new: String) {
    splice(marked ?? .caret(at: units.count), new)
    marked = nil
  }
  func deleteBackward() { if !text.isEmpty { text.removeLast() } }
  func replace(_ range: PackRange, with new: String) { splice(range, new) }
  func select(_ range: PackRange) { marked = nil }
  func assignText(_ new: String) {
    text = new
    judge()
  }
  private var valid: Bool {
    !text.isEmpty && text.unicodeScalars.allSatisfy { (0x4E00...0x9FFF).contains($0.value) }
  }
  private func judge() {
    if composingAware && marked != nil {
      isMessageShown = false
      isSubmitEnabled = false
    } else {
      isMessageShown = !valid
      isSubmitEnabled = valid
    }
  }
  func receive(_ event: FieldEvent) -> Submission? {
    judge()
    return event == .returnKey ? submit(via: .button) : nil
  }
  func submit(via path: SubmitPath) -> Submission {
    if marked != nil { return .refusedComposing }
    guard valid else { return .refusedInvalid }
    recorder.send(text)
    return .accepted(text)
  }
}

struct EagerSubject: HarnessSubject {
  var composingAware: Bool
  var name: String { composingAware ? "Aware" : "Eager" }
  var version: String { "1" }
  func compositionSubject(for item: PackItem, environment: CompositionEnvironment) -> (
    any CompositionSubject
  )? {
    EagerField(composingAware: composingAware, recorder: environment.recorder)
  }
  func saveFlowSubject(for item: PackItem, environment: SaveFlowEnvironment) -> (any SaveFlowSubject)? { nil }
}

struct PackRunnerTests {
  static let item = PackItem(
    id: "auto.c1.zh-pinyin.full-name.every-update", check: "c1", scenarioVersion: 1, title: "t",
    configuration: ["field": "full-name"],
    replay: .composition(
      CompositionScript(
        field: PackField(id: "full-name", label: "Name", rules: ["required", "han-name"]),
        steps: [
          CompositionStep(
            label: "key 1 'z'",
            actions: [.setMarkedText("z", selection: .caret(at: 1)), .event(.editingChanged)],
            expect: FieldExpectation(text: "z", messageShown: false, submitEnabled: false),
            marked: PackRange(location: 0, length: 1), selection: .caret(at: 1)),
          CompositionStep(
            label: "commit",
            actions: [.setMarkedText("中", selection: .caret(at: 1)), .unmarkText, .event(.editingChanged)],
            expect: FieldExpectation(text: "中", messageShown: false, submitEnabled: true),
            marked: nil, selection: .caret(at: 1)),
          CompositionStep(
            label: "submit", actions: [.submit(.button)],
            expect: FieldExpectation(submission: .accepted("中")),
            marked: nil, selection: .caret(at: 1)),
        ])))
  static let pack = ScenarioPack(
    generator: "test", matrixName: "m", build: nil, planFingerprint: "sha256:0",
    items: [item],
    unexported: [
      UnexportedItem(id: "auto.c1.ja.full-name.every-update", check: "c1", reason: "anthy missing")
    ])

  @Test func `a correct subject passes and a naive one stops at its first failing step`() {
    let aware = PackRunner.run(Self.item, subject: EagerSubject(composingAware: true))
    #expect(aware.status == .pass && aware.trace.isEmpty)
    let eager = PackRunner.run(Self.item, subject: EagerSubject(composingAware: false))
    #expect(eager.status == .fail)
    #expect(eager.failure?.step == 1)
    #expect(eager.failure?.expected == "no message")
    #expect(eager.failure?.seen == "a message shown")
    #expect(eager.trace.count == 1)
  }

  @Test func `unexported items are errors, never passes`() {
    let run = PackRunner.run(Self.pack, subject: EagerSubject(composingAware: true))
    #expect(run.summary.items == 2 && run.summary.passes == 1 && run.summary.errors == 1)
    #expect(run.results.last?.problem == "not exported: anthy missing")
  }

  @Test func `a pack round-trips byte for byte and refuses a hand edit`() throws {
    let text = Self.pack.fileContents()
    let loaded = try ScenarioPack.load(Data(text.utf8))
    #expect(loaded == Self.pack)
    #expect(loaded.fileContents() == text)
    #expect(text.contains("\"fingerprint\":\"\(Self.pack.fingerprint)\""))
    let edited = text.replacingOccurrences(of: "\"中\"", with: "\"申\"")
    #expect(throws: PackError.self) { try ScenarioPack.load(Data(edited.utf8)) }
    let error = try #require(throws: PackError.self) { try ScenarioPack.load(Data("{}".utf8)) }
    #expect(error.description.hasPrefix("not a scenario pack: no member 'format'"))
  }

  @Test func `JUnit keeps ids and the suite's properties`() throws {
    let run = PackRunner.run(Self.pack, subject: EagerSubject(composingAware: false))
    let xml = run.junitXML()
    #expect(
      xml.contains(
        "<testcase name=\"auto.c1.zh-pinyin.full-name.every-update\" classname=\"app.Eager.composition.c1\">")
    )
    #expect(xml.contains("<property name=\"qapass.generator\" value=\"qapass-harness\"/>"))
    #expect(xml.contains("<testsuite name=\"Eager\" tests=\"2\" failures=\"1\" errors=\"1\""))
    #expect(!xml.contains("time="), "no timings: the same run writes the same bytes")
    #expect(xml == PackRunner.run(Self.pack, subject: EagerSubject(composingAware: false)).junitXML())
    let json = run.json()
    #expect(try HarnessRun.load(Data(json.utf8)) == run)
  }

  /// A save-flow item beside the composition item, and one unexported item of each channel.
  static let mixedPack = ScenarioPack(
    generator: "test", matrixName: "m", build: nil, planFingerprint: "sha256:0",
    items: [
      item,
      PackItem(
        id: "auto.haptic.success", check: "haptic.success", scenarioVersion: 1, title: "t",
        configuration: [:],
        replay: .saveFlow(
          SaveFlowScript(
            contract: [PackHapticEvent(type: "transient", time: 0, intensity: 1, sharpness: 0.5)],
            supportsHaptics: true, prepareFails: false, playFails: false,
            steps: [SaveFlowStep(.tap)]))),
    ],
    unexported: [
      UnexportedItem(id: "auto.c1.ja.full-name.every-update", check: "c1", reason: "anthy missing"),
      UnexportedItem(id: "auto.haptic.engine-reset", check: "haptic.engine-reset", reason: "no contract"),
    ])

  /// Issue 21: the app's results are cases of their own, never the reference core's identity.
  @Test func `each JUnit case is app.<subject>.<channel>.<check> / the item id, the channel from the replay`()
    throws
  {
    let run = PackRunner.run(Self.mixedPack, subject: EagerSubject(composingAware: true))
    let cases = try JUnitCaseIdentity.all(in: run.junitXML())
    #expect(
      cases == [
        JUnitCaseIdentity(
          classname: "app.Aware.composition.c1", name: "auto.c1.zh-pinyin.full-name.every-update"),
        JUnitCaseIdentity(classname: "app.Aware.haptics.haptic.success", name: "auto.haptic.success"),
        JUnitCaseIdentity(classname: "app.Aware.composition.c1", name: "auto.c1.ja.full-name.every-update"),
        JUnitCaseIdentity(
          classname: "app.Aware.haptics.haptic.engine-reset", name: "auto.haptic.engine-reset"),
      ])
    // Negative control: the channel is the replay's, not a constant.
    #expect(run.results.map(\.channel) == [.composition, .haptics, nil, nil])
    #expect(Set(cases.map { $0.classname.split(separator: ".")[2] }) == ["composition", "haptics"])
    // The subject's name is in the identity, its version and the configuration never are.
    #expect(cases.allSatisfy { $0.classname.hasPrefix("app.Aware.") })
    var renamed = run
    renamed.subjectVersion = "2.0"
    #expect(try JUnitCaseIdentity.all(in: renamed.junitXML()) == cases)
    #expect(!cases.contains { $0.classname.contains("full-name") || $0.name.contains("=") })
  }

  @Test func `the channel travels in the results JSON, and results without it still load`() throws {
    let run = PackRunner.run(Self.mixedPack, subject: EagerSubject(composingAware: true))
    let json = run.json()
    #expect(json.contains("\"channel\" : \"haptics\""))
    let loaded = try HarnessRun.load(Data(json.utf8))
    #expect(loaded == run && loaded.junitXML() == run.junitXML())
    let older = json.replacingOccurrences(of: "\"channel\" : \"haptics\",", with: "")
      .replacingOccurrences(of: "\"channel\" : \"composition\",", with: "")
    #expect(!older.contains("\"channel\""))
    let old = try HarnessRun.load(Data(older.utf8))
    #expect(old.results.allSatisfy { $0.channel == nil })
    #expect(old.junitXML() == run.junitXML(), "the check's id gives the same channel")
  }

  @Test func `a status no replay gives is refused, naming those a replay gives`() throws {
    let json = PackRunner.run(Self.pack, subject: EagerSubject(composingAware: false)).json()
    let stale = json.replacingOccurrences(of: "\"status\" : \"fail\"", with: "\"status\" : \"stale\"")
    #expect(stale != json)
    let error = try #require(throws: PackError.self) { try HarnessRun.load(Data(stale.utf8)) }
    #expect(
      error.description.contains("'stale' is not the outcome of a replay (expected one of pass, fail, error)")
    )
  }

  @Test func `the recording player loses plays after a reset until prepared again`() throws {
    let player = RecordingPlayer()
    let pattern = [PackHapticEvent(type: "transient", time: 0, intensity: 1, sharpness: 0.5)]
    try player.prepare()
    try player.play(pattern)
    player.losePreparation()
    try player.play(pattern)
    #expect(player.playRequests == 2 && player.felt(pattern) == 1)
  }
}
