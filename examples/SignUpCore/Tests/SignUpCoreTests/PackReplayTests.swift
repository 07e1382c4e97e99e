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

  /// The fields this app has: its sign-up form's name field (`full-name` in the matrix). The pack's
  /// Japanese- and Korean-name items are for forms with those fields; an app replays the items of the
  /// fields it has (and every save-flow item).
  static let fields: Set<String> = ["full-name"]

  /// The items of `pack` this app replays, with the pack's own fingerprint kept for the results.
  static let mine: ScenarioPack = {
    var mine = pack
    mine.items = pack.items.filter { item in
      guard case .composition(let script) = item.replay else { return true }
      return fields.contains(script.field.id)
    }
    return mine
  }()
}

struct PackReplayTests {
  /// One test case per item, named by its id.
  @Test(arguments: Pack.mine.items)
  func `the corrected form passes`(item: PackItem) {
    let result = PackRunner.run(item, subject: SignUpSubject(code: .corrected))
    #expect(result.status == .pass, "\(result.problem)")
  }

  /// What replaying the pack finds in the articles' code as written, kept visible: if a fix lands
  /// in that code (or the pack stops finding a bug), this test says so.
  @Test func `the articles' code as written shows its findings`() {
    let run = PackRunner.run(
      Pack.mine, subject: SignUpSubject(code: .asWritten), fingerprint: Pack.pack.fingerprint)
    let failed = Set(run.results.filter { $0.status != .pass }.map(\.check))
    #expect(run.results.allSatisfy { $0.status != .error })
    let findings: Set<String> = [
      // The old message stays, and Save stays enabled, when a new composition starts: after 张 is
      // committed, Save can be tapped while "wei" is still marked.
      "r1", "c1",
      // A commit announced without editingChanged, or only by focus leaving, is never judged.
      "c2", "r3", "r4",
      // Save, Return and code trust the button's last state, so a Return after a silent commit submits
      // nothing; code that sets the text leaves the old verdict on screen.
      "c3", "r2", "p1",
      // U+4E00–9FA5 leaves out 刘䶮 (Extension A) and 𠮷 (Extension B), the valid sample T1 pastes; a
      // leading dot passes.
      "p2", "t1",
      // Rapid taps save three times; nothing restarts the engine after a reset, a stop or the
      // background, between saves or during one; a save completing in the background still plays.
      "haptic.rapid-taps", "haptic.engine-reset", "haptic.engine-stopped", "haptic.background-return",
      "haptic.reset-during-save", "haptic.stop-during-save", "haptic.background-completion",
    ]
    #expect(failed == findings)
  }

  /// The app's own pattern is what `haptic.contract` checks (issue 21): the same corrected code with
  /// a `confirmationEvents()` that drifted to 0.65/0.35 fails that one item against the matrix's
  /// 1.0/0.5, and still passes every other save-flow item (what plays is its own pattern).
  @Test func `an app whose confirmation drifted from the contract fails haptic.contract alone`() {
    let drifted = SignUpSubject(code: .corrected, confirmation: confirmationEvents(intensity: 0.65, sharpness: 0.35))
    let saveFlow = Pack.mine.items.filter { if case .saveFlow = $0.replay { true } else { false } }
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
      Pack.mine, subject: SignUpSubject(code: .corrected), fingerprint: Pack.pack.fingerprint)
    #expect(run.results.count == Pack.mine.items.count && run.results.count < Pack.pack.items.count)
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
