import Diagnostics
import Foundation
import MatrixFormat
import Testing

/// Every file in Fixtures/malformed is a broken matrix file; `NAME.expect` holds the exact diagnostics
/// (`line:col: severity: message`, one per line) that loading and expanding it must produce.
struct MalformedCorpusTests {
  static let directory = Bundle.module.resourceURL!.appendingPathComponent("Fixtures/malformed")

  static var names: [String] {
    let files = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
    return files.filter { $0.hasSuffix(".yaml") }.map { String($0.dropLast(5)) }.sorted()
  }

  /// Loads and expands a file the way `qapass lint` does, returning every diagnostic.
  static func diagnose(_ path: String, _ bytes: [UInt8]) -> [Diagnostic] {
    do {
      let (document, warnings) = try MatrixDocument.load(path: path, bytes: bytes)
      guard case .qapass(let file) = document else { return warnings }
      return warnings + (try file.cells().expansion.warnings)
    } catch {
      return error.diagnostics
    }
  }

  static func flatten(_ diagnostics: [Diagnostic]) -> [String] {
    diagnostics.flatMap { [$0] + $0.notes }.map { d in
      "\(d.location.map { "\($0.line):\($0.column)" } ?? "-"): \(d.severity.rawValue): \(d.message)"
    }
  }

  @Test func `the corpus covers at least 25 kinds of broken file`() {
    #expect(Self.names.count >= 25)
  }

  @Test(arguments: MalformedCorpusTests.names)
  func `reports the exact place and message`(name: String) throws {
    let bytes = try [UInt8](Data(contentsOf: Self.directory.appendingPathComponent("\(name).yaml")))
    let expected = try String(
      contentsOf: Self.directory.appendingPathComponent("\(name).expect"), encoding: .utf8
    ).split(separator: "\n").map(String.init)
    let actual = Self.flatten(Self.diagnose("\(name).yaml", bytes))
    #expect(actual == expected)
    #expect(actual.contains { $0.contains(": error: ") }, "a malformed file must produce an error")
  }

  @Test func `the valid twin of the corpus loads cleanly`() throws {
    let bytes = try [UInt8](
      Data(
        contentsOf: Self.directory.deletingLastPathComponent().appendingPathComponent("valid-minimal.yaml")))
    #expect(Self.diagnose("valid-minimal.yaml", bytes).isEmpty)
  }

  /// The time to refuse is measured in bench/, not here; this checks the refusal names the limit.
  @Test func `100,000 nested brackets are refused at the depth limit`() {
    let nested = Array(("matrix: " + String(repeating: "[", count: 100_000)).utf8)
    let diagnostics = Self.diagnose("nested.yaml", nested)
    #expect(
      Self.flatten(diagnostics) == [
        "1:72: error: nesting depth exceeds the limit of 64 (YAMLLimits.maxDepth)"
      ])
  }
}

extension Error {
  var diagnostics: [Diagnostic] {
    if let list = self as? DiagnosticList { return list.diagnostics }
    if let diagnostic = self as? Diagnostic { return [diagnostic] }
    return [Diagnostic(path: "?", location: nil, message: "unexpected error \(self)")]
  }
}
