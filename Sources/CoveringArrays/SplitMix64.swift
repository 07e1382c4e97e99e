/// The SplitMix64 pseudo-random generator: tiny, fast and identical on every platform for a given seed.
///
/// All randomised choices in this module go through it, never through the system generator.
package struct SplitMix64: RandomNumberGenerator, Sendable {
  private var state: UInt64

  /// Creates a generator whose sequence is fully determined by `seed`.
  package init(seed: UInt64) {
    state = seed
  }

  /// The next 64 random bits.
  package mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }

  /// A uniform integer in `0..<bound` (`bound` must be positive); platform-independent.
  package mutating func below(_ bound: Int) -> Int {
    Int(truncatingIfNeeded: next() % UInt64(bound))
  }

  /// A uniform double in `0..<1`.
  mutating func unit() -> Double {
    Double(next() >> 11) * 0x1.0p-53
  }
}
