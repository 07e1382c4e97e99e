import Foundation
import QAPassHarness
import SignUpCore
import Testing

/// The pack exported from qapass's matrices/default.yaml, replayed against the form.
enum Pack {
  /// `QAPASS_PACK` when set (what `make run` exports), else the committed copy.
  static let pack: ScenarioPack = {
    let environment = ProcessInfo.processInfo.environment
    let url =
      environment["QAPASS_PACK"].map(URL.init(fileURLWithPath:))
      ?? Bundle.module.url(forResource: "default.pack", withExtension: "json")!
    do {
      return try ScenarioPack.load(contentsOf: url)
    } catch {
      fatalError("cannot read the scenario pack at \(url.path): \(error)")
    }
  }()
}

struct PackReplayTests {
  /// The form has every field the pack's items are about (the default matrix's three name fields).
  @Test func `the form has every field of the pack`() {
    let fields = Set(
      Pack.pack.items.compactMap { item in
        if case .composition(let script) = item.replay { script.field.id } else { nil }
      })
    #expect(fields == Set(SignUpSubject.fields.keys))
  }

  /// One test case per item, named by its id.
  @Test(arguments: Pack.pack.items)
  func `the corrected form passes`(item: PackItem) {
    let result = PackRunner.run(item, subject: SignUpSubject(code: .corrected))
    #expect(result.status == .pass, "\(result.problem)")
  }

  /// What replaying the pack finds in the articles' code as written, field by field, kept visible:
  /// if a fix lands in that code (or the pack stops finding a bug), this test says so.
  @Test func `the articles' code as written shows its findings`() {
    let run = PackRunner.run(
      Pack.pack, subject: SignUpSubject(code: .asWritten), fingerprint: Pack.pack.fingerprint)
    #expect(run.results.allSatisfy { $0.status != .error })
    let failed = Dictionary(grouping: run.results.filter { $0.status != .pass }) {
      $0.configuration["field"] ?? "save flow"
    }.mapValues { Set($0.map(\.check)) }
    let findings: [String: Set<String>] = [
      "full-name": [
        // The old state stays when a new composition starts: after 张 is committed, Save is still
        // enabled while "wei" is marked (c1); after an invalid commit, the message stays (r1).
        "c1", "r1",
        // A commit announced without editingChanged (c2, r2), or only by focus leaving (r3), is
        // never judged; an invalid commit announced by the selection change alone keeps the old
        // state (r4).
        "c2", "r2", "r3", "r4",
        // Save, Return and code answer from the button's last state, never from the marked text.
        "c3",
        // U+4E00–9FA5 leaves out 刘䶮 (Extension A): the valid sample that p1 and t1 paste.
        "p1", "p2", "t1",
      ],
      "japanese-name": [
        // As in the Chinese field, except c1: 山田 is one composition, so no earlier commit has
        // left Save enabled while kana are marked.
        "r1", "c2", "r2", "r3", "r4", "c3",
        // The tutorials' ranges leave out 々: 佐々木みゆき, the valid sample p1 and t1 paste, is refused.
        "p1", "p2", "t1",
      ],
      "korean-name": [
        // The Korean keyboard marks no text, so the markedTextRange guard never waits: the first
        // jamo (ㅂ of 박) shows the error while the syllable is being typed, and r6, which judges
        // every rewrite while typing goes on, sees it at the same key.
        "c1", "r6",
        // 김진ㅇ, a syllable still being typed, shows the error (p1, p2); text that code assigns
        // sends no event, so Save's last state submits "kim jinwoo" and 김진ㅇ and refuses 김진우.
        "p1", "p2",
      ],
      "save flow": [
        // Rapid taps save three times; nothing restarts the engine after a reset, a stop or the
        // background, between saves or during one; a save completing in the background still plays.
        "haptic.rapid-taps", "haptic.engine-reset", "haptic.engine-stopped", "haptic.background-return",
        "haptic.reset-during-save", "haptic.stop-during-save", "haptic.background-completion",
      ],
    ]
    #expect(failed == findings)
  }

  /// The app's own pattern is what `haptic.contract` checks (issue 21): the same corrected code with
  /// a `confirmationEvents()` that drifted to 0.65/0.35 fails that one item against the matrix's
  /// 1.0/0.5, and still passes every other save-flow item (what plays is its own pattern).
  @Test func `an app whose confirmation drifted from the contract fails haptic.contract alone`() {
    let drifted = SignUpSubject(
      code: .corrected, confirmation: confirmationEvents(intensity: 0.65, sharpness: 0.35))
    let saveFlow = Pack.pack.items.filter { if case .saveFlow = $0.replay { true } else { false } }
    let failed = saveFlow.map { PackRunner.run($0, subject: drifted) }.filter { $0.status != .pass }
    #expect(failed.map(\.check) == ["haptic.contract"])
    #expect(
      failed.first?.problem.contains(
        "seen the app's pattern transient t=0.000 i=0.650 s=0.350 (event 1: intensity 0.650, expected 1.000; "
          + "event 1: sharpness 0.350, expected 0.500)") == true, "\(failed.first?.problem ?? "")")
  }

  /// `make run` sets `QAPASS_RESULTS`: the corrected form's results go to the report from there.
  @Test func `results for qapass pass --automated`() throws {
    let run = PackRunner.run(
      Pack.pack, subject: SignUpSubject(code: .corrected), fingerprint: Pack.pack.fingerprint)
    #expect(run.results.count == Pack.pack.items.count)
    #expect(run.summary.failures == 0 && run.summary.errors == 0)
    guard let path = ProcessInfo.processInfo.environment["QAPASS_RESULTS"] else { return }
    let url = URL(fileURLWithPath: path)
    try FileManager.default.createDirectory(
      at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
    try run.json().write(to: url, atomically: true, encoding: .utf8)
    try run.junitXML().write(
      to: url.deletingPathExtension().appendingPathExtension("xml"), atomically: true, encoding: .utf8)
  }
}
