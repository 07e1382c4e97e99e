import Diagnostics
import Foundation
import Observations
import QAModel
import Reporting

extension Workflow {
  /// The inputs of ``carry(_:)``.
  package struct CarryInputs: Sendable {
    /// The matrix file and planning overrides (no matrix: the one the checklists were made from).
    package var source: PlanSource
    /// The build the results were tested on.
    package var fromBuild: String
    /// The checks whose items are unaffected (`m1`, `h2`); empty: any.
    package var checks: [String] = []
    /// The input methods whose items are unaffected; empty: any.
    package var inputMethods: [String] = []
    /// The devices whose items are unaffected; empty: any.
    package var devices: [String] = []
    /// The items, by id; empty: any.
    package var ids: [String] = []
    /// Why the build does not affect them (required).
    package var reason: String?
    /// Who carries (default: `$QAPASS_TESTER`, else `$USER`).
    package var by: String?
    /// Where recorded observation files live (`nil`: `observations`); the records file is there.
    package var observations: String?
    /// Where the request came from, for the audit log.
    package var origin = "qapass carry"
    /// The client address the request came from (`qapass serve`), for the audit log.
    package var address: String?

    /// Creates the inputs.
    package init(source: PlanSource, fromBuild: String) {
      self.source = source
      self.fromBuild = fromBuild
    }

    var folder: String { observations ?? Defaults.observations }
  }

  /// What ``carry(_:)`` did: the results carried and why the other items chosen were not.
  package struct Carried: Sendable {
    /// The observations appended, one per item carried.
    package var observations: [Observation]
    /// Items chosen that have a current result on the build under test already.
    package var testedAlready: [ItemID]
    /// Items chosen with no result on the build carried from.
    package var nothingToCarry: [ItemID]
  }

  /// `qapass carry --from-build B (--check C | --input-method I | --device D | --ids ID...) --reason R`:
  /// after a build bump, the lead declares which items the new build does not affect; the latest
  /// result each has on build B is recorded for the build under test as carried (from which build, by
  /// whom, when, why), appended to the records file under its lock, one audit line each. The report
  /// counts carried results apart from those tested on the build; a carried failure stays a failure.
  ///
  /// The choices combine: each kind given narrows the items (`--check m1 --device phone-a`), several
  /// values of one kind widen it. Nothing is carried without a choice, and an item with a current
  /// result on the build under test keeps it.
  ///
  /// - Returns: What was carried, and the items chosen that were not, with why.
  /// - Throws: ``UsageError`` for no choice, no reason, no build under test or the same build, an
  ///   unknown check, input method, device or id, or nothing to carry.
  package func carry(_ inputs: CarryInputs) throws -> UseCaseResult<Carried> {
    let records = "\(inputs.folder)/\(Defaults.recordsFileName)"
    try begin([
      .store(records), .store("\(inputs.folder)/\(Defaults.auditLogFileName)"),
      .inputs(in: inputs.source.checklists ?? Defaults.checklists, suffix: Checklist.sheetSuffix),
      .inputs(in: inputs.folder, suffix: ".yaml"),
    ])
    if inputs.checks.isEmpty && inputs.inputMethods.isEmpty && inputs.devices.isEmpty && inputs.ids.isEmpty {
      throw UsageError(
        "say which items the build does not affect: --check, --input-method, --device or --ids (nothing is "
          + "carried without a choice)")
    }
    guard let reason = inputs.reason?.trimmingCharacters(in: .whitespacesAndNewlines), !reason.isEmpty else {
      throw UsageError("missing option '--reason <text>': why the build does not affect these items")
    }
    let by = try decider(inputs.by)
    let loaded = try loadPlan(inputs.source, checksChecklists: true)
    let plan = loaded.plan
    guard let build = plan.build else {
      throw UsageError(
        "the matrix names no build under test ('build:' in \(loaded.file.path)): nothing to carry to")
    }
    if build == inputs.fromBuild {
      throw UsageError(
        "'--from-build \(inputs.fromBuild)' is the build under test; carry from an earlier build")
    }
    let catalog = try observableCatalog(loaded)
    let manual = plan.items.filter { $0.kind == .manual }
    func check(_ given: [String], _ known: [String], _ what: String) throws {
      for value in given where !known.contains(value) {
        throw UsageError(
          "unknown \(what) '\(value)'\(Suggestion.hint(for: value, among: known, listLimit: 8))")
      }
    }
    try check(inputs.checks, Array(Set(manual.map(\.scenario.rawValue))).sorted(), "check")
    try check(
      inputs.inputMethods, Array(Set(manual.compactMap(\.configuration.inputMethod?.rawValue))).sorted(),
      "input method")
    try check(
      inputs.devices, Array(Set(manual.compactMap(\.configuration.device?.rawValue))).sorted(), "device")
    var ids: [ItemID] = []
    for id in inputs.ids {
      guard let item = catalog.item(following: ItemID(rawValue: id)) else {
        throw UsageError(
          "unknown manual item '\(id)'\(catalog.hint(forUnknownID: id)) ('qapass plan' lists the ids)")
      }
      ids.append(item.id)
    }
    let chosen = manual.filter { item in
      (inputs.checks.isEmpty || inputs.checks.contains(item.scenario.rawValue))
        && (inputs.inputMethods.isEmpty
          || inputs.inputMethods.contains(item.configuration.inputMethod?.rawValue ?? ""))
        && (inputs.devices.isEmpty || inputs.devices.contains(item.configuration.device?.rawValue ?? ""))
        && (ids.isEmpty || ids.contains(item.id))
    }
    let (files, unreadable) = observationFiles(
      checklists: inputs.source.checklists ?? Defaults.checklists, observations: inputs.folder)
    let ingest = self.ingest(
      catalog, files: files, earlier: unreadable, decisions: try decisionFile(inputs.observations))
    let now = Timestamp.now(clock)
    var carried = Carried(observations: [], testedAlready: [], nothingToCarry: [])
    for item in chosen {
      guard let outcome = ingest.outcome(item.id) else { continue }
      if outcome.status.isResult {
        carried.testedAlready.append(item.id)
        continue
      }
      // The latest result on the build carried from that is stale for that build alone.
      guard
        let source = outcome.observations.last(where: { recorded in
          recorded.observation.build == inputs.fromBuild
            && recorded.staleReasons.allSatisfy { if case .build = $0 { true } else { false } }
        })
      else {
        carried.nothingToCarry.append(item.id)
        continue
      }
      var observation = source.observation
      observation.build = build
      observation.carried = Observation.Carry(fromBuild: inputs.fromBuild, by: by, time: now, reason: reason)
      carried.observations.append(observation)
    }
    guard !carried.observations.isEmpty else {
      throw UsageError(
        "nothing to carry: of the \(chosen.count) items chosen, \(carried.testedAlready.count) have a result on "
          + "build \(build) already and \(carried.nothingToCarry.count) have none on build \(inputs.fromBuild)"
      )
    }
    let path = try storeFile(records, createFolders: inputs.observations == nil)
    do { try ObservationStore.append(carried.observations, to: path, files: self.files) } catch {
      throw observationError(error)
    }
    context.written.append(records)
    try audit(
      carried.observations.map { observation in
        AuditLog.Entry(
          time: now.text, by: by, action: "carry", item: observation.itemID.rawValue,
          detail:
            "\(observation.result.rawValue) from build \(inputs.fromBuild) (tested by \(observation.tester) at "
            + "\(observation.time?.text ?? "no time")) to build \(build); reason: \(reason)",
          origin: inputs.origin, address: inputs.address)
      }, in: inputs.folder)
    var counts: [Outcome: Int] = [:]
    for observation in carried.observations { counts[observation.result, default: 0] += 1 }
    let summary = Outcome.allCases.compactMap { outcome in counts[outcome].map { "\($0) \(outcome.rawValue)" }
    }
    .joined(separator: ", ")
    var out =
      "carried \(carried.observations.count) of \(chosen.count) items chosen from build \(inputs.fromBuild) to "
      + "build \(build) (\(summary)) in \(records)\n"
    if !carried.testedAlready.isEmpty {
      out += "  \(carried.testedAlready.count) have a result on build \(build) already: kept\n"
    }
    if !carried.nothingToCarry.isEmpty {
      out +=
        "  \(carried.nothingToCarry.count) have no result on build \(inputs.fromBuild): test them on this build\n"
    }
    say(out)
    return finished(carried)
  }
}
