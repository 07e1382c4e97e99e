/// The evidence an ingested test case's observation carries: where it was read, which run, which test.
///
/// Written `<kind>:<path>#<class>/<test>` when the file gives the test case's time (a JUnit suite's
/// `timestamp`), and `<kind>:<path>?sha256=<12 hex digits>#<class>/<test>` when it gives none: the run is
/// then named by the digest of the results' content, so the same results ingested again (after a `touch`,
/// an artifact download, another `--time`) are recognised whatever the file's time.
///
/// ```swift
/// let evidence = TestEvidence(source: "junit:build/junit.xml", run: "1a2b3c4d5e6f", test: "NameFieldTests/testX")
/// evidence.text   // "junit:build/junit.xml?sha256=1a2b3c4d5e6f#NameFieldTests/testX"
/// TestEvidence(parsing: evidence.text) == evidence   // true
/// ```
struct TestEvidence: Hashable, Sendable {
  /// `junit:<path>` or `xcresult:<path>`.
  var source: String
  /// The first 12 hex digits of the SHA-256 of the results' content, when the file gives no time.
  var run: String?
  /// `<class>/<test>`.
  var test: String

  /// How many hex digits of the digest name a run.
  static let runDigits = 12
  private static let runMarker = "?sha256="

  /// Creates evidence.
  init(source: String, run: String?, test: String) {
    self.source = source
    self.run = run
    self.test = test
  }

  /// The evidence as written in the observation.
  var text: String { source + (run.map { Self.runMarker + $0 } ?? "") + "#" + test }

  /// Reads evidence as ``text`` writes it; `nil` when it has no `#` (not a test case's).
  init?(parsing text: String) {
    if let marker = text.range(of: Self.runMarker, options: .backwards) {
      let digits = text[marker.upperBound...].prefix(Self.runDigits)
      let rest = text[marker.upperBound...].dropFirst(Self.runDigits)
      if digits.count == Self.runDigits, digits.allSatisfy(\.isHexDigit), rest.first == "#" {
        self.init(
          source: String(text[..<marker.lowerBound]), run: String(digits), test: String(rest.dropFirst()))
        return
      }
    }
    guard let hash = text.firstIndex(of: "#") else { return nil }
    self.init(source: String(text[..<hash]), run: nil, test: String(text[text.index(after: hash)...]))
  }
}
