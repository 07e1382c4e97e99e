import Foundation
import TestSupport
import Testing

struct SnapshotTests {
  static func text(of issue: Issue) -> String { issue.comments.map(\.rawValue).joined(separator: "\n") }

  @Test func `snapshots live in the Snapshots folder of the test target`() {
    #expect(
      Snapshot.directory(forTestFile: "/repo/Tests/ReportingTests/GoldenTests.swift").path
        == "/repo/Tests/ReportingTests/Snapshots")
    #expect(
      Snapshot.directory(forTestFile: "/repo/Tests/QAPassCLITests/Support/ToolRun.swift").path
        == "/repo/Tests/QAPassCLITests/Snapshots")
    #expect(Snapshot.directory(forTestFile: "/elsewhere/a/Check.swift").path == "/elsewhere/a/Snapshots")
  }

  @Test func `the caller's file path locates its target's snapshots`() {
    let here = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    #expect(Snapshot.url(named: "example.txt") == here.appendingPathComponent("Snapshots/example.txt"))
    #expect(NestedHelper.url() == here.appendingPathComponent("Snapshots/example.txt"))
  }

  @Test func `recording is switched on by QAPASS_RECORD_SNAPSHOTS=1 only`() {
    #expect(Snapshot.isRecording(["QAPASS_RECORD_SNAPSHOTS": "1"]))
    #expect(!Snapshot.isRecording(["QAPASS_RECORD_SNAPSHOTS": "0"]))
    #expect(!Snapshot.isRecording([:]))
  }

  @Test func `a matching snapshot passes`() {
    assertSnapshot("first line\nsecond line — 中文\n", named: "example.txt")
  }

  @Test(.disabled(if: Snapshot.isRecording(), "would overwrite the golden file"))
  func `a differing or missing snapshot records an issue`() {
    withKnownIssue {
      assertSnapshot("first line\nchanged\n", named: "example.txt")
    } matching: { issue in
      Self.text(of: issue).contains("snapshot example.txt differs")
        && Self.text(of: issue).contains("+ changed  (line 2)")
    }
    withKnownIssue {
      assertSnapshot("x", named: "no-such-snapshot.txt")
    } matching: { issue in
      Self.text(of: issue).hasPrefix("missing snapshot no-such-snapshot.txt")
    }
  }
}
