import Diagnostics
import Foundation
import TestSupport
import Testing

@testable import Observations

struct ObservationStoreTests {
  @Test func `append creates the records file and keeps earlier observations`() throws {
    let directory = TemporaryDirectory()
    let path = directory.file("records.yaml")
    let first = Examples.observation(Examples.pinyin, .pass, at: "2026-11-29T18:04:05Z")
    var second = Examples.observation(Examples.haptic, .fail, at: "2026-11-29T18:05:00Z", tester: "王小明")
    second.note = "two taps\nnot one"
    second.evidence = ["https://example.com/tap.mov"]
    try ObservationStore.append(first, to: path)
    try ObservationStore.append(second, to: path)

    let text = try #require(directory.read("records.yaml"))
    let result = Ingest.run(
      files: [ObservationFile(path: "records.yaml", text: text)], catalog: Examples.catalog)
    #expect(result.diagnostics == [])
    #expect(result.outcome(Examples.pinyin.id)?.deciding?.observation == first)
    #expect(result.outcome(Examples.haptic.id)?.deciding?.observation == second)
    #expect(result.outcome(Examples.haptic.id)?.status == .fail)
    #expect(directory.names == [".records.yaml.lock", "records.yaml"])
  }

  @Test func `the records file is written deterministically`() throws {
    let directory = TemporaryDirectory()
    let path = directory.file("records.yaml")
    try ObservationStore.append(
      Examples.observation(Examples.haptic, .pass, at: "2026-11-29T18:04:05Z"), to: path)
    let expected = """
      # qapass observation records (format version 1), appended by 'qapass record'.
      # Each entry is one observation; the latest one per item counts. Edit with care: a file that
      # does not read as observations is never overwritten, and comments here are not kept.
      version: 1
      observations:
        - id: manual.haptic.h1.iphone-16e.26.x
          result: pass
          tester: mei
          time: "2026-11-29T18:04:05Z"
          device: iphone-16e
          os: "26.x"
          text_version: 1
          build: "4.12.0 (812)"
          haptic_fingerprint: sha256:1a2b3c4d5e6f
          haptic_parameters:
            intensity: "1.0"
            sharpness: "0.5"

      """
    let text = directory.read("records.yaml") ?? ""
    #expect(text == expected, "\(lineDiff(expected, text))")
  }

  @Test func `a malformed records file is refused and left untouched`() throws {
    let directory = TemporaryDirectory()
    let path = directory.file("records.yaml")
    let marked = Marked("version: 1\nobservations:\n  - id: x\n    result: pass\n    time: 1️⃣yesterday\n")
    directory.write(marked.text, to: "records.yaml")
    let error = try #require(throws: ObservationFileError.self) {
      try ObservationStore.append(
        Examples.observation(Examples.kana, .pass, at: "2026-11-29T18:04:05Z"), to: path)
    }
    guard case .malformed(let diagnostics) = error else {
      Issue.record("expected .malformed, got \(error)")
      return
    }
    #expect(diagnostics.allSatisfy { $0.path == path })
    #expect(
      diagnostics.contains {
        $0.location == marked["1️⃣"]
          && $0.message == "malformed time 'yesterday': expected YYYY-MM-DDTHH:MM:SSZ"
      })
    #expect(directory.read("records.yaml") == marked.text)
  }

  @Test func `a YAML syntax error in the records file is refused with its location`() throws {
    let directory = TemporaryDirectory()
    let path = directory.file("records.yaml")
    directory.write("version: 1\nobservations: [\n", to: "records.yaml")
    let error = try #require(throws: ObservationFileError.self) {
      try ObservationStore.append(
        Examples.observation(Examples.kana, .pass, at: "2026-11-29T18:04:05Z"), to: path)
    }
    #expect(error.diagnostics.first?.location != nil)
    #expect(directory.read("records.yaml") == "version: 1\nobservations: [\n")
  }

  @Test func `an empty records file is treated as new`() throws {
    let directory = TemporaryDirectory()
    let path = directory.file("records.yaml")
    directory.write("# nothing yet\n", to: "records.yaml")
    try ObservationStore.append(
      Examples.observation(Examples.kana, .pass, at: "2026-11-29T18:04:05Z"), to: path)
    #expect(directory.read("records.yaml")?.contains("- id: manual.ime.m2.iphone-16e.26.x.ja-romaji") == true)
  }

  @Test func `untested results and empty testers are not recorded`() throws {
    let directory = TemporaryDirectory()
    let path = directory.file("records.yaml")
    var untested = Examples.observation(Examples.kana, .untested, at: "2026-11-29T18:04:05Z")
    #expect(
      throws: ObservationFileError.invalidObservation(
        "cannot record 'untested' for 'manual.ime.m2.iphone-16e.26.x.ja-romaji'; record pass, fail, blocked or skipped"
      )
    ) {
      try ObservationStore.append(untested, to: path)
    }
    untested.result = .pass
    untested.tester = ""
    #expect(throws: ObservationFileError.self) { try ObservationStore.append(untested, to: path) }
    #expect(directory.names == [])
  }

  @Test func `a missing directory gives a file system error`() throws {
    let directory = TemporaryDirectory()
    let path = directory.file("missing/records.yaml")
    let error = try #require(throws: ObservationFileError.self) {
      try ObservationStore.append(
        Examples.observation(Examples.kana, .pass, at: "2026-11-29T18:04:05Z"), to: path)
    }
    #expect(
      error.description
        == "cannot lock '\(directory.file("missing/.records.yaml.lock"))': No such file or directory")
  }

  @Test func `stray temporary files from killed writers are removed under the lock`() throws {
    let directory = TemporaryDirectory()
    directory.write("half", to: ".records.yaml.tmp-123-abc")
    directory.write("other", to: ".other.yaml.tmp-123-abc")
    try ObservationStore.append(
      Examples.observation(Examples.kana, .pass, at: "2026-11-29T18:04:05Z"),
      to: directory.file("records.yaml"))
    #expect(directory.names == [".other.yaml.tmp-123-abc", ".records.yaml.lock", "records.yaml"])
  }
}

struct ObservationStoreFastPathTests {
  /// A records file holding observation A, then the text of entry B as an append would add it, the
  /// lock's note before that append (noting what it adds, as a writer does before it writes).
  static func midAppend() throws -> (directory: TemporaryDirectory, entry: [UInt8]) {
    let directory = TemporaryDirectory()
    let path = directory.file("records.yaml")
    try ObservationStore.append(
      Examples.observation(Examples.kana, .pass, at: "2026-11-29T18:04:05Z"), to: path)
    var note = try #require(WriterNote(directory.read(".records.yaml.lock") ?? ""))
    let entry = Array(
      try EntryText.render(Examples.observation(Examples.kana, .fail, at: "2026-11-29T18:05:00Z").node).utf8)
    note.adding = entry.count
    directory.write(note.text, to: ".records.yaml.lock")
    return (directory, entry)
  }

  @Test func `appends add to the file in place while it is what the last writer noted`() throws {
    let directory = TemporaryDirectory()
    let path = directory.file("records.yaml")
    try ObservationStore.append(
      Examples.observation(Examples.kana, .pass, at: "2026-11-29T18:04:05Z"), to: path)
    let inode = try #require(
      try FileManager.default.attributesOfItem(atPath: path)[.systemFileNumber] as? Int)
    try ObservationStore.append(
      Examples.observation(Examples.kana, .fail, at: "2026-11-29T18:05:00Z"), to: path)
    // The same file grew: no temporary file was renamed over it.
    #expect(try FileManager.default.attributesOfItem(atPath: path)[.systemFileNumber] as? Int == inode)
    let bytes = Array(try #require(FileManager.default.contents(atPath: path)))
    let note = try #require(WriterNote(directory.read(".records.yaml.lock") ?? ""))
    #expect(note.describes(bytes) && note.adding == nil)
    #expect(ObservationStore.problems(bytes, path: path) == [])
    #expect(try CrashSafetyTests.recordedTimes(path) == ["2026-11-29T18:04:05Z", "2026-11-29T18:05:00Z"])
  }

  @Test func `the part of an append a killed writer left is cut away and the next append goes on`() throws {
    let (directory, entry) = try Self.midAppend()
    let path = directory.file("records.yaml")
    let before = try #require(directory.read("records.yaml"))
    // Killed after writing half the entry: the file no longer reads as records.
    directory.write(
      before + String(decoding: entry.prefix(entry.count / 2), as: UTF8.self), to: "records.yaml")
    try ObservationStore.append(
      Examples.observation(Examples.kana, .pass, at: "2026-11-29T18:06:00Z"), to: path)
    #expect(try CrashSafetyTests.recordedTimes(path) == ["2026-11-29T18:04:05Z", "2026-11-29T18:06:00Z"])
  }

  @Test func `an append that was written in full before its writer died is kept`() throws {
    let (directory, entry) = try Self.midAppend()
    let path = directory.file("records.yaml")
    let before = try #require(directory.read("records.yaml"))
    directory.write(before + String(decoding: entry, as: UTF8.self), to: "records.yaml")
    try ObservationStore.append(
      Examples.observation(Examples.kana, .pass, at: "2026-11-29T18:06:00Z"), to: path)
    #expect(
      try CrashSafetyTests.recordedTimes(path) == [
        "2026-11-29T18:04:05Z", "2026-11-29T18:05:00Z", "2026-11-29T18:06:00Z",
      ])
  }

  @Test func `a records file given a second name is refused, not written through it`() throws {
    let directory = TemporaryDirectory()
    let path = directory.file("records.yaml")
    try ObservationStore.append(
      Examples.observation(Examples.kana, .pass, at: "2026-11-29T18:04:05Z"), to: path)
    let before = try #require(directory.read("records.yaml"))
    #expect(link(path, directory.file("elsewhere.yaml")) == 0)
    let error = try #require(throws: ObservationFileError.self) {
      try ObservationStore.append(
        Examples.observation(Examples.kana, .fail, at: "2026-11-29T18:05:00Z"), to: path)
    }
    #expect("\(error)".contains("has 2 hard links"), "\(error)")
    #expect(directory.read("elsewhere.yaml") == before)
    #expect(directory.read("records.yaml") == before)
  }

  @Test func `a broken end no append was noted for is refused, never cut`() throws {
    let directory = TemporaryDirectory()
    let path = directory.file("records.yaml")
    try ObservationStore.append(
      Examples.observation(Examples.kana, .pass, at: "2026-11-29T18:04:05Z"), to: path)
    let broken = try #require(directory.read("records.yaml")) + "  - id: manual.ime\n    result: [\n"
    directory.write(broken, to: "records.yaml")
    #expect(throws: ObservationFileError.self) {
      try ObservationStore.append(
        Examples.observation(Examples.kana, .fail, at: "2026-11-29T18:05:00Z"), to: path)
    }
    #expect(directory.read("records.yaml") == broken)
  }

  @Test func `a reader going by the note sees the file before an append it caught half-way`() throws {
    let (directory, entry) = try Self.midAppend()
    let before = Array(try #require(directory.read("records.yaml")).utf8)
    let note = try #require(directory.read(".records.yaml.lock"))
    let half = before + entry.prefix(entry.count / 2)
    #expect(ObservationStore.settled({ half }, note: { note }) == before)
    #expect(ObservationStore.settled({ before + entry }, note: { note }) == before + entry)
    // A note that changed during the read has the file read again.
    var notes = [note, "", "", ""]
    var reads = [half, before + entry]
    let settled = ObservationStore.settled({ reads.removeFirst() }, note: { notes.removeFirst() })
    #expect(settled == before + entry && reads.isEmpty)
  }

  @Test func `a note is read back as written and a foreign one is no note`() throws {
    let note = WriterNote(size: 3120, hash: 0x9f0c_5d1e, version: nil, adding: 812)
    #expect(WriterNote(note.text) == note)
    #expect(
      WriterNote("qapass-records 1 size=12 fnv1a64=ff\n") == WriterNote(size: 12, hash: 255, version: nil))
    for foreign in [
      "", "size=1", "qapass-store 2 size=-1 fnv1a64=ff", "qapass-store 2 size=1 fnv1a64=zz",
      "qapass-store 2 size=1 fnv1a64=ff version=1", "qapass-store 2 size=1 fnv1a64=ff adding=0",
    ] {
      #expect(WriterNote(foreign) == nil, "\(foreign)")
    }
  }

  @Test func `an edit between appends is noticed although the last writer left a fingerprint`() throws {
    let directory = TemporaryDirectory()
    let path = directory.file("records.yaml")
    try ObservationStore.append(
      Examples.observation(Examples.kana, .pass, at: "2026-11-29T18:04:05Z"), to: path)
    let lock = try #require(directory.read(".records.yaml.lock"))
    #expect(lock.hasPrefix("qapass-store 2 size="))
    // Someone breaks the time by hand; the next append must check the file and refuse.
    let text = try #require(directory.read("records.yaml"))
    let edited = text.replacingOnce("time: \"2026-11-29T18:04:05Z\"", with: "time: \"2026-11-31T18:04:05Z\"")
    #expect(edited != text)
    directory.write(edited, to: "records.yaml")
    #expect(throws: ObservationFileError.self) {
      try ObservationStore.append(
        Examples.observation(Examples.kana, .fail, at: "2026-11-29T18:05:00Z"), to: path)
    }
    #expect(directory.read("records.yaml") == edited)
  }

  @Test func `a hand-written file keeps its comments and indentless list when appended to`() throws {
    let directory = TemporaryDirectory()
    let path = directory.file("records.yaml")
    let original = """
      # pass of 29 November
      version: 1
      observations:
      - id: manual.ime.m2.iphone-16e.26.x.ja-romaji  # first try
        result: fail
        tester: mei
        time: 2026-11-29T17:00:00Z
        device: iphone-16e
        os: "26.x"
        text_version: 1
        note: 王小明
      # more to come

      """
    directory.write(original, to: "records.yaml")
    try ObservationStore.append(
      Examples.observation(Examples.kana, .pass, at: "2026-11-29T18:04:05Z"), to: path)
    try ObservationStore.append(
      Examples.observation(Examples.pinyin, .pass, at: "2026-11-29T18:05:05Z"), to: path)
    let text = try #require(directory.read("records.yaml"))
    #expect(text.hasPrefix(original))
    #expect(text.contains("\n- id: manual.ime.m1.iphone-16e.26.x.zh-pinyin\n  result: pass\n"))
    let result = Ingest.run(files: [ObservationFile(path: "r.yaml", text: text)], catalog: Examples.catalog)
    #expect(result.diagnostics == [])
    #expect(result.outcome(Examples.kana.id)?.observations.count == 2)
    #expect(result.outcome(Examples.pinyin.id)?.status == .pass)
  }

  @Test func `a flow list is rewritten canonically`() throws {
    let directory = TemporaryDirectory()
    let path = directory.file("records.yaml")
    directory.write("version: 1\nobservations: []\n", to: "records.yaml")
    try ObservationStore.append(
      Examples.observation(Examples.kana, .pass, at: "2026-11-29T18:04:05Z"), to: path)
    try ObservationStore.append(
      Examples.observation(Examples.kana, .fail, at: "2026-11-29T18:05:05Z"), to: path)
    let text = try #require(directory.read("records.yaml"))
    #expect(text.hasPrefix("# qapass observation records"))
    let result = Ingest.run(files: [ObservationFile(path: "r.yaml", text: text)], catalog: Examples.catalog)
    #expect(result.diagnostics == [])
    #expect(result.outcome(Examples.kana.id)?.status == .fail)
  }
}
