/// How hard the generator works to shrink the array after its greedy start.
///
/// The budget counts local-search steps, never wall-clock time, so the same options and seed always give the
/// same rows. With the default, release builds plan the standard benchmarks in 0.2 to 35 ms: 3^13 in 15 rows,
/// 5^10 in 38, 4^15 3^17 2^29 in 30, 4^1 3^39 2^35 in 21, 10^20 in 180, the iOS QA matrix in 48 (51 with its
/// constraints). More effort buys a little on the largest models: 10^20 reaches 178 rows at effort 8
/// (about 170 ms).
///
/// ```swift
/// let quick = CoveringOptions(effort: 0)  // greedy only, no post-optimisation
/// ```
public struct CoveringOptions: Hashable, Sendable {
  /// Relative effort of the post-optimisation; `1` is the default, `0` keeps the greedy array as is.
  ///
  /// The local search gets `effort × 3000` steps to repair each row removal (giving up after
  /// `effort × 1500` steps without progress) and `effort × 60000` steps overall.
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
  /// A repair attempt also gives up after this many steps without reaching fewer uncovered tuples.
  var stallSteps: Int { Int((max(0, effort) * 1500).rounded()) }
  /// Steps during which a changed cell stays fixed.
  var tenure: Int { 4 }
}
