import Diagnostics
import Foundation
import MatrixFormat
import Testing

/// `subjects:` names the app subjects whose QAPassHarness results a report requires (issue 21).
struct SubjectsTests {
  static let minimal = MalformedCorpusTests.directory.deletingLastPathComponent().appendingPathComponent(
    "valid-minimal.yaml")

  static func load(_ text: String) throws -> MatrixFile {
    let (document, warnings) = try MatrixDocument.load(path: "team.yaml", bytes: Array(text.utf8))
    #expect(warnings.isEmpty)
    guard case .qapass(let file) = document else { throw DiagnosticList([]) }
    return file
  }

  @Test func `each subject is a name or a mapping with its name, kept with its place`() throws {
    let base = try String(contentsOf: Self.minimal, encoding: .utf8)
    let file = try Self.load(base + "subjects:\n  - SignUpCore\n  - {name: SignUpForm (UIKit)}\n")
    #expect(file.subjects.map(\.name) == ["SignUpCore", "SignUpForm (UIKit)"])
    let lines = base.split(separator: "\n", omittingEmptySubsequences: false).count
    #expect(
      file.subjects.map(\.location) == [
        .init(line: lines + 1, column: 5), .init(line: lines + 2, column: 12),
      ])
    // Negative control: a file without the key requires nothing.
    #expect(try Self.load(base).subjects.isEmpty)
  }
}
