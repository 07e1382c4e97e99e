import Diagnostics
import Foundation
import Observations
import QAModel
import QAPassWorkflow
import Reporting
import TextFormats

/// The pass over HTTP: each operation of `schemas/serve.openapi.json` calls the use case the command
/// line calls (``Workflow/standing(_:)`` for what is read, ``Workflow/record(_:)`` for a record), with
/// the same files, lock and validation.
///
/// ``respond(to:)`` may be called from several threads at once. Three parts run side by side, each
/// over its own ``Workflow`` and ``PassMemo`` (which share one gate for the input-method engines):
///
/// - **Writes** (records, decisions) run one at a time, under `writing`, and are acknowledged once the
///   use case returned: they never wait for a standing.
/// - **The standing** is made under `making`, by ``standing()``: in the background by
///   ``startMaking()``, at most once at a time, soon after any change (a write through the server
///   wakes it; a change from elsewhere is seen within ``pollInterval``), so a page shows any change
///   within 2 s. Its thread runs at a lower priority (``yieldToRequests()``), so on a busy machine
///   requests are answered first.
/// - **Reads** (pages, `getProgress`, `listItems`, …) answer from the latest standing made
///   (``served``), never making one, so a read costs the same during a burst of writes.
package final class PassService: @unchecked Sendable {
  /// The matrix, checklists and observations folders served, as `pass` takes them.
  let inputs: Workflow.ReportInputs
  /// The use cases that write (records, decisions), run one at a time under `writing`.
  let workflow: Workflow
  let writing = NSLock()
  /// The use cases the standing is made with, under `making`.
  let maker: Workflow
  let making = NSLock()
  let policy: AccessPolicy
  /// Called with one line for each observation recorded (`recorded pass for … by … from …`).
  let log: (String) -> Void
  let logging = NSLock()
  /// What reads answer from, under `serving`: the latest standing made, the day it was made on and
  /// the answers made from it, by path and query.
  let serving = NSLock()
  private var cached: Served?
  private var answers: [String: HTTPResponse] = [:]
  /// The records waiting to be written, and whether a request is writing some, under `queue`.
  private let queue = NSCondition()
  private var queued: [Queued] = []
  private var recording = false
  /// Wakes the background maker (a write was made) and stops it.
  private let wake = NSCondition()
  private var woken = false
  private var stopping = false
  private var makerThread: Thread?

  /// How often the background maker looks for changes made outside the server.
  static let pollInterval = 0.25

  /// A standing made, with what it was made from: the revision of the files and the day (a waiver
  /// may expire), and whether it is to be made again at once (an observation was refused for a time
  /// ahead of the clock: it may count now).
  struct Served {
    var key: String
    var revision: String
    var standing: Workflow.Standing
    var judgedTheClock: Bool
  }

  /// Creates the service over `workflow`'s files.
  package init(
    inputs: Workflow.ReportInputs, workflow: Workflow, policy: AccessPolicy, log: @escaping (String) -> Void
  ) {
    self.inputs = inputs
    var writer = workflow
    let memo = PassMemo()
    writer.memo = memo
    self.workflow = writer
    // Its own context and memo: it runs beside the writer.
    var maker = Workflow(
      console: workflow.console, files: workflow.files, clock: workflow.clock, runner: workflow.runner,
      engines: workflow.engines)
    maker.followOutputLinks = workflow.followOutputLinks
    maker.memo = memo.sharingEngines()
    self.maker = maker
    self.policy = policy
    self.log = log
  }

  deinit { stopMaking() }

  /// Makes what the writer checks a record against (the plan and catalog, in its own memo) before
  /// the first record arrives: otherwise the first records after a start wait for it (0.6 to 1 s at
  /// 12,000 items). The plan the first standing was made from is taken, not made again.
  ///
  /// - Throws: What planning the matrix throws.
  package func prepareToRecord() throws {
    try making.withLock {
      try writing.withLock {
        if let made = maker.memo { workflow.memo?.keepPlans(of: made) }
        try workflow.prepareToRecord(inputs.source)
      }
    }
  }

  /// Starts making the standing in the background: again after each write through the server, and
  /// whenever ``pollInterval`` shows a file changed.
  package func startMaking() {
    let thread = Thread { [weak self] in
      Self.yieldToRequests()
      while let service = self, service.waitForChange() {
        _ = try? service.standing()
      }
    }
    thread.name = "qapass serve: standing"
    thread.qualityOfService = .utility
    makerThread = thread
    thread.start()
  }

  /// Lowers the calling thread's scheduling priority (on Linux, a nice value of 5 for this thread
  /// alone), so the threads that answer requests run first while it makes a standing: on a busy
  /// machine a record is then acknowledged without waiting for the maker's time slice.
  static func yieldToRequests() {
    #if os(Linux)
      // This thread's id: `/proc/thread-self` links to `PID/task/TID`.
      guard let link = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/thread-self"),
        let thread = link.split(separator: "/").last.flatMap({ id_t($0) })
      else { return }
      _ = setpriority(__priority_which_t(PRIO_PROCESS.rawValue), thread, 5)
    #endif
  }

  /// Stops the background maker (it ends after the standing it is making).
  package func stopMaking() {
    wake.lock()
    stopping = true
    wake.broadcast()
    wake.unlock()
  }

  /// Waits until a write wakes the maker or ``pollInterval`` passed; `false` once stopped.
  private func waitForChange() -> Bool {
    wake.lock()
    defer { wake.unlock() }
    if !woken && !stopping { _ = wake.wait(until: Date(timeIntervalSinceNow: Self.pollInterval)) }
    woken = false
    return !stopping
  }

  /// Logs `line`, one line at a time.
  func logLine(_ line: String) {
    logging.withLock { log(line) }
  }

  /// Tells the background maker a write was made.
  func changed() {
    wake.lock()
    woken = true
    wake.signal()
    wake.unlock()
  }

  /// Answers one request: the access policy first, then the operation its method and path name.
  package func respond(to request: HTTPRequest) -> HTTPResponse {
    if let refusal = policy.refusal(of: request) { return secured(refusal) }
    var response = route(request)
    if policy.tokenInURL(request), let cookie = policy.tokenCookie {
      response.headers.append(("Set-Cookie", cookie))
    }
    return secured(response)
  }

  /// Adds the headers every response carries: no script or style from anywhere but this server, no
  /// framing, no sniffing, no caching, no referrer (the token may be in the URL).
  func secured(_ response: HTTPResponse) -> HTTPResponse {
    var response = response
    response.headers += [
      (
        "Content-Security-Policy",
        "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self'; "
          + "form-action 'self'; frame-ancestors 'none'; base-uri 'none'"
      ),
      ("X-Content-Type-Options", "nosniff"),
      ("X-Frame-Options", "DENY"),
      ("Referrer-Policy", "no-referrer"),
      ("Cache-Control", "no-store"),
    ]
    return response
  }

  /// The operation or page at `request`'s path: its one method and what answers it; `nil` for no
  /// such path.
  func resource(_ request: HTTPRequest) -> (method: String, answer: () throws -> HTTPResponse)? {
    let segments = request.path.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
    switch request.path {
    case "/openapi.json":
      return (
        "GET",
        {
          HTTPResponse(
            status: 200, headers: [("Content-Type", "application/json")],
            body: Array(OpenAPIDocument.text.utf8))
        }
      )
    case "/api/version": return ("GET", { try self.version() })
    case "/api/progress": return ("GET", { try self.progress() })
    case "/api/items": return ("GET", { try self.items(request) })
    case "/api/report": return ("GET", report)
    case "/api/observations": return ("POST", { try self.record(request) })
    case _
    where segments.count == 5 && segments[1] == "api" && segments[2] == "items" && segments[4] == "history":
      return ("GET", { try self.history(segments[3]) })
    case _
    where segments.count == 5 && segments[1] == "api" && segments[2] == "items"
      && Self.decisionActions[segments[4]] != nil:
      return (
        "POST", { try self.decide(Self.decisionActions[segments[4]] ?? .defect, item: segments[3], request) }
      )
    case "/api/carry": return ("POST", { try self.carry(request) })
    case "/": return ("GET", dashboardPage)
    case "/report": return ("GET", reportPage)
    case "/assets/live.js": return ("GET", { .asset(Pages.liveScript, type: "text/javascript") })
    case "/assets/style.css": return ("GET", { .asset(Pages.style + Pages.decisionStyle, type: "text/css") })
    case "/assets/decisions.js": return ("GET", { .asset(Pages.decisionScript, type: "text/javascript") })
    case "/assets/checklist.js": return ("GET", { .asset(Pages.checklistScript, type: "text/javascript") })
    case "/assets/checklist.css": return ("GET", { .asset(Pages.checklistStyle, type: "text/css") })
    case _ where segments.count == 3 && segments[1] == "sessions":
      return ("GET", { try self.checklistPage(segments[2]) })
    case _ where segments.count == 3 && segments[1] == "items":
      return ("GET", { try self.historyPage(segments[2]) })
    case _ where segments.count == 3 && segments[1] == "report" && segments[2].hasSuffix(".svg"):
      return ("GET", { try self.reportPicture(segments[2]) })
    default:
      return nil
    }
  }

  // MARK: - Pages

  func dashboardPage() throws -> HTTPResponse {
    let (standing, revision) = try served()
    return dashboard(standing, revision: revision)
  }

  func dashboard(_ standing: Workflow.Standing, revision: String) -> HTTPResponse {
    .html(Pages.dashboard(standing, revision: revision))
  }

  func historyPage(_ id: String) throws -> HTTPResponse {
    let (standing, revision) = try served()
    guard let outcome = standing.ingest.outcome(ItemID(rawValue: id)) else {
      throw Refusal(404, "unknown_item", "no manual item '\(id)' in the plan")
    }
    return .html(Pages.history(outcome, report: standing.report, revision: revision))
  }

  func checklistPage(_ session: String) throws -> HTTPResponse {
    let (standing, revision) = try served()
    guard let checklist = maker.checklist(session, of: standing) else {
      throw Refusal(404, "unknown_session", "no device session '\(session)' in the plan")
    }
    return .html(Pages.checklist(checklist, standing: standing, revision: revision))
  }

  func reportPage() throws -> HTTPResponse {
    let (standing, revision) = try served()
    return .html(Pages.report(standing.report, revision: revision))
  }

  func reportPicture(_ name: String) throws -> HTTPResponse {
    let files = MarkdownReportWriter().write(try served().standing.report)
    guard let file = files.first(where: { $0.path == name }) else {
      throw Refusal(404, "not_found", "the report has no picture '\(name)'")
    }
    return .asset(file.contents, type: "image/svg+xml")
  }

  func route(_ request: HTTPRequest) -> HTTPResponse {
    guard let (method, run) = resource(request) else {
      return .error(404, "not_found", "no such page or operation: see /openapi.json")
    }
    guard request.method == method || (method == "GET" && request.method == "HEAD") else {
      var response = HTTPResponse.error(
        405, "method_not_allowed", "\(request.method) is not an operation of \(request.path); \(method) is")
      response.headers.append(("Allow", method == "GET" ? "GET, HEAD" : method))
      return response
    }
    if method == "POST", let refusal = policy.refusal(ofWrite: request) { return refusal }
    do {
      let fixed = ["/openapi.json", "/api/version", "/assets/live.js", "/assets/style.css"]
      return try method == "GET" && !fixed.contains(request.path) ? answer(request, run) : run()
    } catch let refusal as Refusal {
      return refusal.response
    } catch let changed as Workflow.PlanChanged {
      return .error(409, "plan_changed", changed.description)
    } catch let refused as Workflow.OSRefused {
      return .error(422, "invalid_os", refused.message(.field), field: "os")
    } catch let error as UsageError {
      return .error(422, "invalid_observation", error.message)
    } catch let error as FileError {
      return .error(503, "pass_unreadable", "\(error.path): \(error.message)")
    } catch let error as DiagnosticList {
      let first = error.diagnostics.first { $0.severity == .error } ?? error.diagnostics.first
      return .error(
        503, "pass_unreadable", first.map { "\($0.path): \($0.message)" } ?? "the pass cannot be read")
    } catch let error as Diagnostic {
      return .error(503, "pass_unreadable", "\(error.path): \(error.message)")
    } catch {
      return .error(503, "pass_unreadable", "the pass cannot be read: \(error)")
    }
  }

  /// A refusal an operation decided on, as its response.
  struct Refusal: Error {
    var response: HTTPResponse
    init(_ status: Int, _ code: String, _ message: String) {
      response = .error(status, code, message)
    }
  }

  // MARK: - Operations

  /// `getVersion`: the revision of the files the pass served was made from: it changes once a change
  /// shows in the pages and operations that read the pass.
  func version() throws -> HTTPResponse {
    let revision = try served().revision
    var response = HTTPResponse.json(.object([("revision", .string(revision))]))
    response.headers.append(("ETag", "\"\(revision)\""))
    return response
  }

  /// The standing of the files now, made again when a file changed since the last one was made
  /// (or the day did, or it judged the clock); it is then what reads answer from. One at a time.
  package func standing() throws -> Workflow.Standing {
    making.lock()
    defer { making.unlock() }
    let (key, revision) = standingKey(maker)
    if let cached = serving.withLock({ cached }), cached.key == key, !cached.judgedTheClock {
      return cached.standing
    }
    let standing = try maker.standing(inputs).value
    let made = Served(
      key: key, revision: revision, standing: standing, judgedTheClock: maker.memo?.judgedTheClock ?? true)
    // What every client reads after each change is made here, once, before it is served.
    let ready = [("/?", dashboard(standing, revision: revision)), ("/api/progress?", progress(standing))]
    serving.withLock {
      cached = made
      answers = Dictionary(uniqueKeysWithValues: ready.filter { $0.1.status == 200 })
    }
    return standing
  }

  /// Whether the standing served is made from the files as they are now, waiting up to `seconds`
  /// for it (the background maker makes it).
  package func isCurrent(within seconds: Double) -> Bool {
    let deadline = Date(timeIntervalSinceNow: seconds)
    while true {
      let current = making.withLock {
        let key = standingKey(maker).key
        return serving.withLock { cached?.key == key }
      }
      if current { return true }
      if Date() >= deadline { return false }
      Thread.sleep(forTimeInterval: 0.02)
    }
  }

  /// What reads answer from: the latest standing made (the first is made at once), and the revision
  /// of the files it was made from.
  func served() throws -> (standing: Workflow.Standing, revision: String) {
    if let cached = serving.withLock({ cached }) { return (cached.standing, cached.revision) }
    let standing = try standing()
    return (standing, serving.withLock { cached?.revision } ?? "")
  }

  /// What the standing is made from: the revision of the files and today's date (UTC).
  func standingKey(_ workflow: Workflow) -> (key: String, revision: String) {
    let revision = workflow.passRevision(inputs)
    return ("\(revision) \(Timestamp.now(workflow.clock).text.prefix(10))", revision)
  }

  /// The answer to a read that depends only on the standing: the one made before from the standing
  /// served now, else `make()`'s, kept while that standing is served when it succeeded.
  func answer(_ request: HTTPRequest, _ make: () throws -> HTTPResponse) throws -> HTTPResponse {
    let query = request.query.map { "\($0.0)=\($0.1)" }.joined(separator: "&")
    let name = "\(request.path)?\(query)"
    _ = try served()
    let (key, kept) = serving.withLock { (cached?.key, answers[name]) }
    if let kept { return kept }
    let answer = try make()
    serving.withLock {
      if answer.status == 200, cached?.key == key { answers[name] = answer }
    }
    return answer
  }

  /// `getProgress`: the verdict, its reasons, the counts and the progress, as report.json has them, and
  /// the plan a record must be given under.
  func progress() throws -> HTTPResponse { progress(try served().standing) }

  /// `getProgress` of `standing`.
  func progress(_ standing: Workflow.Standing) -> HTTPResponse {
    .json(
      JSONReportWriter.json(
        standing.report, members: ["plan", "verdict", "reasons", "counts", "progress", "files_in_error"]))
  }

  /// `getReport`: report.json as `qapass report` would write it now.
  func report() throws -> HTTPResponse {
    .json(JSONReportWriter.json(try served().standing.report))
  }

  /// `listItems`: the manual items with their status, in checklist order, optionally of one session
  /// or one status.
  func items(_ request: HTTPRequest) throws -> HTTPResponse {
    let standing = try served().standing
    let session = request.query("session")
    let status = try request.query("status").map { text in
      guard let status = Outcome(rawValue: text), Outcome.manual.contains(status) else {
        throw Refusal(
          400, "bad_query",
          "unknown status '\(text)' (\(Outcome.manual.map(\.rawValue).joined(separator: ", ")))")
      }
      return status
    }
    let items = standing.ingest.items.filter { outcome in
      (session == nil || outcome.item.session.description == session)
        && (status == nil || outcome.status == status)
    }
    return .json(
      .object([
        ("plan", stamp(standing)),
        ("items", .array(items.map { item($0, standing: standing) })),
      ]))
  }

  /// `getItemHistory`: every observation of one item, oldest first, with its source and whether it is
  /// stale.
  func history(_ id: String) throws -> HTTPResponse {
    let standing = try served().standing
    guard let outcome = standing.ingest.outcome(ItemID(rawValue: id)) else {
      throw Refusal(404, "unknown_item", "no manual item '\(id)' in the plan")
    }
    let observations = outcome.observations.map { recorded -> JSONValue in
      let observation = recorded.observation
      return .object([
        ("result", .string(observation.result.rawValue)),
        ("tester", .string(observation.tester)),
        ("time", .optional(observation.time?.text)),
        ("build", .optional(observation.build)),
        ("device", .string(observation.device.rawValue)),
        ("os", .string(observation.os)),
        ("keyboard", .optional(observation.keyboard)),
        ("text_version", .int(observation.textVersion)),
        ("note", .optional(observation.note)),
        ("evidence", .strings(observation.evidence)),
        ("source", .string("\(recorded.path):\(recorded.location.line)")),
        ("stale", .strings(recorded.staleReasons.map(\.description))),
        ("deciding", .bool(outcome.deciding == recorded)),
      ])
    }
    return .json(
      .object([("item", item(outcome, standing: standing)), ("observations", .array(observations))]))
  }

  /// `recordObservation`: one answer, through `qapass record`'s use case, refused when the plan it was
  /// given under is no longer the one in force.
  func record(_ request: HTTPRequest) throws -> HTTPResponse {
    let body = try RecordBody(request.body)
    var record = Workflow.RecordInputs(source: inputs.source, item: body.item)
    record.observations = inputs.observations
    record.result = body.result
    record.tester = body.tester
    record.note = body.note
    record.reason = body.reason
    record.evidence = body.evidence
    record.os = body.os
    record.felt = body.felt.map { "\($0.0)=\($0.1)" }
    record.givenUnder = Workflow.PlanStamp(build: body.build, fingerprint: body.plan)
    record.origin = Self.origin
    record.address = request.client
    let (recorded, revision) = batched(record)
    let observation = try recorded.get()
    logLine(
      "recorded \(observation.result.rawValue) for \(observation.itemID) by \(observation.tester) "
        + "from \(request.client)\n")
    return .json(
      .object([
        ("id", .string(observation.itemID.rawValue)),
        ("result", .string(observation.result.rawValue)),
        ("tester", .string(observation.tester)),
        ("time", .optional(observation.time?.text)),
        ("build", .optional(observation.build)),
        ("plan", .string(body.plan)),
        ("keyboard", .optional(observation.keyboard)),
        ("os", .string(observation.os)),
        ("revision", .string(revision)),
      ]), status: 201)
  }

  /// A record waiting to be written, and once it was, what it gave.
  final class Queued {
    let inputs: Workflow.RecordInputs
    var outcome: (result: Result<Observation, any Error>, revision: String)?
    init(_ inputs: Workflow.RecordInputs) { self.inputs = inputs }
  }

  /// Records `record` with the records that arrive while one is being written: the first request to
  /// find no write under way writes every record queued so far in one ``Workflow/recordAll(_:)``
  /// (one lock, one write of the records file and of the audit log), and each request is answered
  /// with its own outcome once that write returned.
  func batched(_ record: Workflow.RecordInputs) -> (result: Result<Observation, any Error>, revision: String)
  {
    let mine = Queued(record)
    queue.lock()
    defer { queue.unlock() }
    queued.append(mine)
    while mine.outcome == nil {
      guard !recording else {
        queue.wait()
        continue
      }
      recording = true
      let batch = Array(queued.prefix(Self.batchLimit))
      queued.removeFirst(batch.count)
      queue.unlock()
      let outcomes: [(result: Result<Observation, any Error>, revision: String)]
      do {
        outcomes = try write {
          let results = try workflow.recordAll(batch.map(\.inputs))
          let revision = workflow.passRevision(inputs)
          return results.map { ($0, revision) }
        }
      } catch {
        outcomes = batch.map { _ in (.failure(error), "") }
      }
      queue.lock()
      for (queued, outcome) in zip(batch, outcomes) { queued.outcome = outcome }
      recording = false
      queue.broadcast()
    }
    return mine.outcome ?? (.failure(CancellationError()), "")
  }

  /// The most records written at once.
  static let batchLimit = 64

  /// Runs the write `body` through the writer's use cases, one at a time (the records file's lock
  /// serialises it with `qapass record` too), then wakes the background maker.
  func write<Value>(_ body: () throws -> Value) throws -> Value {
    writing.lock()
    defer {
      writing.unlock()
      changed()
    }
    return try body()
  }

  // MARK: - Views

  func stamp(_ standing: Workflow.Standing) -> JSONValue {
    .object([("build", .optional(standing.plan.build)), ("fingerprint", .string(standing.plan.fingerprint))])
  }

  func item(_ outcome: ItemOutcome, standing: Workflow.Standing) -> JSONValue {
    let item = outcome.item
    return .object([
      ("id", .string(item.id.rawValue)),
      ("number", standing.numbers[item.id].map(JSONValue.int) ?? .null),
      ("session", .string(item.session.description)),
      ("title", .string(item.title)),
      ("status", .string(outcome.status.rawValue)),
      ("keyboard", .optional(item.keyboard)),
      ("input_method", .optional(item.inputMethod?.rawValue)),
      ("stale", .strings(outcome.deciding?.staleReasons.map(\.description) ?? [])),
      ("note", .optional(outcome.deciding?.observation.note)),
      ("tester", .optional(outcome.deciding?.observation.tester)),
    ])
  }
}
