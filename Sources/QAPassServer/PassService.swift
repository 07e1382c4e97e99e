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
/// It is not thread-safe: ``HTTPServer`` calls ``respond(to:)`` on its one thread.
package final class PassService {
  /// The matrix, checklists and observations folders served, as `pass` takes them.
  let inputs: Workflow.ReportInputs
  let workflow: Workflow
  let policy: AccessPolicy
  /// Called with one line for each observation recorded (`recorded pass for … by … from …`).
  let log: (String) -> Void
  /// The standing of the last revision read and the day it was made on, reused until a file
  /// changes or the day does (a waiver may expire), and never after an observation was refused for
  /// a time ahead of the clock (it may count now).
  private var cached: (key: String, revision: String, standing: Workflow.Standing)?
  /// The answers made from the cached standing, by path and query: a page or an operation read
  /// again while nothing changed is answered as it was, without being made again.
  private var answers: [String: HTTPResponse] = [:]

  /// Creates the service over `workflow`'s files.
  package init(
    inputs: Workflow.ReportInputs, workflow: Workflow, policy: AccessPolicy, log: @escaping (String) -> Void
  ) {
    self.inputs = inputs
    var workflow = workflow
    workflow.memo = PassMemo()
    self.workflow = workflow
    self.policy = policy
    self.log = log
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
    case "/api/version": return ("GET", version)
    case "/api/progress": return ("GET", progress)
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
    .html(Pages.dashboard(try standing(), revision: cached?.revision ?? ""))
  }

  func historyPage(_ id: String) throws -> HTTPResponse {
    guard let outcome = try standing().ingest.outcome(ItemID(rawValue: id)) else {
      throw Refusal(404, "unknown_item", "no manual item '\(id)' in the plan")
    }
    return .html(Pages.history(outcome, report: try standing().report, revision: cached?.revision ?? ""))
  }

  func checklistPage(_ session: String) throws -> HTTPResponse {
    let standing = try standing()
    guard let checklist = standing.checklist(session) else {
      throw Refusal(404, "unknown_session", "no device session '\(session)' in the plan")
    }
    return .html(Pages.checklist(checklist, standing: standing, revision: cached?.revision ?? ""))
  }

  func reportPage() throws -> HTTPResponse {
    .html(Pages.report(try standing().report, revision: cached?.revision ?? ""))
  }

  func reportPicture(_ name: String) throws -> HTTPResponse {
    let files = MarkdownReportWriter().write(try standing().report)
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

  /// `getVersion`: the revision of the files the pass is made from.
  func version() -> HTTPResponse {
    let revision = workflow.passRevision(inputs)
    var response = HTTPResponse.json(.object([("revision", .string(revision))]))
    response.headers.append(("ETag", "\"\(revision)\""))
    return response
  }

  /// The standing now: the one last read while no file changed since (``cached``).
  func standing() throws -> Workflow.Standing {
    let (key, revision) = standingKey()
    if let cached, cached.key == key, !(workflow.memo?.judgedTheClock ?? true) { return cached.standing }
    answers = [:]
    let standing = try workflow.standing(inputs).value
    cached = (key, revision, standing)
    return standing
  }

  /// What the standing is made from: the revision of the files and today's date (UTC).
  func standingKey() -> (key: String, revision: String) {
    let revision = workflow.passRevision(inputs)
    return ("\(revision) \(Timestamp.now(workflow.clock).text.prefix(10))", revision)
  }

  /// The answer to a read that depends only on the standing: the one made before while the standing
  /// is unchanged, else `make()`'s, kept when it succeeded.
  func answer(_ request: HTTPRequest, _ make: () throws -> HTTPResponse) rethrows -> HTTPResponse {
    let query = request.query.map { "\($0.0)=\($0.1)" }.joined(separator: "&")
    let name = "\(request.path)?\(query)"
    let key = standingKey().key
    if let cached, cached.key == key, !(workflow.memo?.judgedTheClock ?? true), let answer = answers[name] {
      return answer
    }
    let answer = try make()
    if answer.status == 200, cached?.key == key { answers[name] = answer }
    return answer
  }

  /// `getProgress`: the verdict, its reasons, the counts and the progress, as report.json has them, and
  /// the plan a record must be given under.
  func progress() throws -> HTTPResponse {
    let standing = try standing()
    guard case .object(let members) = JSONReportWriter.json(standing.report) else {
      return .error(500, "internal", "the report is not an object")
    }
    let kept = ["plan", "verdict", "reasons", "counts", "progress", "files_in_error"]
    return .json(.object(members.filter { kept.contains($0.0) }))
  }

  /// `getReport`: report.json as `qapass report` would write it now.
  func report() throws -> HTTPResponse {
    .json(JSONReportWriter.json(try standing().report))
  }

  /// `listItems`: the manual items with their status, in checklist order, optionally of one session
  /// or one status.
  func items(_ request: HTTPRequest) throws -> HTTPResponse {
    let standing = try standing()
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
    let standing = try standing()
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
    guard case .observation(let observation) = try workflow.record(record).value else {
      return .error(500, "internal", "the record use case walked a session")
    }
    log(
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
        ("revision", .string(workflow.passRevision(inputs))),
      ]), status: 201)
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
