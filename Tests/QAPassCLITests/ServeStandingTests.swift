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

  @Test func `records are acknowledged and reads answered while a standing is being made`() throws {
    let served = try Served()
    let plan = try served.service.standing().plan
    let build = plan.build.map { "\"\($0)\"" } ?? "null"
    let body = """
      {"item": "\(Self.a)", "result": "pass", "tester": "mei", "build": \(build), \
      "plan": "\(plan.fingerprint)"\(ExactOS.release(in: Self.a).map { #", "os": "\#($0)""# } ?? "")}
      """
    final class Answers: @unchecked Sendable {
      let lock = NSLock()
      var statuses: [Int] = []
      let done = DispatchSemaphore(value: 0)
    }
    let answers = Answers()
    let service = served.service
    // A standing is being made (its lock held) while a record and a read come in.
    service.making.lock()
    let requests: [@Sendable () -> Int] = [
      {
        (try? service.record(HTTPRequest(method: "POST", path: "/api/observations", body: Array(body.utf8))))?
          .status ?? 0
      },
      { service.route(HTTPRequest(method: "GET", path: "/api/progress")).status },
    ]
    for request in requests {
      Thread.detachNewThread {
        let status = request()
        answers.lock.withLock { answers.statuses.append(status) }
        answers.done.signal()
      }
    }
    let answered = requests.map { _ in answers.done.wait(timeout: .now() + 30) == .success }
    service.making.unlock()
    #expect(answered == [true, true], "neither waited for the standing being made")
    #expect(answers.lock.withLock { answers.statuses.sorted() } == [200, 201])
    #expect(try served.ws.text("observations/records.yaml").contains("id: \(Self.a)"))
    // The read answered from the standing made before the record; the next standing shows it.
    try served.expectSame("the standing made after the record")
    let outcome = try served.service.standing().ingest.items.first { $0.item.id.rawValue == Self.a }
    #expect(outcome?.status.rawValue == "pass")
  }

  @Test func `records written together are each checked, appended once and audited with their address`()
    throws
  {
    let served = try Served()
    let ids = try served.fromScratch().ingest.items.map(\.item.id.rawValue).filter {
      $0.contains(Self.session)
    }
    let workflow = served.service.workflow
    let batch = [(ids[0], "192.0.2.1"), ("manual.nothing", "192.0.2.2"), (ids[1], "192.0.2.3")].map {
      item, address in
      var inputs = Workflow.RecordInputs(source: Served.inputs.source, item: item)
      inputs.result = .pass
      inputs.tester = "mei"
      inputs.origin = "qapass serve"
      inputs.address = address
      inputs.os = ExactOS.release(in: item)
      return inputs
    }
    let results = try workflow.recordAll(batch)
    #expect(results.map { (try? $0.get())?.itemID.rawValue } == [ids[0], nil, ids[1]])
    if case .failure(let error as UsageError) = results[1] {
      #expect(error.message.hasPrefix("unknown manual item 'manual.nothing'"), "\(error.message)")
    } else {
      Issue.record("the unknown item is refused with a usage error: \(results[1])")
    }
    let records = try served.ws.text("observations/records.yaml")
    #expect(records.components(separatedBy: "  - id: ").count - 1 == 2)
    let audit = try served.ws.text("observations/audit.log").split(separator: "\n")
    #expect(audit.count == 2)
    #expect(audit.first?.contains(#""address":"192.0.2.1""#) == true && audit.first?.contains(ids[0]) == true)
    #expect(audit.last?.contains(#""address":"192.0.2.3""#) == true && audit.last?.contains(ids[1]) == true)
    try served.expectSame("two records written together")
  }

  // Issue 35: the session page made its checklist from the whole plan on every read (0.83 s at
  // bench/scale's 12,000 items in a debug build); it is made once per plan now, and what was recorded
  // since still shows, from the standing.
  @Test func `a session's checklist is made once per plan and shows what was recorded after it was made`()
    throws
  {
    let served = try Served()
    let memo = try #require(served.service.maker.memo)
    let ids = try served.fromScratch().ingest.items.map(\.item.id.rawValue).filter {
      $0.contains(Self.session)
    }
    try #require(ids.count > 2)
    let revision = #/ data-revision="[0-9a-f]*"/#
    /// The served page, and the page a workflow that keeps nothing makes from the files now.
    func pages() throws -> (served: String, fresh: String) {
      _ = try served.service.standing()
      let response = try served.service.checklistPage(Self.session)
      #expect(response.status == 200)
      let fresh = try served.fromScratch()
      let checklist = try #require(fresh.checklist(Self.session))
      return (
        String(decoding: response.body, as: UTF8.self).replacing(revision, with: ""),
        Pages.checklist(checklist, standing: fresh, revision: "").replacing(revision, with: "")
      )
    }
    func expectPage(_ step: String, made: Int, sourceLocation: SourceLocation = #_sourceLocation) throws
      -> String
    {
      let page = try pages()
      #expect(
        page.served == page.fresh, "\(step): the page made from scratch", sourceLocation: sourceLocation)
      #expect(memo.sessionChecklistsMade == made, "\(step): checklists made", sourceLocation: sourceLocation)
      return page.served
    }

    #expect(try expectPage("first read", made: 1).contains("<span id=\"done\">0 of 17 done</span>"))
    try served.record(ids[0], "pass")
    #expect(
      served.ws.run(exactOS("record", ids[1], "--result", "fail", "--note", "caret jumps")).code == .success)
    let recorded = try expectPage("after a record of the server and one of qapass record", made: 1)
    #expect(recorded.contains("<span id=\"done\">2 of 17 done</span>"))
    let first = try #require(try served.service.standing().numbers.first { $0.key.rawValue == ids[0] }?.value)
    #expect(recorded.contains("name=\"result-\(first)\" value=\"pass\" checked>"))
    #expect(recorded.contains("Note: caret jumps</p>"))
    _ = try expectPage("read again", made: 1)

    // What the checklist says beside the plan's items: the plan's name is not in its fingerprint.
    let fingerprint = try served.service.standing().plan.fingerprint
    let matrix = try served.ws.text("matrices/default.yaml")
    let name = try #require(matrix.firstMatch(of: /\nname: ([^\n]+)\n/)?.1)
    try served.ws.write(
      matrix.replacingOccurrences(of: "\nname: \(name)\n", with: "\nname: Sign-up, second round\n"),
      to: "matrices/default.yaml")
    #expect(try served.service.standing().plan.fingerprint == fingerprint)
    #expect(try expectPage("the plan renamed", made: 2).contains("Sign-up, second round"))

    // A re-plan: the keyboard's identifier is in the fingerprint.
    let pinyin = "zh_Hans-Pinyin@sw=Pinyin-Simplified;hw=Automatic"
    try served.ws.write(
      try served.ws.text("matrices/default.yaml").replacingOccurrences(
        of: "keyboard: \(pinyin)", with: "keyboard: zh_Hans-Pinyin@sw=Pinyin-Simplified;hw=US"),
      to: "matrices/default.yaml")
    #expect(try served.service.standing().plan.fingerprint != fingerprint)
    #expect(try expectPage("re-planned", made: 3).contains("hw=US</code>"))
    try served.record(ids[2], "pass")
    _ = try expectPage("a record under the new plan", made: 3)

    // A build bump.
    try served.ws.write(
      try served.ws.text("matrices/default.yaml").replacingOccurrences(
        of: #"build: "4.12.0 (812)""#, with: #"build: "4.12.1 (820)""#),
      to: "matrices/default.yaml")
    #expect(try expectPage("the build bumped", made: 4).contains(" data-build=\"4.12.1 (820)\""))
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
