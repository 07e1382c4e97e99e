import Diagnostics
import MatrixExpansion
import MatrixFormat
import ScenarioEngine

extension Workflow {
  /// The inputs of ``lint(_:)``.
  package struct LintInputs: Sendable {
    /// The matrix file.
    package var matrix: String
    /// The largest expansion accepted (`nil`: the default limit).
    package var maxCombinations: Int?

    /// Creates the inputs.
    package init(matrix: String, maxCombinations: Int? = nil) {
      self.matrix = matrix
      self.maxCombinations = maxCombinations
    }
  }

  /// `qapass lint`: checks a matrix file with every check `run` and `pass` depend on (schema,
  /// references, recipes, regular expressions, each input method's engine, a verdict for every text
  /// an automated item enters: ``VerdictPreflight``; a file without `fields:`,
  /// ``MatrixFile/fieldsProblem``) and says what it found.
  ///
  /// - Returns: The warnings.
  /// - Throws: `DiagnosticList` with every problem, sorted by place, when one is an error.
  package func lint(_ inputs: LintInputs) throws -> UseCaseResult<[Diagnostic]> {
    let path = inputs.matrix
    try begin([.input(path)])
    let limit = inputs.maxCombinations ?? Matrix.defaultCombinationLimit
    let (document, warnings) = try loadDocument(path)
    switch document {
    case .bare(let matrix):
      let expansion = try matrix.expand(limit: limit)
      show(warnings + expansion.warnings)
      say(
        "\(path): a GitHub-style matrix: \(matrix.dimensions.count) dimensions, "
          + "\(expansion.count) combinations (\(expansion.excludedCount) excluded)\n")
      return finished(warnings + expansion.warnings)
    case .qapass(let file):
      let plan = try file.cells(limit: limit)
      // A pairwise plan is counted against the full product, when that is within the limit.
      let full =
        plan.covering.map { $0.fullCount <= limit } == true
        ? try? file.cells(limit: limit, strategy: .full) : nil
      // What run and pass would stop at, all at once: recipes, regexes, engines and their texts.
      var problems = EnginePreflight.diagnostics(for: file, engines: engines)
      if let noFields = file.fieldsProblem { problems.append(noFields) }
      problems += file.modelDiagnostics
      var verdicts: VerdictPreflight?
      do {
        let planned = try Plan.make(file: file, cellLimit: limit, engines: engines)
        verdicts = VerdictPreflight.check(planned, file: file, engines: engines)
        problems += verdicts?.diagnostics ?? []
      } catch {
        problems = error.diagnostics + problems
      }
      let all = (warnings + plan.expansion.warnings + problems).sorted { a, b in
        (a.location ?? TextPosition(line: 0, column: 0))
          < (b.location ?? TextPosition(line: 0, column: 0))
      }
      if all.contains(where: { $0.severity == .error }) { throw DiagnosticList(all) }
      show(all)
      say(LintSummary.render(file, plan, full: full))
      if let verdicts { say(verdicts.summary) }
      return finished(all)
    }
  }
}
