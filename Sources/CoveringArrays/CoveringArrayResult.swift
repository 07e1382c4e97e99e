/// A generated covering array: the planned rows and the interactions no valid row can hold.
package struct CoveringArrayResult: Hashable, Sendable {
  /// The planned rows: seeds first (completed), then kept earlier rows, then new rows.
  package var rows: [[Int]]
  /// The t-tuples that no complete valid row contains, sorted; they are reported, never silently dropped.
  package var uncoverable: [Tuple]
  /// The generator seed, so the plan can be reproduced.
  package var seed: UInt64
  /// The interaction strength t.
  package var strength: Int
  /// Indices into `previous` of the earlier rows kept, in the order they appear after the seeds.
  package var keptPrevious: [Int]

  /// Creates a result.
  package init(
    rows: [[Int]], uncoverable: [Tuple], seed: UInt64, strength: Int, keptPrevious: [Int] = []
  ) {
    self.rows = rows
    self.uncoverable = uncoverable
    self.seed = seed
    self.strength = strength
    self.keptPrevious = keptPrevious
  }
}
