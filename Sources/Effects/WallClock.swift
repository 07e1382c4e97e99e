#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The calendar time, injected so that commands which stamp or check times can be tested.
///
/// Not the standard library's `Clock`, which measures instants for sleeping and timeouts: this one
/// answers "what time is it in UTC", to the second.
///
/// ```swift
/// let clock: any WallClock = FixedWallClock(secondsSince1970: 1_795_975_445)
/// clock.secondsSince1970()  // 1795975445
/// ```
package protocol WallClock {
  /// Whole seconds since 1970-01-01T00:00:00Z.
  func secondsSince1970() -> Int64
}

/// The system's real-time clock.
package struct SystemWallClock: WallClock, Sendable {
  /// Creates the system clock.
  package init() {}

  package func secondsSince1970() -> Int64 {
    var spec = timespec()
    clock_gettime(CLOCK_REALTIME, &spec)
    return Int64(spec.tv_sec)
  }
}

/// A clock that always says the same time, for tests and reproducible runs.
package struct FixedWallClock: WallClock, Sendable {
  /// The time it says.
  package var seconds: Int64

  /// Creates a clock stopped at `secondsSince1970`.
  package init(secondsSince1970: Int64) { seconds = secondsSince1970 }

  package func secondsSince1970() -> Int64 { seconds }
}
