import CoreAdapters
import Foundation
import QAPassHarness
import Testing

/// Replays the committed pack of matrices/default.yaml with no input-method engine in reach: this
/// target depends only on QAPassHarness, AcceptanceCore and CoreAdapters, none of which links
/// m17n-lib, Anthy or libhangul (issue: scenario packs replay anywhere).
struct EnginelessReplayTests {
  static let packURL = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().appendingPathComponent(
      "examples/SignUpCore/Tests/SignUpCoreTests/Resources/default.pack.json")

  @Test func `the reference core passes every item of the committed pack`() throws {
    let pack = try ScenarioPack.load(contentsOf: Self.packURL)
    #expect(pack.items.count == 121 && pack.unexported.isEmpty)
    let run = PackRunner.run(pack, subject: ReferenceCoreSubject(version: "test"))
    for result in run.results where result.status != .pass {
      Issue.record("\(result.id): \(result.problem)")
    }
    #expect(run.packFingerprint == pack.fingerprint)
  }

  @Test func `every composition item replays its engine trace from the pack alone`() throws {
    let pack = try ScenarioPack.load(contentsOf: Self.packURL)
    let pinyin = try #require(pack.items.first { $0.id == "auto.c2.zh-pinyin.full-name.every-update" })
    guard case .composition(let script) = pinyin.replay else {
      Issue.record("not a composition item")
      return
    }
    // zhang3wei7 as m17n's zh-py committed it when the pack was exported: 张 then 伟.
    #expect(script.steps.contains { $0.expect.text == "张伟" })
    #expect(script.steps.first?.actions.first == .setMarkedText("z", selection: .caret(at: 1)))
  }
}
