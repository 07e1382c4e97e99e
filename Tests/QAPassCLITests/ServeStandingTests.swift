import Effects
import Foundation
import Observations
import QAPassWorkflow
import TestSupport
import Testing

@testable import QAPassServer

/// `serve` keeps the plan and what each observation file gave ingest between requests, reading a
/// file again only when it changed and only the entries appended to a records file (issue 35): after
/// any mix of its own records, `qapass record`'s, hand edits and a build bump, what it serves is
/// what `pass` computes from the files now, from scratch.
struct ServeStandingTests {
  /// A workspace with its checklists and a service over it, keeping what it read.
  final class Served {
    let ws: Workspace
    let service: PassService
    let console: Console
    let clock: any WallClock

    init(clock: any WallClock = SystemWallClock()) throws {
      ws = try Workspace()
      #expect(ws.run("checklist", "matrices/default.yaml").code == .success)
      console = Console(currentDirectory: ws.url.path, out: { _ in }, err: { _ in })
      self.clock = clock
      service = PassService(
        inputs: Self.inputs, workflow: Workflow(console: console, clock: clock),
        policy: AccessPolicy(address: .loopback, port: 1, token: nil), log: { _ in })
    }

    deinit { ws.remove() }

    static let inputs = Workflow.ReportInputs(source: .init(matrix: nil))

    /// The standing as a workflow that keeps nothing computes it now.
    func fromScratch() throws -> Workflow.Standing {
      try #require(try Workflow(console: console, clock: clock).standing(Self.inputs).value)
    }

    /// Records through the service, under the plan in force.
    func record(_ item: String, _ result: String, extra: String = "") throws {
      let plan = try service.standing().plan
      let build = plan.build.map { "\"\($0)\"" } ?? "null"
      // The exact release of the item's series, which the API requires (issue 34).
      let os = ExactOS.seriesMajor(in: item).map { #", "os": "\#($0).4.1""# } ?? ""
      let body = """
        {"item": "\(item)", "result": "\(result)", "tester": "mei", "build": \(build), \
        "plan": "\(plan.fingerprint)"\(os)\(extra)}
        """
      let response = try service.record(
        HTTPRequest(method: "POST", path: "/api/observations", body: Array(body.utf8)))
      #expect(response.status == 201, "\(String(decoding: response.body, as: UTF8.self))")
    }

    /// Appends `text` to the records file in place (the same inode), as an editor or a script might.
    func append(_ text: String, to path: String = "observations/records.yaml") throws {
      let handle = try FileHandle(forWritingTo: ws.url.appendingPathComponent(path))
      try handle.seekToEnd()
      try handle.write(contentsOf: Data(text.utf8))
      try handle.close()
    }

    /// Expects the served standing to be the one computed from scratch, report and ingest alike.
    func expectSame(_ step: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
      let served = try service.standing()
      let fresh = try fromScratch()
      #expect(served.report == fresh.report, "\(step): the report", sourceLocation: sourceLocation)
      #expect(served.ingest == fresh.ingest, "\(step): the ingest", sourceLocation: sourceLocation)
      #expect(served.numbers == fresh.numbers, "\(step): the numbers", sourceLocation: sourceLocation)
      #expect(served.plan.fingerprint == fresh.plan.fingerprint, "\(step)", sourceLocation: sourceLocation)
    }
  }

  static let session = "iphone-16e.26.x"
  static let a = "manual.ime.m2.iphone-16e.26.x.zh-pinyin.full-name"

  @Test func `after server records, qapass record, hand edits and a build bump the served pass is pass's`()
    throws
  {
    let served = try Served()
    let ids = try served.fromScratch().ingest.items.map(\.item.id.rawValue).filter {
      $0.contains(Self.session)
    }
    try #require(ids.count > 8)
    try served.expectSame("before anything is recorded")
    let memo = try #require(served.service.maker.memo)
    let sheets = memo.reads.whole
    try served.record(ids[0], "pass")
    try served.expectSame("a record of the server")
    #expect(memo.reads.whole == sheets + 1, "the new records file is read whole, the sheets not again")
    #expect(
      served.ws.run(exactOS("record", ids[1], "--result", "fail", "--note", "caret jumps")).code == .success)
    try served.expectSame("a record of qapass record")
    #expect(memo.reads.whole == sheets + 1, "only the appended entry is read")
    #expect(memo.reads.appended == 1)
    try served.record(ids[2], "blocked", extra: #", "reason": "no SIM""#)
    #expect(
      served.ws.run(exactOS("record", "3", "--session", Self.session, "--result", "pass")).code == .success)
    try served.record(ids[0], "fail", extra: #", "note": "retested: the message stays""#)
    try served.expectSame("records of both, one a retest")

    // Appended in place: one valid entry (read alone), then one of an unknown item (the whole file).
    try served.append(Workspace.entry(ids[4], result: "fail", time: "2026-11-29T09:00:00Z"))
    try served.expectSame("an entry appended by hand")
    try served.append(Workspace.entry("manual.ime.m2.iphone-16e.26.x.nope", result: "pass"))
    try served.expectSame("an entry of an unknown item appended by hand")
    try served.append("  - {id: \(ids[5]), result: pass}\n")
    try served.expectSame("an entry missing its keys appended by hand")

    // Rewritten: the file without its errors, so qapass appends to it again.
    let records = try served.ws.text("observations/records.yaml")
    let kept = records.components(separatedBy: "  - id: manual.ime.m2.iphone-16e.26.x.nope")[0]
    try served.ws.write(kept, to: "observations/records.yaml")
    try served.expectSame("the records file rewritten")
    try served.record(ids[6], "pass")
    try served.expectSame("a record after the rewrite")

    // Another records file, a sheet answered by hand, a comment after the last entry.
    try served.ws.write(
      "version: 1\nobservations:\n" + Workspace.entry(ids[7], result: "skipped"), to: "observations/lab.yaml")
    try served.expectSame("another records file")
    let sheet = "checklists/\(Self.session).observations.yaml"
    var answered = try served.ws.text(sheet)
    let blank = try #require(answered.range(of: "result: untested\n    tester:\n    time:\n"))
    answered.replaceSubrange(
      blank, with: "result: pass\n    tester: jun\n    time: \"2026-11-29T08:00:00Z\"\n")
    try served.ws.write(answered, to: sheet)
    try served.expectSame("a sheet answered by hand")
    try served.append("# checked by hand\n", to: "observations/lab.yaml")
    try served.append(
      Workspace.entry(ids[8], result: "pass", time: "2026-11-29T10:00:00Z"), to: "observations/lab.yaml")
    try served.expectSame("an entry appended after a comment")

    // A build bump re-plans: every observation is read against the new catalog.
    let matrix = try served.ws.text("matrices/default.yaml")
    try served.ws.write(
      matrix.replacingOccurrences(of: #"build: "4.12.0 (812)""#, with: #"build: "4.12.1 (820)""#),
      to: "matrices/default.yaml")
    try served.expectSame("the build bumped")
    try served.record(ids[1], "pass")
    try served.expectSame("a record under the new build")
  }

  /// A clock a test moves on, read by the background maker.
  final class MovingClock: WallClock, @unchecked Sendable {
    private let lock = NSLock()
    private var now: Int64
    init(_ seconds: Int64) { now = seconds }
    func secondsSince1970() -> Int64 { lock.withLock { now } }
    func move(by seconds: Int64) { lock.withLock { now += seconds } }
  }

  @Test func `an answer timed ahead of the clock counts once the clock reaches it, though no file changed`()
    throws
  {
    let clock = MovingClock(1_795_942_800)  // 2026-11-29T09:00:00Z
    let served = try Served(clock: clock)
    let ids = try served.fromScratch().ingest.items.map(\.item.id.rawValue).filter {
      $0.contains(Self.session)
    }
    try served.ws.write(
      "version: 1\nobservations:\n" + Workspace.entry(ids[0], result: "fail", time: "2026-11-29T09:10:00Z"),
      to: "observations/records.yaml")
    let progress = HTTPRequest(method: "GET", path: "/api/progress")
    let before = String(decoding: served.service.route(progress).body, as: UTF8.self)
    #expect(before.contains("235 manual items untested."), "refused: ten minutes ahead of the clock")
    try served.expectSame("an answer ahead of the clock")
    clock.move(by: 15 * 60)
    // The background maker makes the standing again, since the last one judged the clock.
    served.service.startMaking()
    defer { served.service.stopMaking() }
    var after = ""
    let deadline = Date(timeIntervalSinceNow: 2)
    while !after.contains("234 manual items untested."), Date() < deadline {
      Thread.sleep(forTimeInterval: 0.05)
      after = String(decoding: served.service.route(progress).body, as: UTF8.self)
    }
    #expect(
      after.contains("234 manual items untested."), "the clock reached it: the answer counts within 2 s")
    try served.expectSame("the clock moved on")
    #expect(String(decoding: served.service.route(progress).body, as: UTF8.self) == after)
  }
}
