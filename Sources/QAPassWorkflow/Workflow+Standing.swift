import Diagnostics
import Digests
import Observations
import QAModel
import Reporting
import ScenarioEngine

/// The pass as it stands, for `serve`: the report `pass` would write now, written nowhere, and a
/// revision of the files it is made from that tells when it may have changed.
extension Workflow {
  /// The pass as `qapass pass` would judge it now: the report, the ingest it was made from and the plan.
  package struct Standing: Sendable {
    /// The acceptance report, as `report` would write it (no previous report compared).
    package var report: AcceptanceReport
    /// Every manual item's outcome and observations, and the problems of the observation files.
    package var ingest: IngestResult
    /// The plan: its build and fingerprint are what a record is stamped with.
    package var plan: Plan
    /// The checklist number of each manual item in its session, as the checklists print them.
    package var numbers: [ItemID: Int]
    /// What the checklists are made from, for ``checklist(_:)``.
    var checklistSource: ChecklistSource
  }

  /// The plan a page or a script was given, which a record made from it must still be under.
  package struct PlanStamp: Hashable, Sendable {
    /// The build under test (`nil` when the matrix names none).
    package var build: String?
    /// The plan's fingerprint.
    package var fingerprint: String

    /// Creates a stamp.
    package init(build: String?, fingerprint: String) {
      self.build = build
      self.fingerprint = fingerprint
    }
  }

  /// Refuses a record made from a page of an earlier plan: the build was bumped or the matrix
  /// re-planned since it was given, so its answer would be stamped with a build it was not given under.
  package struct PlanChanged: Error, CustomStringConvertible, Sendable {
    /// What the page was given.
    package var given: PlanStamp
    /// What is in force now.
    package var current: PlanStamp

    package var description: String {
      var changes: [String] = []
      if given.build != current.build {
        changes.append(
          "the build is now \(current.build.map { "'\($0)'" } ?? "none"), not "
            + "\(given.build.map { "'\($0)'" } ?? "none")")
      }
      if given.fingerprint != current.fingerprint {
        changes.append("the plan is now \(current.fingerprint), not \(given.fingerprint)")
      }
      return "the pass changed since this was given: \(changes.joined(separator: "; ")); nothing recorded: "
        + "reload and answer again under the plan in force"
    }
  }

  /// `qapass serve`'s view of the pass: the report `pass` would make now from the same files, written
  /// nowhere.
  ///
  /// With a ``memo`` (as `serve` keeps), the plan is made again only when its files change, the
  /// automated items run once per plan and pack, and an observation file is read again only when it
  /// changed (only its new entries when it grew by them); the standing is the same either way.
  ///
  /// - Returns: The standing; its status follows the verdict as ``report(_:)``'s does.
  /// - Throws: What ``report(_:)`` throws for the plan and the pack.
  package func standing(_ inputs: ReportInputs) throws -> UseCaseResult<Standing> {
    var declarations: [FileRoles.Declaration] = (inputs.pack.map { [$0] } ?? []).map(
      FileRoles.Declaration.input)
    declarations += inputs.automated.map(FileRoles.Declaration.input)
    declarations += [
      .inputs(in: inputs.checklists, suffix: Checklist.sheetSuffix),
      .inputs(in: inputs.observations ?? Defaults.observations, suffix: ".yaml"),
      .inputs(in: inputs.observations ?? Defaults.observations, suffix: RunLog.suffix),
    ]
    try begin(declarations)
    let loaded = try loadPlan(inputs.source)
    let catalog = try observableCatalog(loaded)
    let assessed = try assess(loaded, catalog: catalog, inputs, earlier: []) { nil }
    let (numbers, ledger) = try numbers(loaded)
    let standing = Standing(
      report: assessed.report, ingest: assessed.ingest, plan: loaded.plan, numbers: numbers,
      checklistSource: Standing.ChecklistSource(
        file: loaded.file, catalog: catalog, ledger: ledger,
        folder: inputs.checklists == Defaults.checklists ? nil : inputs.checklists))
    if assessed.ingest.hasErrors { return finished(standing, .dataError) }
    return finished(standing, Self.exitCode(for: assessed.report.verdict))
  }

  /// The checklist number of each manual item in its session, as the checklists print them, and the
  /// ledger they come from (kept with the plan in the ``memo``).
  func numbers(_ loaded: LoadedPlan) throws -> (numbers: [ItemID: Int], ledger: ChecklistLedger) {
    let key = "\(loaded.source)"
    if let entry = memo?.plans[key], entry.loaded.plan.fingerprint == loaded.plan.fingerprint,
      let numbers = entry.numbers
    {
      return numbers
    }
    var numbers: [ItemID: Int] = [:]
    let ledger = try ledger(loaded.source.ledgerPath) ?? ChecklistLedger()
    for session in ledger.updated(for: loaded.plan).sessions {
      numbers.merge(session.current) { first, _ in first }
    }
    if memo?.plans[key]?.loaded.plan.fingerprint == loaded.plan.fingerprint {
      memo?.plans[key]?.numbers = (numbers, ledger)
    }
    return (numbers, ledger)
  }

  /// A text that changes whenever a file the pass is made from may have changed: the matrix, the
  /// checklists folder (its entries, plan source, ledger, kept cells, sheets; not the checklists
  /// written from the plan), the observation files, the pack and the app results. Cheap (it reads no file, only their sizes and times), so pages can ask for it often.
  ///
  /// - Returns: 16 hexadecimal digits.
  package func passRevision(_ inputs: ReportInputs) -> String {
    // The matrix named, and those the kept plans were made from (the one the checklists name when
    // none is).
    var matrices = [inputs.source.matrix ?? Defaults.matrix]
    for entry in (memo?.plans.values).map(Array.init) ?? [] {
      if let matrix = entry.loaded.source.matrix, !matrices.contains(matrix) { matrices.append(matrix) }
    }
    var paths = (matrices.sorted() + (inputs.pack.map { [$0] } ?? []) + inputs.automated).map(absolute)
    // Of the checklists folder, only what the pass reads: the checklists themselves it writes.
    let read = [PlanSourceFile.fileName, ChecklistLedger.fileName, "cells.jsonl"]
    for directory in [inputs.checklists, inputs.observations ?? Defaults.observations] {
      let folder = absolute(directory)
      paths.append(folder)
      for name in (files.names(in: folder) ?? []).sorted() where !name.hasPrefix(".") {
        if directory == inputs.checklists, !name.hasSuffix(Checklist.sheetSuffix), !read.contains(name) {
          continue
        }
        paths.append("\(folder)/\(name)")
      }
    }
    return revision(ofAbsolute: paths)
  }

  /// A text that changes whenever one of the files at `paths` may have changed: FNV-1a over each path
  /// and its size, time and ``FileAttributes/revision``.
  func revision(of paths: [String]) -> String { revision(ofAbsolute: paths.map(absolute)) }

  /// ``revision(of:)`` of paths already absolute.
  func revision(ofAbsolute paths: [String]) -> String {
    // FNV-1a over each path and what its attributes say of its contents.
    var bytes: [UInt8] = []
    for path in paths {
      bytes += path.utf8
      bytes.append(0)
      if let attributes = files.attributes(of: path) {
        bytes.append(1)
        for number in [Int64(attributes.size), attributes.modificationTime] + attributes.revision {
          for shift in stride(from: 0, to: 64, by: 8) {
            bytes.append(UInt8(truncatingIfNeeded: number >> shift))
          }
        }
      } else {
        bytes.append(2)
      }
    }
    let digits = String(Digest.fnv1a64(bytes), radix: 16)
    return String(repeating: "0", count: 16 - digits.count) + digits
  }
}
