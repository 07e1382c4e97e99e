/// How hard the generator works to shrink the array after its greedy start.
///
/// The budget counts local-search steps, never wall-clock time, so the same options and seed always give the
/// same rows. The default meets the quality targets of the standard benchmarks (3^13 in at most 17 rows,
/// 10^20 in at most 178, the iOS QA matrix in 48) in milliseconds to tens of milliseconds in a release build.
///
/// ```swift
/// let quick = CoveringOptions(effort: 0)  // greedy only, no post-optimisation
/// ```
public struct CoveringOptions: Hashable, Sendable {
  /// Relative effort of the post-optimisation; `1` is the default, `0` keeps the greedy array as is.
  ///
  /// The local search gets `effort × iterationsPerTuple` steps per row-removal attempt for each
  /// interaction class, capped by `effort × maxTotalIterations` overall.
  public var effort: Double
  /// Number of greedy candidate rows scored before a row is kept (AETG-style).
  public var candidates: Int

  /// The default budget.
  public static let standard = CoveringOptions()

  /// Creates options.
  public init(effort: Double = 1, candidates: Int = 8) {
    self.effort = effort
    self.candidates = candidates
  }
}

extension CoveringOptions {
  /// The search budget for a model with `tupleCount` tuples whose greedy array has `rows` rows.
  func budget(tupleCount: Int, rows: Int) -> (attempt: Int, total: Int, tenure: Int) {
    let attempt = Int((effort * 3000).rounded())
    let total = Int((effort * 60000).rounded())
    return (max(0, attempt), max(0, total), 4)
  }
}
