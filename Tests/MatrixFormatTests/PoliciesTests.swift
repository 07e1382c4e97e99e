import Diagnostics
import Foundation
import MatrixFormat
import Testing

/// `policies:` declares what the automated composition items expect beyond the articles (issue 21):
/// each default is what the articles' own code passes.
struct PoliciesTests {
  @Test func `without the key every policy has its default`() throws {
    let file = try SubjectsTests.load(try String(contentsOf: SubjectsTests.minimal, encoding: .utf8))
    #expect(file.policies == MatrixFile.Policies())
    #expect(file.policies.settleMilliseconds == 1000 && file.policies.silentCommitReturn == "submits")
    #expect(
      file.policies.deliveryVariants == ["every-update", "no-change-on-commit", "duplicate-change-on-commit"])
    #expect(
      file.policies.canonicalLines == [
        "settle_ms=1000", "silent_commit_return=submits",
        "delivery_variants=every-update,no-change-on-commit,duplicate-change-on-commit",
      ])
  }

  @Test func `a team declares its own, variants kept in plan order`() throws {
    let base = try String(contentsOf: SubjectsTests.minimal, encoding: .utf8)
    let file = try SubjectsTests.load(
      base
        + "policies:\n  settle_ms: 400\n  silent_commit_return: judges\n"
        + "  delivery_variants: [duplicate-change-on-commit, every-update]\n")
    #expect(file.policies.settleMilliseconds == 400)
    #expect(file.policies.silentCommitReturn == "judges")
    #expect(file.policies.deliveryVariants == ["every-update", "duplicate-change-on-commit"])
    let lines = base.split(separator: "\n", omittingEmptySubsequences: false).count
    #expect(file.policies.location == TextPosition(line: lines + 1, column: 3))
  }

  @Test func `an empty list of variants is refused at its place`() throws {
    let base = try String(contentsOf: SubjectsTests.minimal, encoding: .utf8)
    let error = #expect(throws: DiagnosticList.self) {
      try MatrixDocument.load(
        path: "team.yaml", bytes: Array((base + "policies: {delivery_variants: []}\n").utf8))
    }
    #expect(
      error?.diagnostics.map(\.message) == [
        "'delivery_variants' is empty; list at least one of 'every-update', 'no-change-on-commit', "
          + "'duplicate-change-on-commit'"
      ])
  }
}
