import Diagnostics
import MatrixExpansion
import MatrixFormat
import Reporting
import ScenarioEngine

extension Workflow {
  /// The planning choices a matrix file and a ``PlanSource`` make together.
  package struct PlanOptions: Sendable {
    /// The largest expansion accepted.
    package var limit: Int
    /// The strategy, when the inputs override the file's.
    package var strategy: MatrixFile.Planning.Strategy?
    /// The seed, when the inputs override the file's.
    package var seed: UInt64?
    /// Cells of the earlier pairwise plan, kept where they still help so recorded observations stay
    /// attached to their items.
    package var previous: [Combination] = []
  }

  /// A matrix file, the planning choices and the plan they make.
  package struct LoadedPlan: Sendable {
    /// Where the plan comes from, its matrix found (see ``Workflow/planSource(_:writesChecklists:checksChecklists:)``).
    package var source: PlanSource
    /// The matrix file read.
    package var file: MatrixFile
    /// The planning choices.
    package var options: PlanOptions
    /// The plan.
    package var plan: Plan
  }

  /// Reads and checks the matrix file at `path` (a qapass file or a bare GitHub-style matrix).
  func loadDocument(_ path: String) throws -> (document: MatrixDocument, warnings: [Diagnostic]) {
    try MatrixDocument.load(path: path, bytes: try read(path))
  }

  /// `given` with its matrix found, its files declared as the current use case's: the matrix named,
  /// else the one the checklists folder's ``PlanSourceFile`` names (with the options it records; those
  /// given override them), else `matrices/default.yaml`.
  ///
  /// The matrix, a pairwise plan's kept cells (or `--previous`) and the checklist ledger are inputs;
  /// with `writesChecklists` (`checklist`, `pass`) the kept cells, the ledger and the plan-source file
  /// are stores, written back. With
  /// `checksChecklists` (`record`, the ingests), a matrix given that is not the one the checklists were
  /// made from is warned about: checklist numbers and sheets belong to that one.
  ///
  /// - Throws: ``FileError`` for a matrix the plan-source file names that is not there; its
  ///   diagnostics when it is malformed.
  package func planSource(
    _ given: PlanSource, writesChecklists: Bool = false, checksChecklists: Bool = false
  ) throws -> PlanSource {
    var source = given
    let folder = given.checklists ?? Defaults.checklists
    let recordPath = "\(folder)/\(PlanSourceFile.fileName)"
    let recorded = files.kind(of: absolute(recordPath), followingLinks: true) != nil
    // `checklist` and `pass` write it back with the plan they make.
    try declare([.init(role: writesChecklists ? .store : .input, path: recordPath)])
    if recorded && (given.matrix == nil || checksChecklists) {
      let record = try PlanSourceFile.parse(try read(recordPath), path: recordPath, folder: folder).source
      if let matrix = given.matrix {
        if canonical(matrix) != canonical(record.matrix ?? "") {
          say(
            "warning: \(recordPath): the checklists in \(folder)/ were made from '\(record.matrix ?? "")'; "
              + "planning '\(matrix)' as given, so checklist numbers and sheets may name other items\n",
            onStandardError: true)
        }
      } else {
        source = record
        source.checklists = given.checklists
        source.maxCombinations = given.maxCombinations ?? record.maxCombinations
        source.strategy = given.strategy ?? record.strategy
        source.strength = given.strength ?? record.strength
        source.seed = given.seed ?? record.seed
        source.effort = given.effort ?? record.effort
        source.previousCells = given.previousCells
        if let matrix = record.matrix, files.kind(of: absolute(matrix), followingLinks: true) == nil {
          throw FileError(
            path: matrix,
            message:
              "no such file; \(recordPath) names it as the matrix of these checklists (give the matrix)",
            exitCode: .noInput)
        }
      }
    }
    let matrix = source.matrix ?? Defaults.matrix
    source.matrix = matrix
    // The checklists' numbers and assignees: `checklist` and `pass` write them back.
    var declarations: [FileRoles.Declaration] = [
      .input(matrix), .init(role: writesChecklists ? .store : .input, path: source.ledgerPath),
    ]
    if let previous = source.previousCells {
      declarations.append(.input(previous))
      if writesChecklists { declarations.append(.output(source.cellsPath)) }
    } else {
      declarations.append(.init(role: writesChecklists ? .store : .input, path: source.cellsPath))
    }
    try declare(declarations)
    return source
  }

  /// Reads a qapass matrix file (not a bare matrix) and the planning overrides of `source`, found and
  /// declared by ``planSource(_:writesChecklists:checksChecklists:)``; the file's warnings are said.
  ///
  /// - Throws: a `Diagnostic` for a bare matrix, ``UsageError`` for overrides that do not fit the file.
  package func loadMatrixFile(_ source: PlanSource) throws -> (file: MatrixFile, options: PlanOptions) {
    let limit = source.maxCombinations ?? Matrix.defaultCombinationLimit
    let matrix = source.matrix ?? Defaults.matrix
    let (document, warnings) = try loadDocument(matrix)
    guard case .qapass(var file) = document else {
      throw Diagnostic(
        path: matrix, location: TextPosition(line: 1, column: 1),
        message:
          "a plan needs a qapass matrix file ('version: 1' with catalogs), not a bare GitHub-style matrix")
    }
    show(warnings)
    var strategy: MatrixFile.Planning.Strategy?
    switch source.strategy {
    case .full: strategy = .full
    case .pairwise: strategy = .pairwise(strength: source.strength ?? 2)
    case nil:
      if case .full = file.planning.strategy {
        let given = [
          ("strength", source.strength != nil), ("seed", source.seed != nil),
          ("effort", source.effort != nil),
        ]
        if let (option, _) = given.first(where: \.1) {
          throw UsageError(
            "'--\(option)' goes with '--strategy pairwise' or a file whose plan is pairwise; "
              + "\(matrix) plans every combination")
        }
      }
      if let strength = source.strength { strategy = .pairwise(strength: strength) }
    }
    if let effort = source.effort { file.planning.effort = effort }
    var options = PlanOptions(limit: limit, strategy: strategy, seed: source.seed)
    if case .pairwise = strategy ?? file.planning.strategy {
      let path = source.previousCells ?? source.cellsPath
      if source.previousCells != nil || files.kind(of: absolute(path), followingLinks: true) != nil {
        options.previous = try CombinationLines.parse(path: path, bytes: try read(path))
      }
    } else if source.previousCells != nil {
      throw UsageError("'--previous' goes with a pairwise plan")
    }
    return (file, options)
  }

  /// The plan of `source`: the one way every use case plans, so they all plan the same items, and
  /// keep the sessions with the testers the checklists were written for (their ledger).
  ///
  /// The source's files are found and declared first
  /// (``planSource(_:writesChecklists:checksChecklists:)``, with the same options).
  package func loadPlan(
    _ source: PlanSource, writesChecklists: Bool = false, checksChecklists: Bool = false
  ) throws -> LoadedPlan {
    let source = try planSource(
      source, writesChecklists: writesChecklists, checksChecklists: checksChecklists)
    guard let memo else { return try makePlan(source) }
    // Kept while the files it is made from are unchanged: the matrix, the kept cells and the ledger.
    let key = "\(source)"
    if let entry = memo.plans[key], entry.files.allSatisfy(isUnchanged) { return entry.loaded }
    let files = [
      source.matrix ?? Defaults.matrix, source.previousCells ?? source.cellsPath, source.ledgerPath,
    ]
    .map(snapshot)
    let loaded = try makePlan(source)
    memo.plans[key] = PassMemo.PlanEntry(files: files, loaded: loaded)
    return loaded
  }

  /// The plan of `source`, its files found and declared.
  private func makePlan(_ source: PlanSource) throws -> LoadedPlan {
    let (file, options) = try loadMatrixFile(source)
    let assigned = file.testers.isEmpty ? [:] : try ledger(source.ledgerPath)?.assignments ?? [:]
    let plan = try usingEngines {
      try Plan.make(
        file: file, cellLimit: options.limit, strategy: options.strategy, seed: options.seed,
        previous: options.previous, engines: engines, assignedBefore: assigned)
    }
    return LoadedPlan(source: source, file: file, options: options, plan: plan)
  }

  /// The checklist ledger at `path`, or `nil` when there is none.
  ///
  /// - Throws: `DiagnosticList` when it is malformed, ``FileError`` when it cannot be read.
  func ledger(_ path: String) throws -> ChecklistLedger? {
    guard files.kind(of: absolute(path), followingLinks: true) != nil else { return nil }
    return try ChecklistLedger.parse(try read(path), path: path)
  }
}
