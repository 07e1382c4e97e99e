import QAModel
import Testing

@testable import Observations

/// Reading only the entries appended to a records file (issue 35: `serve` reads what `qapass record`
/// and others append without reading the whole file again) gives what reading the whole file gives,
/// or nothing when the appended text cannot be read apart.
struct AppendedIngestTests {
  struct Case: Sendable, CustomTestStringConvertible {
    var name: String
    var before: String
    var appended: String
    /// Whether the appended text can be read alone.
    var readApart: Bool
    var testDescription: String { name }
  }

  static let head = "# records\nversion: 1\nobservations:\n"
  static let pinyin = IngestTests.entry(Examples.pinyin)
  static let kana = IngestTests.entry(Examples.kana, "fail", time: "2026-11-29T18:05:00Z")

  static let cases: [Case] = [
    Case(name: "one entry after one", before: head + pinyin, appended: kana, readApart: true),
    Case(
      name: "two entries, one of a haptic item, after a comment", before: head + pinyin + "# by hand\n",
      appended: kana + IngestTests.entry(Examples.haptic, "blocked"), readApart: true),
    Case(
      name: "an indentless list",
      before: "version: 1\nobservations:\n" + IngestTests.entry(Examples.pinyin).dedented,
      appended: kana.dedented, readApart: true),
    Case(
      name: "an entry of an unknown item", before: head + pinyin,
      appended: kana.replacingOccurrences(of: "ja-romaji", with: "ja-romanji"), readApart: false),
    Case(
      name: "an entry missing its keys", before: head + pinyin, appended: "  - {id: \(Examples.kana.id)}\n",
      readApart: false),
    Case(
      name: "more keys of the last entry", before: head + pinyin, appended: "    note: seen twice\n",
      readApart: false),
    Case(
      name: "a key at the top level", before: head + pinyin, appended: kana + "session: iphone-16e.26.x\n",
      readApart: false),
    Case(
      name: "an entry of a time ahead of the clock", before: head + pinyin,
      appended: IngestTests.entry(Examples.kana, time: "2027-06-01T00:00:00Z"), readApart: false),
    Case(
      name: "after a list that does not end the file",
      before: "observations:\n" + pinyin + "version: 1\n", appended: kana, readApart: false),
    Case(
      name: "after a document end", before: head + pinyin + "...\n", appended: kana, readApart: false),
  ]

  static let now = Examples.time("2026-12-01T00:00:00Z")

  static func full(_ text: String) -> FileIngest {
    Ingest.read(
      ObservationFile(path: "observations/records.yaml", text: text), catalog: Examples.catalog,
      suggester: Ingest.suggester(for: Examples.catalog), now: now, decisions: DecisionFile())
  }

  @Test(arguments: cases)
  func `appended entries read alone give what the whole file gives, or nothing`(_ test: Case) throws {
    let before = Self.full(test.before)
    let whole = Self.full(test.before + test.appended)
    let apart = Ingest.read(
      appended: Array((test.before + test.appended).utf8), to: before, catalog: Examples.catalog,
      suggester: Ingest.suggester(for: Examples.catalog), now: Self.now, decisions: DecisionFile())
    #expect((apart != nil) == test.readApart)
    guard let apart else { return }
    #expect(
      Ingest.combine([apart], catalog: Examples.catalog) == Ingest.combine([whole], catalog: Examples.catalog)
    )
    #expect(apart.bytes == whole.bytes)
    #expect(apart.entryCount == whole.entryCount)
    #expect(apart.appendIndent == whole.appendIndent)
    #expect(apart.observations.map(\.recorded) == whole.observations.map(\.recorded))
  }

  @Test func `bytes that do not begin with the ones read are not an append`() {
    let before = Self.full(Self.head + Self.pinyin)
    let apart = Ingest.read(
      appended: Array((Self.head.uppercased() + Self.pinyin + Self.kana).utf8), to: before,
      catalog: Examples.catalog, suggester: Ingest.suggester(for: Examples.catalog), now: Self.now,
      decisions: DecisionFile())
    #expect(apart == nil)
  }
}

extension String {
  /// The entry without the two spaces that put it under `observations:`.
  fileprivate var dedented: String {
    split(separator: "\n", omittingEmptySubsequences: false).map { $0.hasPrefix("  ") ? $0.dropFirst(2) : $0 }
      .joined(separator: "\n")
  }
}
