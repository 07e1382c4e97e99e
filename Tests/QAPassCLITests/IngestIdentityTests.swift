import Effects
import Foundation
import Testing

@testable import QAPassCLI

/// issue 22 point 8 through the command line, over a file system in memory: the same results ingested
/// again record nothing, whatever the file's time; the OS is checked; test names match items exactly;
/// expected failures are known issues.
struct IngestIdentityTests {
  /// `/w` with the default matrix and the xcbeautify JUnit fixture at `junit.xml`, modified at `mtime`.
  static func files(junit: String? = nil, mtime: Int64 = 1_796_000_000) throws -> InMemoryFileSystem {
    let matrix = try Data(contentsOf: repositoryRoot.appendingPathComponent("matrices/default.yaml"))
    let fixture =
      try junit.map { Data($0.utf8) }
      ?? Data(
        contentsOf: repositoryRoot.appendingPathComponent(
          "Tests/QAPassCLITests/Fixtures/xcbeautify-junit.xml"))
    let xcresult = try Data(
      contentsOf: repositoryRoot.appendingPathComponent("Tests/TestResultsTests/Fixtures/xcresult-tests.json")
    )
    let files = InMemoryFileSystem([
      "/w": .folder, "/w/matrices": .folder, "/w/matrices/default.yaml": .file([UInt8](matrix)),
      "/w/junit.xml": .file([UInt8](fixture)), "/w/tests.json": .file([UInt8](xcresult)),
    ])
    files.setModificationTime(mtime, of: "/w/junit.xml")
    files.setModificationTime(mtime, of: "/w/tests.json")
    return files
  }

  static func run(_ files: InMemoryFileSystem, _ arguments: String...) -> ToolRun {
    qapass(
      arguments + ["--matrix", "matrices/default.yaml"], in: "/w", environment: ["QAPASS_TESTER": "mei"],
      files: files, clock: FixedWallClock(secondsSince1970: 1_796_119_200))
  }

  @Test func `the same JUnit file ingested, touched, ingested again: nothing recorded twice`() throws {
    let files = try Self.files()
    let first = Self.run(files, "ingest-junit", "junit.xml", "--device", "iphone-16e", "--os", "26.x")
    #expect(first.code == .success, "\(first.err)")
    #expect(first.out.contains(", 3 recorded in observations/records.yaml"))
    #expect(first.out.contains("recorded at 2026-11-30T00:53:20Z, the modification time of junit.xml"))
    let records = try #require(files.text("/w/observations/records.yaml"))
    // A touch: the artifact downloaded again, the same bytes, a later modification time.
    files.setModificationTime(1_796_100_000, of: "/w/junit.xml")
    let second = Self.run(files, "ingest-junit", "junit.xml", "--device", "iphone-16e", "--os", "26.x")
    #expect(second.code == .success)
    #expect(second.out.contains(", 0 recorded in observations/records.yaml"), "\(second.out)")
    #expect(second.out.contains("3 already recorded (the same results were ingested before"))
    #expect(!second.out.contains("recorded at"), "nothing was recorded at the new modification time")
    #expect(files.text("/w/observations/records.yaml") == records)
    let ids = records.split(separator: "\n").filter { $0.hasPrefix("  - id: ") }
    #expect(ids.count == 3)
    #expect(Set(ids).count == 3)
    // Issue 36: each observation recorded has its audit line, none for what was ingested before.
    let audit = try #require(files.text("/w/observations/audit.log")).split(separator: "\n")
    #expect(audit.count == 3)
    #expect(audit.allSatisfy { $0.contains(#""origin":"qapass ingest""#) && $0.contains("from junit.xml") })
  }

  @Test func `an OS the xcresult did not run on, or outside the device's sessions, is refused`() throws {
    let files = try Self.files()
    let disagreeing = Self.run(files, "ingest-xcresult", "tests.json", "--os", "27.x")
    #expect(disagreeing.code == .usage)
    #expect(
      disagreeing.err.hasPrefix(
        "Error: '--os 27.x' disagrees with the result, which ran on iOS Simulator 26.2 ('iPhone 17 Pro'); "
          + "nothing was recorded"))
    let outside = Self.run(files, "ingest-junit", "junit.xml", "--device", "iphone-16e", "--os", "17.x")
    #expect(outside.code == .usage)
    #expect(
      outside.err.hasPrefix(
        "Error: OS '17.x' is not within a planned OS of device 'iphone-16e' (its sessions: "))
    #expect(files.text("/w/observations/records.yaml") == nil)
    // Negative control: the OS the result ran on is taken.
    let agreeing = Self.run(files, "ingest-xcresult", "tests.json", "--os", "26.x")
    #expect(agreeing.code == .success, "\(agreeing.err)")
    #expect(agreeing.out.contains("for sim-iphone-17-pro on 26.2"))
  }

  @Test func `a test of the iPhone 17 Pro is listed, not counted for the iPhone 16e`() throws {
    let junit = """
      <testsuites><testsuite name="NameFieldTests" timestamp="2026-11-28T16:00:00">
        <testcase classname="NameFieldTests" name="testManualImeM1ZhPinyinFullNameIPhone17Pro"/>
        <testcase classname="NameFieldTests" name="testManualImeM1IPhone17Pro26xZhPinyinFullName">
          <failure message="the error showed while composing"/>
        </testcase>
      </testsuite></testsuites>
      """
    let files = try Self.files(junit: junit)
    let run = Self.run(files, "ingest-junit", "junit.xml", "--device", "iphone-16e", "--os", "26.x")
    #expect(run.code == .success, "\(run.err)")
    #expect(
      run.out.contains(
        "2 test cases, 0 recorded in observations/records.yaml for iphone-16e on 26.x, 2 matching"))
    #expect(
      run.out.contains(
        "  junit.xml:2: NameFieldTests.testManualImeM1ZhPinyinFullNameIPhone17Pro (pass); it holds the name of "
          + "'manual.ime.m1.zh-pinyin.full-name' and more"))
    #expect(
      run.out.contains(
        "  junit.xml:3: NameFieldTests.testManualImeM1IPhone17Pro26xZhPinyinFullName (fail); it names an item of "
          + "session 'iphone-17-pro.26.x', not of 'iphone-16e.26.x'\n"))
    #expect(files.text("/w/observations/records.yaml") == nil)
  }

  @Test func `an expected failure in JUnit is recorded as a failing known issue`() throws {
    let junit = """
      <testsuites><testsuite name="NameFieldTests" timestamp="2026-11-28T16:00:00">
        <testcase classname="NameFieldTests" name="testManualImeM2ZhPinyinFullName" expected-failure="true">
          <failure message="the error showed while composing"/>
        </testcase>
      </testsuite></testsuites>
      """
    let files = try Self.files(junit: junit)
    let run = Self.run(files, "ingest-junit", "junit.xml", "--device", "iphone-16e", "--os", "26.x")
    #expect(run.code == .success, "\(run.err)")
    #expect(run.out.contains("  fail  manual.ime.m2.iphone-16e.26.x.zh-pinyin.full-name\n"))
    #expect(run.out.contains("1 expected failure (XCTExpectFailure) recorded as fail"))
    let records = try #require(files.text("/w/observations/records.yaml"))
    #expect(records.contains("expected failure (XCTExpectFailure): a known issue the test still sees"))
  }
}
