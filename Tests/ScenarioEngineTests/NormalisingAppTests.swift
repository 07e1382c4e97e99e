import AcceptanceCore
import CoreAdapters
import Foundation
import QAPassHarness
import Testing

@testable import ScenarioEngine

/// An app that changes the user's code points fails (issue 34, "'Exactly this text' is canonical
/// equivalence"): one that sends 한별-like Korean names as conjoining jamo (NFD), one that turns the
/// compatibility ideograph 朗 U+F929 into U+6717 (NFC). The harness compares scalar by scalar; with
/// Swift's `==`, canonical equivalence, both passed.
struct NormalisingAppTests {
  static let matrix = """
    version: 1
    name: Names
    input_methods:
      - {id: ko-2set, keyboard: ko_KR@sw=Korean;hw=Automatic, engine: hangul:2, recipe: rlawlsdn, expect: 김진우}
    devices:
      - {id: sim, name: iPhone 16e Simulator, kind: simulator, haptics: false, os: {min: "18.3"}}
    fields:
      - {id: name, label: Name, rules: [required, han-name], input_methods: []}
      - {id: korean, label: Korean name, rules: [required, korean-name], input_methods: []}
    matrix: {os: ["26.x"], input_method: [ko-2set], device: [sim]}
    """

  /// The core's validator, whose submissions the app sends through `normalise` (the planted bug).
  struct NormalisingApp: HarnessSubject {
    var normalise: @Sendable (String) -> String
    var name: String { "NormalisingApp" }
    var version: String { "test" }
    func compositionSubject(for item: PackItem, environment: CompositionEnvironment)
      -> (any CompositionSubject)?
    {
      guard let rule = ReferenceCoreSubject.rule(for: environment.field) else { return nil }
      let inner = FieldValidatingAdapter(
        FieldValidator(field: TextFieldModel(), rule: rule), recorder: SubmissionRecorder())
      return Normalising(inner: inner, outbox: environment.recorder, normalise: normalise)
    }
    func saveFlowSubject(for item: PackItem, environment: SaveFlowEnvironment) -> (any SaveFlowSubject)? {
      nil
    }
  }

  /// Forwards everything to the core's adapter; what it submits and sends is normalised.
  final class Normalising: CompositionSubject {
    let inner: FieldValidatingAdapter
    let outbox: SubmissionRecorder
    let normalise: (String) -> String
    init(inner: FieldValidatingAdapter, outbox: SubmissionRecorder, normalise: @escaping (String) -> String) {
      self.inner = inner
      self.outbox = outbox
      self.normalise = normalise
    }
    func setMarkedText(_ text: String, selectedRange: PackRange) {
      inner.setMarkedText(text, selectedRange: selectedRange)
    }
    func unmarkText() { inner.unmarkText() }
    func insertText(_ text: String) { inner.insertText(text) }
    func deleteBackward() { inner.deleteBackward() }
    func replace(_ range: PackRange, with text: String) { inner.replace(range, with: text) }
    func select(_ range: PackRange) { inner.select(range) }
    func assignText(_ text: String) { inner.assignText(text) }
    func receive(_ event: FieldEvent) -> Submission? { forward(inner.receive(event)) }
    func submit(via path: SubmitPath) -> Submission { forward(inner.submit(via: path)) ?? .refusedInvalid }
    var text: String { inner.text }
    var isMessageShown: Bool { inner.isMessageShown }
    var messageText: String? { inner.messageText }
    var isSubmitEnabled: Bool { inner.isSubmitEnabled }

    private func forward(_ submission: Submission?) -> Submission? {
      guard case .accepted(let text)? = submission else { return submission }
      outbox.send(normalise(text))
      return .accepted(normalise(text))
    }
  }

  static func run(_ normalise: @escaping @Sendable (String) -> String) throws -> HarnessRun {
    let plan = try Plan.make(file: Fixtures.loadMatrix(text: matrix))
    return PackRunner.run(
      PackExport.make(plan, generator: "test", engines: nil), subject: NormalisingApp(normalise: normalise))
  }

  @Test func `an app that sends Korean names as conjoining jamo fails p2`() throws {
    let run = try Self.run { $0.decomposedStringWithCanonicalMapping }
    let failed = try #require(run.results.first { $0.id == "auto.p2.korean" })
    #expect(failed.status == .fail)
    #expect(
      failed.problem.contains("canonically equivalent, but other code points: expected U+AE40"),
      "\(failed.problem)")
  }

  @Test func `an app that normalises U+F929 to U+6717 fails p2`() throws {
    let run = try Self.run { $0.precomposedStringWithCanonicalMapping }
    let failed = try #require(run.results.first { $0.id == "auto.p2.name" })
    #expect(failed.status == .fail)
    #expect(failed.problems.count == 1)
    #expect(failed.problem.contains("expected U+91D1 U+F929, seen U+91D1 U+6717"), "\(failed.problem)")
    // The Korean names are already precomposed: NFC leaves them as they are.
    #expect(run.results.first { $0.id == "auto.p2.korean" }?.status == .pass)
  }

  @Test func `p2 gives each text its own result, so one text the app changes hides none of the others`()
    throws
  {
    let run = try Self.run { $0.precomposedStringWithCanonicalMapping }
    let failed = try #require(run.results.first { $0.id == "auto.p2.name" })
    // One text fails (金 U+F929), named with its own failures; every other text of the item passes.
    #expect(failed.texts.filter { $0.status == .fail }.map(\.text) == ["金\u{F929}"])
    #expect(failed.texts.count > 10)
    #expect(failed.texts.filter { $0.status == .fail }.flatMap(\.failures) == failed.failures)
    // The app's own JUnit names the failing text in the failure message and lists every text's result.
    let junit = run.junitXML()
    #expect(
      junit.contains("message=\"1 of \(failed.texts.count) texts fail: &quot;金\u{F929}&quot;\""), "\(junit)")
    #expect(junit.contains("text \"金\u{F929}\" (U+91D1 U+F929): fail: step "))
    // The app that decomposes Korean names fails every Korean name of p2, each one named.
    let korean = try #require(
      try Self.run { $0.decomposedStringWithCanonicalMapping }.results.first {
        $0.id == "auto.p2.korean"
      })
    let failing = korean.texts.filter { $0.status == .fail }
    #expect(failing.count > 1 && failing.count < korean.texts.count, "\(korean.texts.map(\.text))")
    #expect(failing.allSatisfy { !$0.failures.isEmpty })
    // The results survive the results file.
    let decoded = try JSONDecoder().decode(HarnessItemResult.self, from: JSONEncoder().encode(korean))
    #expect(decoded.texts == korean.texts)
  }

  @Test func `the same app sending the text as typed passes (control)`() throws {
    let run = try Self.run { $0 }
    #expect(run.results.filter { $0.status != .pass }.map(\.problem) == [])
  }
}
