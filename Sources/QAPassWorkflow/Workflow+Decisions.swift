import Diagnostics
import Foundation
import MatrixFormat
import Observations
import QAModel
import Reporting
import ScenarioEngine

extension Workflow {
  /// The inputs of ``retire(_:)``, ``waive(_:)`` and ``defect(_:)``.
  package struct DecisionInputs: Sendable {
    /// The matrix file and planning overrides (no matrix: the one the checklists were made from).
    package var source: PlanSource
    /// The item id (for a retirement also an id the plan no longer has, with observations).
    package var item: String
    /// Who decides (default: `$QAPASS_TESTER`, else `$USER`).
    package var by: String?
    /// Why (required for a retirement and a waiver).
    package var reason: String?
    /// Waivers: who accepts the failure.
    package var approver: String?
    /// Waivers: a day `YYYY-MM-DD` (through that day UTC) or a build (until it is under test).
    package var expires: String?
    /// Defects: the tracker's ids.
    package var defects: [String] = []
    /// Where recorded observation files, the decisions file and the audit log live (`nil`:
    /// `observations`).
    package var observations: String?
    /// Where the request came from, for the audit log: the command (`qapass waive`, `qapass serve`).
    package var origin: String
    /// The client address the request came from (`qapass serve`), for the audit log.
    package var address: String?

    /// Creates the inputs.
    package init(source: PlanSource, item: String, origin: String) {
      self.source = source
      self.item = item
      self.origin = origin
    }

    var folder: String { observations ?? Defaults.observations }
  }

  /// `qapass retire ITEM --reason R`: the item's observations recorded so far no longer count (a
  /// failure of an item a re-plan dropped, a recording made in error); the report lists each with who
  /// retired it and why. A result recorded later counts again.
  ///
  /// - Returns: The decision appended to the decisions file.
  /// - Throws: ``UsageError`` for an id with nothing recorded, a missing reason; decisions-file errors.
  package func retire(_ inputs: DecisionInputs) throws -> UseCaseResult<Decision> {
    try decide(.retire, inputs) { state, id in
      let recorded =
        (state.ingest.outcome(id)?.observations.isEmpty == false)
        || state.ingest.unplanned.contains { $0.id == id } || state.catalog.dropped[id] != nil
      if !recorded {
        throw UsageError(
          "nothing is recorded for '\(id)' that counts, so there is nothing to retire"
            + (state.catalog.item(id) == nil ? state.catalog.hint(forUnknownID: id.rawValue) : ""))
      }
    }
  }

  /// `qapass waive ITEM --reason R --approver A --expires DATE|BUILD`: the item's current failure does
  /// not reject the release while the waiver holds; it is listed under the verdict with its reason,
  /// approver and expiry, and rejects again once the day has passed, the build is under test, or the
  /// item fails anew. The matrix's `decisions: unwaivable` checks refuse waivers.
  ///
  /// - Returns: The decision appended to the decisions file.
  /// - Throws: ``UsageError`` for an item that does not fail now, an unwaivable check, an expiry in
  ///   the past or at the build under test; decisions-file errors.
  package func waive(_ inputs: DecisionInputs) throws -> UseCaseResult<Decision> {
    try decide(.waive, inputs) { state, id in
      guard let item = state.catalog.item(id), let outcome = state.ingest.outcome(id) else {
        throw UsageError(
          "only a manual item of the plan can be waived; '\(id)' is not one\(state.catalog.hint(forUnknownID: id.rawValue))"
        )
      }
      let check = state.plan.items.first { $0.id == item.id }?.scenario
      if let check, state.file.decisions.unwaivable.contains(check) {
        throw UsageError(
          "the matrix forbids waivers of check \(check) ('decisions: unwaivable' in \(state.file.path)); "
            + "'\(id)' must pass")
      }
      guard outcome.status == .fail else {
        throw UsageError(
          "'\(id)' has no current failure to waive (it is \(outcome.status.rawValue)); a waiver accepts a "
            + "recorded failure")
      }
    }
  }

  /// `qapass defect ITEM ID...`: ties the item (its failure, or the item itself) to defects in a tracker;
  /// the report, its summary, report.json and junit.xml show them, linked through the matrix's
  /// `decisions: defect_url`.
  ///
  /// - Returns: The decision appended to the decisions file.
  /// - Throws: ``UsageError`` for an unknown item or no id; decisions-file errors.
  package func defect(_ inputs: DecisionInputs) throws -> UseCaseResult<Decision> {
    try decide(.defect, inputs) { state, id in
      let planned = state.plan.items.contains { $0.id == id }
      if !planned, state.catalog.dropped[id] == nil, !state.ingest.unplanned.contains(where: { $0.id == id })
      {
        throw UsageError(
          "unknown item '\(id)'\(state.catalog.hint(forUnknownID: id.rawValue)) ('qapass plan' lists the ids)"
        )
      }
    }
  }

  /// What a decision is checked against: the plan, its matrix, the observations as ingested now and
  /// the decisions so far.
  struct DecisionState {
    var plan: Plan
    var file: MatrixFile
    var catalog: ObservableCatalog
    var ingest: IngestResult
    var decisions: DecisionFile
  }

  /// The one path of the decision use cases: checks, appends the decision under the decisions file's
  /// lock, then the audit line under the log's.
  private func decide(
    _ action: Decision.Action, _ inputs: DecisionInputs, check: (DecisionState, ItemID) throws -> Void
  ) throws -> UseCaseResult<Decision> {
    let decisionsPath = "\(inputs.folder)/\(Defaults.decisionsFileName)"
    let auditPath = "\(inputs.folder)/\(Defaults.auditLogFileName)"
    try begin([
      .store(decisionsPath), .store(auditPath),
      .inputs(in: inputs.source.checklists ?? Defaults.checklists, suffix: Checklist.sheetSuffix),
      .inputs(in: inputs.folder, suffix: ".yaml"),
    ])
    let by = try decider(inputs.by)
    let reason = inputs.reason?.trimmingCharacters(in: .whitespacesAndNewlines)
    let time = Timestamp.now(clock)
    var decision = Decision(
      action: action, itemID: ItemID(rawValue: inputs.item), by: by, time: time,
      reason: (reason ?? "").isEmpty ? nil : reason, approver: inputs.approver, defects: inputs.defects)
    if action == .waive, let expires = inputs.expires {
      decision.expiry = try expiry(expires, now: time)
    }
    if let problem = decision.problem { throw UsageError(problem) }
    let loaded = try loadPlan(inputs.source, checksChecklists: true)
    let catalog = try observableCatalog(loaded)
    // An id from before a rename the matrix declares names the item as it is now.
    if let item = catalog.item(following: decision.itemID) { decision.itemID = item.id }
    let decisions = try decisionFile(inputs.observations)
    let (files, unreadable) = observationFiles(
      checklists: inputs.source.checklists ?? Defaults.checklists, observations: inputs.folder)
    let ingest = Ingest.run(files: files, catalog: catalog, now: .now(clock), decisions: decisions)
    _ = unreadable
    let state = DecisionState(
      plan: loaded.plan, file: loaded.file, catalog: catalog, ingest: ingest, decisions: decisions)
    try check(state, decision.itemID)
    if action == .waive, case .build(let build) = decision.expiry, build == loaded.plan.build {
      throw UsageError(
        "'--expires \(build)' is the build under test: the waiver would never hold; give a later build or a day"
      )
    }
    let path = try storeFile(decisionsPath, createFolders: inputs.observations == nil)
    do { try DecisionStore.append([decision], to: path, files: self.files) } catch {
      throw observationError(error)
    }
    context.written.append(decisionsPath)
    try audit(
      [
        AuditLog.Entry(
          time: time.text, by: by, action: action.rawValue, item: decision.itemID.rawValue,
          detail: Self.detail(decision), origin: inputs.origin, address: inputs.address)
      ], in: inputs.folder)
    say("\(Self.said(decision)) in \(decisionsPath)\n")
    return finished(decision)
  }

  /// Who decides: `--by`, else `$QAPASS_TESTER`, else `$USER`.
  func decider(_ given: String?) throws -> String {
    let environment = console.environment
    guard let by = given ?? environment["QAPASS_TESTER"] ?? environment["USER"],
      !by.allSatisfy(\.isWhitespace)
    else { throw UsageError("missing option '--by <name>' (or set QAPASS_TESTER)") }
    return by
  }

  /// `--expires`: a day not before today (UTC), or any other text as a build.
  func expiry(_ text: String, now: Timestamp) throws -> Decision.Expiry {
    let looksLikeDay =
      text.count == 10
      && text.enumerated().allSatisfy { index, character in
        [4, 7].contains(index) ? character == "-" : character.isASCII && character.isNumber
      }
    guard looksLikeDay else { return .build(text) }
    guard Decision.Expiry.isDay(text) else {
      throw UsageError("'--expires \(text)' is not a day; write it as YYYY-MM-DD, such as 2026-12-24")
    }
    let today = String(Timestamp(secondsSince1970: now.secondsSince1970).text.prefix(10))
    if text < today {
      throw UsageError("'--expires \(text)' has passed (today is \(today), UTC): the waiver would never hold")
    }
    return .date(text)
  }

  /// The decisions file of the observations folder (`nil`: the default), or none when there is no file.
  ///
  /// - Throws: `DiagnosticList` when it does not read as decisions.
  func decisionFile(_ observations: String?) throws -> DecisionFile {
    let path = "\(observations ?? Defaults.observations)/\(Defaults.decisionsFileName)"
    guard files.kind(of: absolute(path), followingLinks: true) != nil else { return DecisionFile() }
    let bytes = try read(path)
    let file = DecisionFile.read(bytes, path: path)
    if file.hasErrors { throw DiagnosticList(file.diagnostics) }
    return file
  }

  /// Appends `entries` to the audit log of the observations folder `folder`, under its lock.
  func audit(_ entries: [AuditLog.Entry], in folder: String) throws {
    let path = "\(folder)/\(Defaults.auditLogFileName)"
    let file = try storeFile(path, createFolders: false)
    // Not among the files the use case says it wrote: the log is kept beside what it wrote.
    do { try AuditLog(path: file).append(entries, files: files) } catch {
      throw FileError(path: path, message: message(error), exitCode: .cannotCreate)
    }
  }

  /// What the audit log says of `decision`.
  static func detail(_ decision: Decision) -> String {
    var parts: [String] = []
    if let reason = decision.reason { parts.append("reason: \(reason)") }
    if let approver = decision.approver { parts.append("approver: \(approver)") }
    if let expiry = decision.expiry { parts.append("expires: \(expiry)") }
    if !decision.defects.isEmpty { parts.append("defects: \(decision.defects.joined(separator: ", "))") }
    return parts.joined(separator: "; ")
  }

  /// `waived the failure of X until 2026-12-24, approved by kim`.
  static func said(_ decision: Decision) -> String {
    let id = decision.itemID.rawValue
    switch decision.action {
    case .retire:
      return "retired the observations of \(id) recorded until \(decision.time) (by \(decision.by))"
    case .waive:
      return "waived the failure of \(id) until \(decision.expiry?.description ?? "?"), approved by "
        + "\(decision.approver ?? "?")"
    case .defect: return "tied \(id) to \(decision.defects.joined(separator: ", "))"
    }
  }
}
