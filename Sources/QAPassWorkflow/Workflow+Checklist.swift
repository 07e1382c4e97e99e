import Diagnostics
import Effects
import MatrixFormat
import Observations
import QAModel
import Reporting
import ScenarioEngine

extension Workflow {
  /// The inputs of ``checklist(_:)``.
  package struct ChecklistInputs: Sendable {
    /// The matrix file and planning overrides; its `checklists` is the folder written.
    package var source: PlanSource
    /// Whether missing folders above the checklists folder are created (always for the default one).
    package var createFolders = false

    /// Creates the inputs.
    package init(source: PlanSource, createFolders: Bool = false) {
      self.source = source
      self.createFolders = createFolders
    }
  }

  /// `qapass checklist`: writes a Markdown and an HTML checklist and an observation sheet for every
  /// device session, merging what testers already wrote in the sheets.
  ///
  /// - Returns: The checklists; the status is 65 when a sheet could not be merged (it is left as it is,
  ///   the others are written).
  package func checklist(_ inputs: ChecklistInputs) throws -> UseCaseResult<[Checklist]> {
    let directory = inputs.source.checklists ?? Defaults.checklists
    try begin([.outputs(in: directory), .stores(in: directory, suffix: Checklist.sheetSuffix)])
    let loaded = try loadPlan(inputs.source, writesChecklists: true)
    let (checklists, problems) = try writeChecklists(
      loaded, catalog: try observableCatalog(loaded), into: directory,
      createFolders: inputs.source.checklists == nil || inputs.createFolders)
    try makeDefaultObservationsFolder(named: nil)
    var out = ""
    for checklist in checklists {
      out +=
        "wrote \(directory)/\(checklist.fileName), \(checklist.htmlFileName) and "
        + "\(checklist.sheetFileName)\n"
    }
    out += "\(checklists.count) device sessions, \(loaded.plan.summary.manualItems) manual items\n"
    for change in loaded.plan.assignmentChanges { out += "assignment: \(change)\n" }
    say(out)
    // A sheet that could not be merged was left as it is; the others are written.
    show(problems)
    return finished(checklists, problems.isEmpty ? .success : .dataError)
  }

  /// Writes one checklist per device session and its observation sheet; a sheet a tester filled is merged,
  /// never overwritten. A sheet that cannot be merged (not YAML, another session's) is left as it is and
  /// its problems returned, so the other sheets and the report are still written.
  ///
  /// A pairwise plan also keeps its cells in `cells.jsonl` there, so re-planning after a small change
  /// keeps the earlier cells (and the observations recorded against them); every plan keeps the
  /// checklists' numbers and assignees in `ledger.yaml` (``ChecklistLedger``); `plan-source.yaml`
  /// (``PlanSourceFile``) records the matrix and options, so the commands the checklists print work
  /// without naming them.
  func writeChecklists(
    _ loaded: LoadedPlan, catalog: ObservableCatalog, into directory: String, createFolders: Bool
  ) throws -> (checklists: [Checklist], problems: [Diagnostic]) {
    let (plan, file, options) = (loaded.plan, loaded.file, loaded.options)
    var problems: [Diagnostic] = []
    if directory == "-" { throw UsageError(ChecklistMessage.folderNotStream("--checklists")) }
    try outputFolder(directory, createFolders: createFolders)
    let ledger = try updateLedger(for: plan, in: directory)
    let checklists = Checklists.render(
      plan: plan, file: file, catalog: catalog, ledger: ledger,
      folder: directory == Defaults.checklists ? nil : directory)
    if case .pairwise = options.strategy ?? file.planning.strategy {
      let cells = try file.cells(
        limit: options.limit, strategy: options.strategy, seed: options.seed, previous: options.previous)
      let path = "\(directory)/cells.jsonl"
      try write(CombinationLines.render(cells.cells.map(\.combination)), to: path, createFolders: false)
    }

    // The catalog's items grouped by session once, not filtered again for every sheet.
    var sessionItems: [SessionID: [ObservableItem]] = [:]
    for item in catalog.items { sessionItems[item.session, default: []].append(item) }
    for checklist in checklists {
      for output in try Writers.checklist.files(checklist, formats: Writers.checklist.identifiers) {
        try write(output.contents, to: "\(directory)/\(output.path)", createFolders: false)
      }
      let sheet = "\(directory)/\(checklist.sheetFileName)"
      let sheetPath = try storeFile(sheet, createFolders: false)
      let items = sessionItems[checklist.session] ?? []
      do {
        try SheetWriter.writeFile(session: checklist.session, items: items, to: sheetPath, files: files)
        context.written.append(sheet)
      } catch {
        guard case .malformed(let diagnostics) = error else {
          throw observationError(error)
        }
        problems += diagnostics.map { diagnostic in
          var diagnostic = diagnostic
          diagnostic.path = sheet
          return diagnostic
        }
        if let bytes = try? read(sheet) {
          context.texts.remember(for: sheet) { ObservationFile(path: sheet, bytes: bytes).textForExcerpts }
        }
      }
    }
    var source = loaded.source
    source.matrix = absolute(source.matrix ?? Defaults.matrix)
    try write(
      PlanSourceFile(source: source, planFingerprint: plan.fingerprint).text(folder: absolute(directory)),
      to: "\(directory)/\(PlanSourceFile.fileName)", createFolders: false)
    return (checklists, problems)
  }

  /// Reads the checklist ledger of `directory`, updates it for `plan` and writes it back, under its
  /// lock, so two writers never give one number to two items; the checklists are written after it,
  /// with its numbers.
  func updateLedger(for plan: Plan, in directory: String) throws -> ChecklistLedger {
    let path = "\(directory)/\(ChecklistLedger.fileName)"
    let lock: any FileLocking
    do { lock = try files.lock(for: absolute(path)) } catch {
      throw FileError(path: path, message: message(error), exitCode: .cannotCreate)
    }
    defer { lock.unlock() }
    let ledger = (try self.ledger(path) ?? ChecklistLedger()).updated(for: plan)
    try write(ledger.rendered(), to: path, createFolders: false)
    return ledger
  }

  enum ChecklistMessage {
    static func folderNotStream(_ option: String) -> String {
      "'\(option)' names a folder qapass reads back; '-' (standard output) cannot be one"
    }
  }
}
