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
  /// The local search gets `effort × 3000` steps to repair each row removal and `effort × 60000` overall.
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
  /// Search steps allowed to repair the removal of one row, and overall.
  var attemptSteps: Int { Int((max(0, effort) * 3000).rounded()) }
  var totalSteps: Int { Int((max(0, effort) * 60000).rounded()) }
  /// Steps during which a changed cell stays fixed.
  var tenure: Int { 4 }
}
