/// How hard the generator works to shrink the array after its greedy start.
///
/// The budget counts local-search steps, never wall-clock time, so the same options and seed always give the
/// same rows. With the default, release builds plan the standard benchmarks in about 2 to 40 ms of CPU:
/// 3^13 in 15 rows, 5^10 in 39, 10^20 in 178, 4^15 3^17 2^29 in 29, 4^1 3^39 2^35 in 21, the iOS QA
/// matrix in 48 (51 with its constraints). Half the effort roughly halves the search time of the largest
/// models for a row or so more (10^20: 179 rows). At strength 3 the default plans 3^13 in 45 rows, 5^10 in
/// 185, 10^20 in 2,400 and 2^100 in 34, in about 1.1, 1.2, 1.4 and 2.2 s of CPU; `effort: 0.1` still gives
/// 3^13 in 45 rows in 0.15 s (5^10: 225).
///
/// ```swift
/// let quick = CoveringOptions(effort: 0)  // greedy only, no post-optimisation
/// ```
package struct CoveringOptions: Hashable, Sendable {
  /// Relative effort of the post-optimisation; `1` is the default, `0` keeps the greedy array as is.
  ///
  /// The local search gets `effort × 6000` steps to repair each row removal (giving up after
  /// `effort × 3000` steps without progress) and `effort × 120000` steps overall; the orbit search
  /// (strength 3 and 4, all factors with the same levels) gets `effort × 6·10^6` class look-ups per base-row
  /// removal and `effort × 8·10^7` overall.
  package var effort: Double
  /// Number of greedy candidate rows scored before a row is kept (AETG-style).
  package var candidates: Int

  /// The default budget.
  package static let standard = CoveringOptions()

  /// Creates options.
  package init(effort: Double = 1, candidates: Int = 8) {
    self.effort = effort
    self.candidates = candidates
  }
}

extension CoveringOptions {
  /// The effort as a finite multiplier in `0...1_000_000` (larger budgets would overflow the step counts).
  var budget: Double { effort.isFinite ? min(max(0, effort), 1_000_000) : 0 }

  /// Search steps allowed to repair the removal of one row, and overall.
  var attemptSteps: Int { Int((budget * 6000).rounded()) }
  var totalSteps: Int { Int((budget * 120_000).rounded()) }
  /// A repair attempt also gives up after this many steps without reaching fewer uncovered tuples.
  var stallSteps: Int { Int((budget * 3000).rounded()) }
  /// Steps during which a changed cell stays fixed.
  var tenure: Int { 4 }

  /// Class look-ups allowed to the orbit search (strength 3 and 4, all factors with the same levels) to
  /// re-cover the array after removing one base row, and overall; it gives up after `orbitFailures` failed
  /// attempts in a row.
  var orbitAttemptLookups: Int { Int((budget * 6_000_000).rounded()) }
  var orbitTotalLookups: Int { Int((budget * 80_000_000).rounded()) }
  /// Look-ups per base-row removal for the orbit search's annealing descents.
  var orbitAnnealingAttemptLookups: Int { orbitAttemptLookups }
  /// The annealing's probability of keeping a change that loses one class.
  var orbitLossAcceptance: Double { 0.13 }
  var orbitFailures: Int { 2 }
  var orbitAnnealingFailures: Int { 1 }
  /// Independent annealing descents (seeds derived from the user's), sharing what the tabu search leaves.
  var orbitAnnealingRuns: Int { 6 }
  /// The tabu search's share of the orbit budget, as a divisor.
  var orbitTabuShare: Int { 8 }
  var orbitTenure: Int { 4 }
}
