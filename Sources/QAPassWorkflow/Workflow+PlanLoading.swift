import Diagnostics
import MatrixExpansion
import MatrixFormat
import ScenarioEngine

extension Workflow {
  /// The planning choices a matrix file and a ``PlanSource`` make together.
  public struct PlanOptions: Sendable {
    /// The largest expansion accepted.
    public var limit: Int
    /// The strategy, when the inputs override the file's.
    public var strategy: MatrixFile.Planning.Strategy?
    /// The seed, when the inputs override the file's.
    public var seed: UInt64?
    /// Cells of the earlier pairwise plan, kept where they still help so recorded observations stay
    /// attached to their items.
    public var previous: [Combination] = []
  }

  /// A matrix file, the planning choices and the plan they make.
  public struct LoadedPlan: Sendable {
    /// The matrix file read.
    public var file: MatrixFile
    /// The planning choices.
    public var options: PlanOptions
    /// The plan.
    public var plan: Plan
  }

  /// Reads and checks the matrix file at `path` (a qapass file or a bare GitHub-style matrix).
  func loadDocument(_ path: String) throws -> (document: MatrixDocument, warnings: [Diagnostic]) {
    try MatrixDocument.load(path: path, bytes: try read(path))
  }

  /// Reads a qapass matrix file (not a bare matrix) and the planning overrides of `source`; the file's
  /// warnings are printed.
  ///
  /// - Throws: a `Diagnostic` for a bare matrix, ``UsageError`` for overrides that do not fit the file.
  public func loadMatrixFile(_ source: PlanSource) throws -> (file: MatrixFile, options: PlanOptions) {
    let limit = source.maxCombinations ?? Matrix.defaultCombinationLimit
    let (document, warnings) = try loadDocument(source.matrix)
    guard case .qapass(var file) = document else {
      throw Diagnostic(
        path: source.matrix, location: SourceLocation(line: 1, column: 1),
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
              + "\(source.matrix) plans every combination")
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

  /// The plan of `source`: the one way every use case plans, so they all plan the same items.
  public func loadPlan(_ source: PlanSource) throws -> LoadedPlan {
    let (file, options) = try loadMatrixFile(source)
    let plan = try Plan.make(
      file: file, cellLimit: options.limit, strategy: options.strategy, seed: options.seed,
      previous: options.previous, engines: engines)
    return LoadedPlan(file: file, options: options, plan: plan)
  }
}
