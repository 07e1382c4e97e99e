import Diagnostics
import QAModel
import Testing

@testable import Observations

struct IngestTests {
  /// A valid recorded entry for `item`, as a sheet or records file holds it.
  static func entry(
    _ item: ObservableItem, _ result: String = "pass", time: String = "2026-11-29T18:04:05Z",
    tester: String = "mei", textVersion: Int? = nil, build: String? = nil, fingerprint: String? = nil,
    evidence: String? = nil
  ) -> String {
    var text = """
        - id: \(item.id)
          result: \(result)
          tester: \(tester)
          time: \(time)
          device: \(item.device)
          os: "\(item.os)"
          text_version: \(textVersion ?? item.textVersion)

      """
    if let build { text += "    build: \"\(build)\"\n" }
    if let evidence { text += "    evidence: [\"\(evidence)\"]\n" }
    if result == "blocked" { text += "    note: the device was lent out\n" }
    if let fingerprint = fingerprint ?? item.hapticFingerprint {
      text += "    haptic_fingerprint: \(fingerprint)\n"
    }
    return text
  }

  static func file(_ path: String, _ entries: String...) -> ObservationFile {
    ObservationFile(path: path, text: "version: 1\nobservations:\n" + entries.joined())
  }

  static func run(_ files: ObservationFile..., build: String? = "4.12.0 (812)") -> IngestResult {
    let catalog = ObservableCatalog(items: Examples.catalog.items, build: build, planFingerprint: "p")
    return Ingest.run(files: files, catalog: catalog)
  }

  // MARK: Errors

  @Test func `entry errors have exact locations and messages`() throws {
    let marked = Marked(
      """
      version: 1
      observations:
        - id: 1️⃣manual.ime.m1.iphone-16e.26.x.zh-pinyn
          result: untested
        - id: manual.ime.m2.iphone-16e.26.x.ja-romaji
          result: 2️⃣pas
        - id: manual.haptic.h1.iphone-16e.26.x
          result: untested
          device: 3️⃣ipad-air
          os: 4️⃣"18.x"
        - id: manual.ime.m2.iphone-16e.26.x.ja-romaji
          result: skipped
          tester: 5️⃣{name: mei}
          time: 6️⃣2026-11-31T18:04:05Z
          device: iphone-16e
          os: "26.x"
          text_version: 7️⃣two
          evidence: 8️⃣https://example.com/1.png
        - 9️⃣id: manual.ime.m2.iphone-16e.26.x.ja-romaji
          reslt: pass

      """)
    let result = Ingest.run(files: [marked.file], catalog: Examples.catalog)
    let expected: [(String, String)] = [
      // An untested entry records nothing: a warning, with the suggestion (issue 22).
      (
        "1️⃣",
        "an untested entry names 'manual.ime.m1.iphone-16e.26.x.zh-pinyn', an item the plan does not have; "
          + "did you mean 'manual.ime.m1.iphone-16e.26.x.zh-pinyin'?; nothing was recorded in it (a sheet of a "
          + "session no longer planned can be deleted)"
      ),
      ("2️⃣", "unknown result 'pas'; did you mean 'pass'?"),
      (
        "3️⃣",
        "device 'ipad-air' does not match item 'manual.haptic.h1.iphone-16e.26.x', which is planned for device 'iphone-16e'"
      ),
      (
        "4️⃣",
        "OS '18.x' does not match item 'manual.haptic.h1.iphone-16e.26.x', which is planned for OS '26.x'"
      ),
      ("5️⃣", "expected a string for 'tester', found a mapping"),
      ("6️⃣", "malformed time '2026-11-31T18:04:05Z': day 31 is out of range 01-30 for that month"),
      ("7️⃣", "expected a whole number for 'text_version', found 'two'"),
      ("8️⃣", "expected a list of links for 'evidence', found 'https://example.com/1.png'"),
      ("9️⃣", "missing required key 'result' in an observation"),
      ("9️⃣", "unknown key 'reslt' in an observation; did you mean 'result'?"),
    ]
    let actual = result.diagnostics.map { "\($0.location.map(\.description) ?? "-") \($0.message)" }
    // 9️⃣ marks the entry start; the unknown key sits one line below it.
    var nine = marked["9️⃣"]
    nine.line += 1
    let wanted = expected.enumerated().map { index, pair in
      let location = index == 9 ? nine : marked[pair.0]
      return "\(location) \(pair.1)"
    }
    #expect(actual == wanted)
    #expect(result.diagnostics.allSatisfy { $0.path == "sheets/iphone.yaml" })
    #expect(result.diagnostics.map(\.severity) == [.warning] + Array(repeating: .error, count: 9))
    #expect(result.hasErrors)
    // Every entry had an error, so nothing counts.
    #expect(result.items.allSatisfy { $0.observations.isEmpty })
  }

  @Test func `unknown results and item ids far from any name list the choices`() throws {
    let marked = Marked(
      """
      version: 1
      observations:
        - id: 1️⃣manual.other
          result: 2️⃣ok

      """)
    let result = Ingest.run(files: [marked.file], catalog: Examples.catalog)
    #expect(
      result.diagnostics.map(\.message) == [
        "unknown item id 'manual.other'; expected 'manual.haptic.h1.iphone-16e.26.x', 'manual.ime.m1.ipad-air.26.x.zh-pinyin', 'manual.ime.m1.iphone-16e.26.x.zh-pinyin' or 'manual.ime.m2.iphone-16e.26.x.ja-romaji'",
        "unknown result 'ok'; expected 'blocked', 'fail', 'pass', 'skipped' or 'untested'",
      ])
    #expect(result.diagnostics.map(\.location) == [marked["1️⃣"], marked["2️⃣"]])
  }

  @Test func `a recorded result needs tester, time, device, OS and text version`() throws {
    let marked = Marked(
      """
      version: 1
      observations:
        - 1️⃣id: manual.ime.m2.iphone-16e.26.x.ja-romaji
          result: fail
          2️⃣tester:

      """)
    let result = Ingest.run(files: [marked.file], catalog: Examples.catalog)
    // Sorted by location: the missing keys point at the entry, the empty tester at its key.
    #expect(
      result.diagnostics.map(\.message) == [
        "an observation with result 'fail' needs a value for 'time'",
        "an observation with result 'fail' needs a value for 'device'",
        "an observation with result 'fail' needs a value for 'os'",
        "an observation with result 'fail' needs a value for 'text_version'",
        "an observation with result 'fail' needs a value for 'tester'",
      ])
    #expect(result.diagnostics.dropLast().allSatisfy { $0.location == marked["1️⃣"] })
    #expect(result.diagnostics.last?.location == marked["2️⃣"])
  }

  @Test func `file-level problems`() throws {
    let cases: [(String, String, Diagnostics.TextPosition)] = [
      ("", "the file is empty; expected 'version: 1' and an 'observations' list", .init(line: 1, column: 1)),
      (
        "- a\n", "expected a mapping with 'version' and 'observations', found a list",
        .init(line: 1, column: 1)
      ),
      (
        "version: 2\nobservations: []\n", "unsupported version '2'; this release reads version 1",
        .init(line: 1, column: 10)
      ),
      (
        "version: 1\nobservation: []\n",
        "unknown key 'observation' in an observation file; did you mean 'observations'?",
        .init(line: 2, column: 1)
      ),
      (
        "version: 1\nobservations: {}\n", "expected a list for 'observations', found a mapping",
        .init(line: 2, column: 15)
      ),
      (
        "version: 1\nobservations:\n  - id: a\n    id: b\n",
        "duplicate key 'id'; a key may appear only once in a mapping", .init(line: 4, column: 5)
      ),
      // Issue 10: the sheets read through the matrix file's decoder and word mistakes as it does.
      (
        "version: 1\nobservations: []\nowner: mei\n",
        "unknown key 'owner' in an observation file; expected one of 'observations', 'session', 'version'",
        .init(line: 3, column: 1)
      ),
      (
        "observations: []\n", "missing required key 'version' in an observation file",
        .init(line: 1, column: 1)
      ),
      (
        "version: 1\nobservations:\n  - {id: a, result: untested, retired: yes}\n",
        "expected 'true' or 'false' for 'retired', found 'yes'; only plain 'true' and 'false' are booleans",
        .init(line: 3, column: 40)
      ),
    ]
    for (text, message, location) in cases {
      let result = Ingest.run(files: [ObservationFile(path: "r.yaml", text: text)], catalog: Examples.catalog)
      #expect(
        result.diagnostics.contains { $0.message == message && $0.location == location },
        "\(result.diagnostics)")
    }
  }

  @Test func `invalid entries are excluded and valid ones still count`() {
    let file = Self.file(
      "r.yaml", Self.entry(Examples.pinyin, "pas"), Self.entry(Examples.kana, "fail"))
    let result = Self.run(file)
    #expect(result.diagnostics.count == 1)
    #expect(result.outcome(Examples.pinyin.id)?.status == .untested)
    #expect(result.outcome(Examples.kana.id)?.status == .fail)
  }

  @Test func `diagnostics render with the source line and a caret`() throws {
    let marked = Marked(
      "version: 1\nobservations:\n  - id: manual.ime.m2.iphone-16e.26.x.ja-romaji\n    result: 1️⃣pas\n")
    let result = Ingest.run(files: [marked.file], catalog: Examples.catalog)
    let diagnostic = try #require(result.diagnostics.first)
    #expect(
      DiagnosticRenderer().render(diagnostic, source: marked.text) == """
        sheets/iphone.yaml:4:13: error: unknown result 'pas'; did you mean 'pass'?
        4 |     result: pas
          |             ^

        """)
  }

  // MARK: Deciding

  @Test func `the latest observation wins and the one it retested is superseded, in any file order`() throws {
    let a = Self.file("a.yaml", Self.entry(Examples.pinyin, "pass", time: "2026-11-29T18:00:00Z"))
    let b = Self.file("b.yaml", Self.entry(Examples.pinyin, "fail", time: "2026-11-29T19:00:00Z"))
    let result = Self.run(b, a)
    let outcome = try #require(result.outcome(Examples.pinyin.id))
    #expect(outcome.status == .fail)
    #expect(outcome.deciding?.path == "b.yaml")
    #expect(outcome.superseded.map(\.path) == ["a.yaml"])
    #expect(outcome.conflicts.isEmpty)
    #expect(!outcome.isFixedOnRetest, "a later fail is a regression, not a fix")
    #expect(outcome.observations.map(\.path) == ["a.yaml", "b.yaml"])
    #expect(result == Self.run(a, b))
  }

  @Test func `agreeing observations are not conflicts`() throws {
    let a = Self.file(
      "a.yaml", Self.entry(Examples.kana, "pass", time: "2026-11-29T18:00:00Z"),
      Self.entry(Examples.kana, "pass", time: "2026-11-29T18:30:00.5Z", tester: "ken"))
    let outcome = try #require(Self.run(a).outcome(Examples.kana.id))
    #expect(outcome.status == .pass)
    #expect(outcome.deciding?.observation.tester == "ken")
    #expect(outcome.conflicts.isEmpty)
  }

  /// Evidence of one test case of one JUnit run, as `ingest-junit` writes it.
  static func junit(_ test: String) -> String {
    "junit:build/junit.xml?sha256=1a2b3c4d5e6f#KanaTests/\(test)"
  }

  @Test func `of one run at one moment the worst decides; ties go to the later path, position`()
    throws
  {
    let time = "2026-11-29T18:00:00Z"
    let a = Self.file(
      "a.yaml", Self.entry(Examples.kana, "pass", time: time, evidence: Self.junit("testA")))
    // b.yaml's two results at the same moment, what decides, and the position of the deciding one.
    let cases: [([Outcome], Outcome, Int)] = [
      ([.fail, .blocked], .fail, 0), ([.blocked, .blocked], .blocked, 1),
    ]
    for (results, status, position) in cases {
      let b = Self.file(
        "b.yaml", Self.entry(Examples.kana, results[0].rawValue, time: time, evidence: Self.junit("testB")),
        Self.entry(Examples.kana, results[1].rawValue, time: time, evidence: Self.junit("testC")))
      let outcome = try #require(Self.run(b, a).outcome(Examples.kana.id))
      #expect(outcome.status == status)
      #expect(outcome.deciding?.path == "b.yaml" && outcome.deciding?.position == position)
      #expect(outcome.conflicts.map(\.observation.result) == ([.pass] + results).filter { $0 != status })
    }
  }

  // Issue 34: a tester who recorded fail, then pass, in the same second read as fail (the worst of one
  // moment decided); a person's records are in the order written, so the later decides.
  @Test func `of a person's records in the same second the later written decides`() throws {
    let time = "2026-11-29T18:00:00Z"
    for (first, second) in [(Outcome.fail, Outcome.pass), (.pass, .fail), (.blocked, .skipped)] {
      let records = Self.file(
        "records.yaml", Self.entry(Examples.kana, first.rawValue, time: time),
        Self.entry(Examples.kana, second.rawValue, time: time))
      let outcome = try #require(Self.run(records).outcome(Examples.kana.id))
      #expect(outcome.status == second)
      #expect(outcome.deciding?.position == 1)
      #expect(outcome.conflicts.map(\.observation.result) == [first])
    }
    // Of two files at the same second, the later path decides, as for any two results of one moment.
    let a = Self.file("a.yaml", Self.entry(Examples.kana, "fail", time: time))
    let b = Self.file("b.yaml", Self.entry(Examples.kana, "pass", time: time))
    #expect(Self.run(b, a).outcome(Examples.kana.id)?.deciding?.path == "b.yaml")
    // A test run's result and a person's at the same moment: the later written decides too.
    let run = Self.file(
      "a.yaml", Self.entry(Examples.kana, "fail", time: time, evidence: Self.junit("testA")))
    #expect(Self.run(run, b).outcome(Examples.kana.id)?.status == .pass)
  }

  @Test func `untested entries count as no observation`() throws {
    let sheet = try SheetWriter.write(
      session: SessionID(device: "iphone-16e", os: "26.x"), items: Examples.iphoneItems, existing: nil)
    let records = Self.file("records.yaml", Self.entry(Examples.kana, "skipped"))
    let result = Self.run(ObservationFile(path: "sheet.yaml", text: sheet), records)
    #expect(result.diagnostics.isEmpty)
    #expect(result.items.map(\.status) == [.untested, .skipped, .untested, .untested])
    #expect(result.outcome(Examples.pinyin.id)?.deciding == nil)
    #expect(result.outcome(Examples.pinyin.id)?.observations == [])
  }

  @Test func `retired entries of removed items are skipped quietly, others are checked`() {
    let text = """
      version: 1
      observations:
        - id: manual.removed
          result: pass
          retired: true
        - id: manual.ime.m2.iphone-16e.26.x.ja-romaji
          result: pass
          tester: mei
          time: 2026-11-29T18:04:05Z
          device: iphone-16e
          os: "26.x"
          text_version: 1
          retired: true

      """
    let result = Ingest.run(files: [ObservationFile(path: "s.yaml", text: text)], catalog: Examples.catalog)
    #expect(result.diagnostics.isEmpty)
    #expect(result.outcome(Examples.kana.id)?.status == .pass)
  }

  // MARK: Staleness

  @Test func `an observation of another text version is stale`() throws {
    let outcome = try #require(
      Self.run(Self.file("r.yaml", Self.entry(Examples.pinyin, textVersion: 1))).outcome(Examples.pinyin.id))
    #expect(outcome.status == .stale)
    #expect(outcome.deciding?.staleReasons == [.textVersion(recorded: 1, current: 2)])
    #expect(
      outcome.deciding?.staleReasons.first?.description
        == "text version 1 was observed; the item is at version 2")
  }

  @Test func `a haptic observation with another or no fingerprint is stale`() throws {
    let other = Self.file("r.yaml", Self.entry(Examples.haptic, fingerprint: "sha256:ffff"))
    let reasons = Self.run(other).outcome(Examples.haptic.id)?.deciding?.staleReasons
    #expect(reasons == [.hapticFingerprint(recorded: "sha256:ffff", current: "sha256:1a2b3c4d5e6f")])
    #expect(
      reasons?.first?.description
        == "haptic pattern 'sha256:ffff' was felt; the pattern is now 'sha256:1a2b3c4d5e6f'")

    var item = Examples.haptic
    item.hapticFingerprint = nil
    let missing = Self.file("r.yaml", Self.entry(item))
    let outcome = try #require(Self.run(missing).outcome(Examples.haptic.id))
    #expect(outcome.status == .stale)
    #expect(
      outcome.deciding?.staleReasons == [.hapticFingerprint(recorded: nil, current: "sha256:1a2b3c4d5e6f")])
  }

  @Test func `an observation of another build is stale only when both name one`() throws {
    let file = Self.file("r.yaml", Self.entry(Examples.kana, build: "4.11.0 (790)"))
    let outcome = try #require(Self.run(file).outcome(Examples.kana.id))
    #expect(outcome.status == .stale)
    #expect(outcome.deciding?.staleReasons == [.build(recorded: "4.11.0 (790)", current: "4.12.0 (812)")])
    #expect(Self.run(file, build: nil).outcome(Examples.kana.id)?.status == .pass)
    let noBuild = Self.file("r.yaml", Self.entry(Examples.kana))
    #expect(Self.run(noBuild).outcome(Examples.kana.id)?.status == .pass)
  }

  @Test func `a stale pass does not count and an older current result decides`() throws {
    let file = Self.file(
      "r.yaml",
      Self.entry(Examples.pinyin, "fail", time: "2026-11-29T18:00:00Z"),
      Self.entry(Examples.pinyin, "pass", time: "2026-11-29T19:00:00Z", textVersion: 1))
    let outcome = try #require(Self.run(file).outcome(Examples.pinyin.id))
    #expect(outcome.status == .fail)
    #expect(outcome.conflicts.isEmpty)
    #expect(outcome.observations.map(\.isStale) == [false, true])
  }

  @Test func `several reasons are listed in order`() throws {
    let file = Self.file(
      "r.yaml", Self.entry(Examples.haptic, textVersion: 0, build: "1", fingerprint: "sha256:00"))
    let reasons = try #require(Self.run(file).outcome(Examples.haptic.id)?.deciding?.staleReasons)
    #expect(
      reasons == [
        .textVersion(recorded: 0, current: 1),
        .hapticFingerprint(recorded: "sha256:00", current: "sha256:1a2b3c4d5e6f"),
        .build(recorded: "1", current: "4.12.0 (812)"),
      ])
  }

  /// Issue 13: a blocked item carries its reason into the report, so a sheet must give one.
  @Test(arguments: ["", "    note:\n", "    note: \"  \"\n"])
  func `a blocked entry without a reason is an error at its place`(_ note: String) {
    let entry = Self.entry(Examples.kana, "blocked").replacingOccurrences(
      of: "    note: the device was lent out\n", with: note)
    let result = Self.run(Self.file("r.yaml", entry))
    let messages = result.diagnostics.map { "\($0.location?.line ?? 0): \($0.message)" }
    #expect(
      messages == [
        "\(note.isEmpty ? 4 : 10): an observation with result 'blocked' needs the reason in 'note' (what stopped "
          + "the test), so the report can say why"
      ])
    #expect(result.outcome(Examples.kana.id)?.status != .blocked)
  }

  @Test func `counts list every status`() {
    let result = Self.run(Self.file("r.yaml", Self.entry(Examples.kana, "blocked")))
    #expect(result.counts.map(\.count) == [0, 0, 1, 0, 3, 0])
    #expect(result.counts.map(\.status) == Outcome.manual)
  }
}

struct ExcerptRedactionTests {
  @Test func `note values never appear in diagnostic excerpts`() throws {
    let text = """
      version: 1
      observations:
        - id: manual.ime.m2.iphone-16e.26.x.ja-romaji
          note: 私の電話番号は 090
          note: |
            second line private

            third line private
          result: pass
        - note: >
            folded private
          id: x

      """
    let file = ObservationFile(path: "s.yaml", text: text)
    let redacted = file.textForExcerpts
    #expect(!redacted.contains("private") && !redacted.contains("090"))
    #expect(
      redacted.split(separator: "\n", omittingEmptySubsequences: false).count
        == text.split(separator: "\n", omittingEmptySubsequences: false).count)
    #expect(
      redacted.contains(
        "\n    note: …\n    note: …\n      …\n\n      …\n    result: pass\n  - note: …\n      …\n    id: x\n")
    )
    let result = Ingest.run(files: [file], catalog: Examples.catalog)
    let duplicate = try #require(result.diagnostics.first)
    #expect(duplicate.message == "duplicate key 'note'; a key may appear only once in a mapping")
    let rendered = DiagnosticRenderer().render(duplicate, source: redacted)
    #expect(rendered.contains("5 |     note: …"))
    #expect(!rendered.contains("090"))
  }
}

/// Issue 32, finding 8: an HTML checklist saved a note holding a lone UTF-16 surrogate as `\ud83d`, which
/// libyaml refuses, so the whole file was in error and none of its entries counted.
struct SurrogateEscapeIngestTests {
  @Test func `a lone surrogate escape is an error of its entry alone, named and placed`() throws {
    let marked = Marked(
      "version: 1\nobservations:\n" + IngestTests.entry(Examples.pinyin) + IngestTests.entry(Examples.kana)
        + "    note: \"typed 1️⃣\\ud83d in the field\"\n" + IngestTests.entry(Examples.haptic, "fail"))
    let result = Ingest.run(
      files: [marked.file],
      catalog: ObservableCatalog(items: Examples.catalog.items, build: nil, planFingerprint: "p"))
    let status = Dictionary(uniqueKeysWithValues: result.items.map { ($0.item.id, $0.status) })
    #expect(status[Examples.pinyin.id] == .pass)
    #expect(status[Examples.kana.id] == .untested)
    #expect(status[Examples.haptic.id] == .fail)
    let errors = result.diagnostics.filter { $0.severity == .error }
    #expect(errors.map(\.location) == [marked["1️⃣"]])
    #expect(
      errors.first?.message
        == #"'\ud83d' in this entry's 'note' is half of a UTF-16 surrogate pair, which is no character (an HTML "#
        + "checklist saved a note so before qapass wrote such halves as U+FFFD); the entry for "
        + "'\(Examples.kana.id)' is not counted, the file's other entries are: replace the escape with "
        + #"'\ufffd' (the replacement character) or delete it, and the entry counts"#)
  }

  @Test func `record refuses to append to a file with one, at its entry`() throws {
    let text = "version: 1\nobservations:\n" + IngestTests.entry(Examples.pinyin) + "    note: \"\\udc00\"\n"
    let problems = ObservationStore.problems(Array(text.utf8), path: "records.yaml")
    #expect(problems.map(\.location?.line) == [10])
    #expect(problems.first?.message.hasPrefix(#"'\udc00' in this entry's 'note' is half"#) == true)
  }
}
