/// A generated covering array: the planned rows and the interactions no valid row can hold.
public struct CoveringArrayResult: Hashable, Sendable {
  /// The planned rows: seeds first (completed), then kept earlier rows, then new rows.
  public var rows: [[Int]]
  /// The t-tuples that no complete valid row contains, sorted; they are reported, never silently dropped.
  public var uncoverable: [Tuple]
  /// The generator seed, so the plan can be reproduced.
  public var seed: UInt64
  /// The interaction strength t.
  public var strength: Int
  /// Indices into `previous` of the earlier rows kept, in the order they appear after the seeds.
  public var keptPrevious: [Int]

  /// Creates a result.
  public init(
    rows: [[Int]], uncoverable: [Tuple], seed: UInt64, strength: Int, keptPrevious: [Int] = []
  ) {
    self.rows = rows
    self.uncoverable = uncoverable
    self.seed = seed
    self.strength = strength
    self.keptPrevious = keptPrevious
  }
}
