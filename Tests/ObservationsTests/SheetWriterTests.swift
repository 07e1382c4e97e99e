import Diagnostics
import QAModel
import TestSupport
import Testing

@testable import Observations

struct SheetWriterTests {
  static let session = SessionID(device: "iphone-16e", os: "26.x")

  static let golden = """
    # qapass observation sheet for session iphone-16e.26.x (device iphone-16e, OS 26.x)
    #
    # For each item you carry out, fill in its entry:
    #   result: pass, fail, blocked or skipped (leave 'untested' for items you did not do)
    #   tester: your name
    #   time:   when you observed it, in UTC, such as 2026-11-29T18:04:05Z
    #   build:  the app build you tested, such as "4.12.0 (812)"
    #   note:   what you saw (optional); for blocked, what stopped the test (required)
    #   evidence: links to screenshots or recordings (optional), such as [https://example.com/1.png]
    # Leave id, device, os, keyboard, text_version and haptic_* as written: they tie your result to
    # the plan.
    # To record an item again, copy its entry and fill in the copy; the latest time counts.
    # Regenerating the sheet keeps every entry you filled in; entries of items no longer in the
    # plan get 'retired: true', except failures, which stay until the matrix declares the rename
    # ('renamed_from:') or you retire them. Comments are rewritten, so put remarks in 'note'.
    version: 1
    session: iphone-16e.26.x
    observations:

      # Pinyin: type zhongwen, pick 中文; the name field accepts it
      - id: manual.ime.m1.iphone-16e.26.x.zh-pinyin
        result: untested
        tester:
        time:
        build:
        note:
        evidence: []
        device: iphone-16e
        os: "26.x"
        text_version: 2

      # Kana-kanji: Return that confirms 山田 does not submit
      - id: manual.ime.m2.iphone-16e.26.x.ja-romaji
        result: untested
        tester:
        time:
        build:
        note:
        evidence: []
        device: iphone-16e
        os: "26.x"
        text_version: 1

      # Saving plays the confirmation haptic (one sharp tap)
      - id: manual.haptic.h1.iphone-16e.26.x
        result: untested
        tester:
        time:
        build:
        note:
        evidence: []
        device: iphone-16e
        os: "26.x"
        text_version: 1
        haptic_fingerprint: sha256:1a2b3c4d5e6f
        haptic_parameters:
          intensity: "1.0"
          sharpness: "0.5"

    """

  /// The golden sheet with the pinyin and haptic entries filled in by a tester.
  static let filled =
    golden
    .replacingOnce(
      "result: untested\n    tester:\n    time:\n    build:\n    note:\n",
      with: """
        result: pass
            tester: 王小明
            time: 2026-11-29T18:04:05Z
            build: "4.12.0 (812)"
            note: |
              picked 中文 from the candidate bar;
              no error shown

        """
    )
    .replacingOnce(
      "result: untested\n    tester:\n    time:\n    build:\n    note:\n    evidence: []\n    device: iphone-16e\n    os: \"26.x\"\n    text_version: 1\n    haptic",
      with: """
        result: fail
            tester: mei
            time: 2026-11-29T18:10:00Z
            build:
            note: two taps, not one
            evidence: [https://example.com/tap.mov]
            device: iphone-16e
            os: "26.x"
            text_version: 1
            haptic
        """)

  @Test func `a fresh sheet lists every item of the session as untested`() throws {
    let text = try SheetWriter.write(session: Self.session, items: Examples.iphoneItems, existing: nil)
    #expect(text == Self.golden, "\(lineDiff(Self.golden, text))")
  }

  @Test func `a fresh sheet ingests with every item untested and no diagnostics`() throws {
    let text = try SheetWriter.write(session: Self.session, items: Examples.iphoneItems, existing: nil)
    let result = Ingest.run(files: [ObservationFile(path: "s.yaml", text: text)], catalog: Examples.catalog)
    #expect(result.diagnostics == [])
    #expect(result.items.map(\.status) == [.untested, .untested, .untested, .untested])
  }

  /// The filled sheet with the haptic item passed instead of failed.
  static let filledPass = filled.replacingOnce("result: fail", with: "result: pass")

  @Test func `regeneration keeps a filled entry and retires a removed item's pass`() throws {
    let existing = ObservationFile(path: "sheets/iphone.yaml", text: Self.filledPass)
    let text = try SheetWriter.write(
      session: Self.session, items: [Examples.pinyin, Examples.kana], existing: existing)
    #expect(text.contains("# retired: 'manual.haptic.h1.iphone-16e.26.x' is no longer in the plan\n"))
    #expect(text.contains("\n    retired: true\n"))
    let catalog = ObservableCatalog(
      items: [Examples.pinyin, Examples.kana], build: "4.12.0 (812)", planFingerprint: "p")
    let result = Ingest.run(files: [ObservationFile(path: "s.yaml", text: text)], catalog: catalog)
    #expect(result.diagnostics == [])
    #expect(result.unplanned == [])
  }

  /// Issue 22: a failure of an item no longer in the plan is never retired by qapass; it stays an error,
  /// listed, until the matrix declares the rename or a person retires it.
  @Test func `regeneration keeps a filled entry and a removed item's failure, unretired`() throws {
    #expect(Self.filled != Self.golden)
    let existing = ObservationFile(path: "sheets/iphone.yaml", text: Self.filled)
    // The haptic item left the plan; the kana item stays untouched.
    let text = try SheetWriter.write(
      session: Self.session, items: [Examples.pinyin, Examples.kana], existing: existing)
    let expectedEntries = """
      observations:

        # Pinyin: type zhongwen, pick 中文; the name field accepts it
        - id: manual.ime.m1.iphone-16e.26.x.zh-pinyin
          result: pass
          tester: 王小明
          time: 2026-11-29T18:04:05Z
          build: "4.12.0 (812)"
          note: |
            picked 中文 from the candidate bar;
            no error shown
          evidence: []
          device: iphone-16e
          os: "26.x"
          text_version: 2

        # Kana-kanji: Return that confirms 山田 does not submit
        - id: manual.ime.m2.iphone-16e.26.x.ja-romaji
          result: untested
          tester:
          time:
          build:
          note:
          evidence: []
          device: iphone-16e
          os: "26.x"
          text_version: 1

        # 'manual.haptic.h1.iphone-16e.26.x' is no longer in the plan, and this failure still counts against the release: declare the rename in the matrix ('renamed_from:'), or set 'retired: true' to drop it
        - id: manual.haptic.h1.iphone-16e.26.x
          result: fail
          tester: mei
          time: 2026-11-29T18:10:00Z
          build:
          note: two taps, not one
          evidence:
          - https://example.com/tap.mov
          device: iphone-16e
          os: "26.x"
          text_version: 1
          haptic_fingerprint: sha256:1a2b3c4d5e6f
          haptic_parameters:
            intensity: "1.0"
            sharpness: "0.5"

      """
    let body = try #require(text.range(of: "observations:\n")).lowerBound
    let actual = String(text[body...])
    #expect(actual == expectedEntries, "\(lineDiff(expectedEntries, actual))")

    // The failure is an error of the sheet and listed as unplanned; the kept pass counts.
    let catalog = ObservableCatalog(
      items: [Examples.pinyin, Examples.kana], build: "4.12.0 (812)", planFingerprint: "p")
    let result = Ingest.run(files: [ObservationFile(path: "s.yaml", text: text)], catalog: catalog)
    #expect(result.diagnostics.map(\.severity) == [.error])
    #expect(result.unplanned.map(\.id) == [Examples.haptic.id])
    #expect(result.unplanned.map(\.result) == [.fail])
    #expect(result.items.map(\.status) == [.pass, .untested])
    // Retired by a person, it is skipped, and regenerating keeps it retired.
    let retired = text.replacingOnce(
      "      sharpness: \"0.5\"\n", with: "      sharpness: \"0.5\"\n    retired: true\n")
    #expect(
      Ingest.run(files: [ObservationFile(path: "s.yaml", text: retired)], catalog: catalog).diagnostics == [])
    let again = try SheetWriter.write(
      session: Self.session, items: [Examples.pinyin, Examples.kana],
      existing: ObservationFile(path: "s.yaml", text: retired))
    #expect(again.contains("\n    retired: true\n"))
    #expect(
      result.items[0].deciding?.observation.note == "picked 中文 from the candidate bar;\nno error shown\n")
  }

  @Test func `regenerating twice gives the same bytes`() throws {
    let existing = ObservationFile(path: "s.yaml", text: Self.filled)
    let once = try SheetWriter.write(session: Self.session, items: [Examples.kana], existing: existing)
    let twice = try SheetWriter.write(
      session: Self.session, items: [Examples.kana], existing: ObservationFile(path: "s.yaml", text: once))
    #expect(once == twice)
  }

  @Test func `an item that returns to the plan loses its retired flag`() throws {
    let retired = try SheetWriter.write(
      session: Self.session, items: [Examples.kana],
      existing: ObservationFile(path: "s.yaml", text: Self.filledPass))
    #expect(retired.contains("\n    retired: true\n"))
    let back = try SheetWriter.write(
      session: Self.session, items: Examples.iphoneItems,
      existing: ObservationFile(path: "s.yaml", text: retired))
    #expect(!back.contains("\n    retired:"))
    #expect(back.components(separatedBy: "result: pass\n").count == 3)
  }

  @Test func `a filled entry for an older text version is kept and followed by a fresh one`() throws {
    var pinyin3 = Examples.pinyin
    pinyin3.textVersion = 3
    let text = try SheetWriter.write(
      session: Self.session, items: [pinyin3], existing: ObservationFile(path: "s.yaml", text: Self.filled))
    let entries = text.components(separatedBy: "\n  - id: ").dropFirst()
    #expect(entries.count == 3)
    #expect(entries.first?.contains("result: pass") == true)
    #expect(entries.first?.contains("text_version: 2") == true)
    let second = try #require(entries.dropFirst().first)
    #expect(second.contains("result: untested") && second.contains("text_version: 3"))
  }

  @Test func `untouched entries of removed items are dropped`() throws {
    let text = try SheetWriter.write(
      session: Self.session, items: [Examples.pinyin],
      existing: ObservationFile(path: "s.yaml", text: Self.golden))
    #expect(!text.contains(Examples.kana.id.rawValue))
    #expect(!text.contains(Examples.haptic.id.rawValue))
  }

  @Test func `an empty session writes an empty list`() throws {
    let text = try SheetWriter.write(
      session: SessionID(device: "ipad-air", os: "18.x"), items: [], existing: nil)
    #expect(text.hasSuffix("version: 1\nsession: ipad-air.18.x\nobservations: []\n"))
  }

  @Test func `a malformed existing sheet is refused with its location`() throws {
    let marked = Marked(
      """
      version: 1
      observations:
        - id: manual.ime.m1.iphone-16e.26.x.zh-pinyin
          result: pass
          1️⃣result: fail

      """)
    let error = try #require(throws: ObservationFileError.self) {
      try SheetWriter.write(session: Self.session, items: Examples.iphoneItems, existing: marked.file)
    }
    let diagnostic = try #require(error.diagnostics.first)
    #expect(diagnostic.location == marked["1️⃣"])
    #expect(diagnostic.message == "duplicate key 'result'; a key may appear only once in a mapping")
  }

  @Test func `an entry without an id is refused`() throws {
    let marked = Marked("version: 1\nobservations:\n  - 1️⃣result: pass\n")
    let error = try #require(throws: ObservationFileError.self) {
      try SheetWriter.write(session: Self.session, items: Examples.iphoneItems, existing: marked.file)
    }
    #expect(error.diagnostics.map(\.location) == [marked["1️⃣"]])
    #expect(
      error.diagnostics.map(\.message) == ["expected a string 'id' in every entry of an observation sheet"])
  }

  @Test func `a sheet for another session is refused`() throws {
    let marked = Marked("version: 1\nsession: 1️⃣ipad-air.26.x\nobservations: []\n")
    let error = try #require(throws: ObservationFileError.self) {
      try SheetWriter.write(session: Self.session, items: Examples.iphoneItems, existing: marked.file)
    }
    #expect(error.diagnostics.map(\.location) == [marked["1️⃣"]])
    #expect(
      error.diagnostics.first?.message
        == "this sheet is for session 'ipad-air.26.x', not 'iphone-16e.26.x'; regenerate it under its own name"
    )
  }

  @Test func `writeFile merges with the sheet on disk`() throws {
    let directory = TemporaryDirectory()
    let path = directory.file("iphone.yaml")
    directory.write(Self.filledPass, to: "iphone.yaml")
    try SheetWriter.writeFile(session: Self.session, items: [Examples.pinyin, Examples.kana], to: path)
    let text = try #require(directory.read("iphone.yaml"))
    #expect(text.contains("tester: 王小明"))
    #expect(text.contains("\n    retired: true\n"))
    // No empty lock file is left beside the sheet (issue "Every mistake caught early", part 7).
    #expect(directory.names == ["iphone.yaml"])
  }
}

extension String {
  /// The text with the first occurrence of `target` replaced; unchanged when absent.
  func replacingOnce(_ target: String, with replacement: String) -> String {
    guard let range = range(of: target) else { return self }
    return replacingCharacters(in: range, with: replacement)
  }
}
