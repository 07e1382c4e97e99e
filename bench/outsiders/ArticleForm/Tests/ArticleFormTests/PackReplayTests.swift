import ArticleForm
import QAPassHarness
import TeamTestSupport
import Testing

struct PackReplayTests {
  /// Every item of the pack `QAPASS_PACK` names, one case each; without it there is nothing to replay.
  @Test(.enabled(if: PackUnderTest.pack != nil), arguments: PackUnderTest.pack?.items ?? [])
  func `the form passes the item`(item: PackItem) {
    let result = PackRunner.run(item, subject: ArticleFormApp())
    #expect(result.passed, "\(result.problem)")
  }

  /// `QAPASS_RESULTS` names where the run's JSON goes (with JUnit XML beside it), for `qapass pass
  /// --automated` and bench/outsiders/run.sh.
  @Test(.enabled(if: PackUnderTest.pack != nil))
  func `results for qapass pass --automated`() throws {
    let pack = try #require(PackUnderTest.pack)
    let run = PackRunner.run(pack, subject: ArticleFormApp())
    #expect(run.results.count == pack.items.count + pack.unexported.count)
    try PackUnderTest.write(run)
  }

  /// Every committed text the pack judges, judged by the app's own rules, so a disagreement is seen
  /// even where an item stops at an earlier failing step (`QAPASS_VERDICTS` names a file for them).
  @Test(.enabled(if: PackUnderTest.pack != nil))
  func `the form's rules agree with every text the pack judges`() throws {
    let pack = try #require(PackUnderTest.pack)
    let (judged, disagreements) = try PackUnderTest.disagreements(in: pack) { field, text in
      ArticleFormApp.fields[field.id].map { form in Self.name(form.evaluate(text).verdict) }
    }
    #expect(disagreements.isEmpty, "\(disagreements.count) of \(judged) texts judged otherwise")
  }

  /// `valid`, `invalid` or `incomplete`, as the team's verdicts and the pack spell them.
  static func name(_ verdict: Verdict) -> String {
    switch verdict {
    case .valid: "valid"
    case .invalid: "invalid"
    case .incomplete: "incomplete"
    }
  }
}
