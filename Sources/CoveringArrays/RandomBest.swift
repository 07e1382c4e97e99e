/// The best of a stream of scored candidates, ties broken uniformly at random by reservoir sampling (the
/// n-th equal candidate replaces the chosen one with probability 1/n), so a choice depends only on the
/// generator's sequence.
///
/// ```swift
/// var rng = SplitMix64(seed: 7)
/// var best = RandomBest<String>()
/// for (row, gain) in [("a", 3), ("b", 5), ("c", 5), ("d", 1)] { best.offer(row, score: gain, rng: &rng) }
/// best.score       // 5
/// best.candidate   // "b" or "c", the same one for the same seed
/// ```
struct RandomBest<Candidate> {
  /// The best score offered so far (`Int.min` before any offer).
  private(set) var score = Int.min
  /// The chosen candidate among those with the best score.
  private(set) var candidate: Candidate?
  private var ties = 0

  /// Considers one more candidate.
  mutating func offer(_ candidate: Candidate, score: Int, rng: inout SplitMix64) {
    if score > self.score {
      self.score = score
      self.candidate = candidate
      ties = 1
    } else if score == self.score {
      ties += 1
      if rng.below(ties) == 0 { self.candidate = candidate }
    }
  }
}
