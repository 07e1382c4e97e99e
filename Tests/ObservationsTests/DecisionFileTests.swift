import Diagnostics
import Effects
import QAModel
import Testing

@testable import Observations

/// The decisions file (issue 36): read with every problem at its place, appended under the lock.
struct DecisionFileTests {
  static let path = "observations/decisions.yaml"

  static func read(_ text: String) -> DecisionFile {
    DecisionFile.read(Array(text.utf8), path: path)
  }

  @Test func `valid decisions read back, in order, with their places`() throws {
    let file = Self.read(
      """
      version: 1
      decisions:
        - {action: retire, id: a.b, by: lead, time: "2026-12-01T10:00:00Z", reason: dropped}
        - {action: waive, id: a.c, by: lead, time: "2026-12-01T10:01:00Z", reason: known, approver: kim,
           expires: "2026-12-24"}
        - {action: waive, id: a.c, by: lead, time: "2026-12-01T10:02:00Z", reason: known, approver: kim,
           expires_build: "2.2 (22)"}
        - {action: defect, id: a.c, by: lead, time: "2026-12-01T10:03:00Z", defects: [JIRA-1, "#7"]}
      """)
    #expect(file.diagnostics.isEmpty)
    #expect(file.entries.map(\.decision.action) == [.retire, .waive, .waive, .defect])
    #expect(file.entries.map(\.location.line) == [3, 4, 6, 8])
    #expect(file.entries[1].decision.expiry == .date("2026-12-24"))
    #expect(file.entries[2].decision.expiry == .build("2.2 (22)"))
    #expect(file.defects(of: ["a.c"]) == ["JIRA-1", "#7"])
    // A waiver covers a failure observed up to its time; a failure after every waiver is one anew.
    let before = try Timestamp.parse("2026-12-01T10:01:30Z")
    let after = try Timestamp.parse("2026-12-01T10:05:00Z")
    #expect(file.waiver(of: "a.c", observedAt: before)?.decision.expiry == .build("2.2 (22)"))
    #expect(file.waiver(of: "a.c", observedAt: after) == nil)
    #expect(file.retirement(of: "a.b", observedAt: try Timestamp.parse("2026-12-01T09:59:00Z")) != nil)
    #expect(file.retirement(of: "a.b", observedAt: before) == nil, "recorded after the retirement: counts")
  }

  @Test func `every problem is an error at its place and the entry is left out`() {
    let file = Self.read(
      """
      version: 1
      decisions:
        - {action: waiv, id: a.b, by: lead, time: "2026-12-01T10:00:00Z"}
        - {action: waive, id: a.b, by: lead, time: "2026-12-01T10:00:00Z", reason: r, approver: kim}
        - {action: waive, id: a.b, by: lead, time: "2026-12-01T10:00:00Z", reason: r, approver: kim, expires: "2026-02-30"}
        - {action: retire, id: a.b, by: lead, time: "2026-12-01T10:00:00Z", approver: kim, reason: r}
        - {action: retire, id: a.b, by: lead, time: "yesterday", reason: r}
        - {action: defect, id: a.b, by: lead, time: "2026-12-01T10:00:00Z", defects: []}
        - {action: retire, id: a.b, time: "2026-12-01T10:00:00Z", reason: r, colour: red}
      """)
    #expect(file.entries.isEmpty)
    #expect(
      file.diagnostics.map(\.description) == [
        "\(Self.path):3:14: error: unknown action 'waiv'; did you mean 'waive'?",
        "\(Self.path):4:5: error: a waiver needs an expiry: a day (2026-12-24, through that day UTC) or a build (it "
          + "ends once that build is under test)",
        "\(Self.path):5:105: error: '2026-02-30' is not a day; write it as YYYY-MM-DD, such as 2026-12-24",
        "\(Self.path):6:71: error: 'approver' is not for a 'retire' decision (it takes 'reason')",
        "\(Self.path):7:47: error: malformed time 'yesterday': expected YYYY-MM-DDTHH:MM:SSZ",
        "\(Self.path):8:5: error: a 'defect' decision needs at least one non-empty defect id",
        "\(Self.path):9:72: error: unknown key 'colour' in a decision; expected one of 'action', 'approver', 'by', "
          + "'defects', 'expires', 'expires_build', 'id', 'reason', 'time'",
        "\(Self.path):9:5: error: missing required key 'by' in a decision",
      ])
  }

  @Test func `a decision is appended under the lock, and a file in error is never overwritten`() throws {
    let files = InMemoryFileSystem(["/o": .folder])
    let time = try Timestamp.parse("2026-12-01T10:00:00Z")
    let retire = Decision(action: .retire, itemID: "a.b", by: "lead", time: time, reason: "dropped")
    try DecisionStore.append([retire], to: "/o/decisions.yaml", files: files)
    try DecisionStore.append(
      [Decision(action: .defect, itemID: "a.b", by: "lead", time: time, defects: ["JIRA-1"])],
      to: "/o/decisions.yaml", files: files)
    let text = try #require(files.text("/o/decisions.yaml"))
    #expect(Self.read(text).entries.map(\.decision.action) == [.retire, .defect])
    // A waiver without an approver is refused before anything is written.
    #expect(throws: ObservationFileError.self) {
      try DecisionStore.append(
        [
          Decision(
            action: .waive, itemID: "a.b", by: "lead", time: time, reason: "r", expiry: .date("2026-12-24"))
        ],
        to: "/o/decisions.yaml", files: files)
    }
    files["/o/decisions.yaml"] = .file(Array("version: 1\ndecisions: [{action: nope}]\n".utf8))
    #expect(throws: ObservationFileError.self) {
      try DecisionStore.append([retire], to: "/o/decisions.yaml", files: files)
    }
    #expect(files.text("/o/decisions.yaml") == "version: 1\ndecisions: [{action: nope}]\n")
  }
}
