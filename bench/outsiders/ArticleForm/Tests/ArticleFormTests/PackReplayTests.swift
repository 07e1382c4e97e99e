import Foundation
import QAPassHarness
import Testing

/// The pack named by `QAPASS_PACK` (bench/outsiders/run.sh exports one per matrix), or none.
enum Pack {
  static let url = ProcessInfo.processInfo.environment["QAPASS_PACK"].map(URL.init(fileURLWithPath:))
  static let pack: ScenarioPack? = url.map { url in
    do {
      return try ScenarioPack.load(contentsOf: url)
    } catch {
      fatalError("cannot read the scenario pack at \(url.path): \(error)")
    }
  }
}

struct PackReplayTests {
  /// Every item of the pack, one case each; without `QAPASS_PACK` there is nothing to replay.
  @Test(.enabled(if: Pack.pack != nil), arguments: Pack.pack?.items ?? [])
  func `the form passes the item`(item: PackItem) {
    let result = PackRunner.run(item, subject: ArticleFormApp())
    #expect(result.passed, "\(result.problem)")
  }

  /// `QAPASS_RESULTS` names where the run's JSON goes (with JUnit XML beside it), for `qapass pass
  /// --automated` and bench/outsiders/run.sh.
  @Test(.enabled(if: Pack.pack != nil))
  func `results for qapass pass --automated`() throws {
    let pack = try #require(Pack.pack)
    let run = PackRunner.run(pack, subject: ArticleFormApp())
    #expect(run.results.count == pack.items.count + pack.unexported.count)
    guard let path = ProcessInfo.processInfo.environment["QAPASS_RESULTS"] else { return }
    let url = URL(fileURLWithPath: path)
    try run.json().write(to: url, atomically: true, encoding: .utf8)
    try run.junitXML().write(
      to: url.deletingPathExtension().appendingPathExtension("junit.xml"), atomically: true, encoding: .utf8)
  }
}
