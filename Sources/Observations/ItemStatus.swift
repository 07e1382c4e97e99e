/// Where a plan item stands after ingest.
public enum ItemStatus: String, Hashable, Sendable, CaseIterable, CustomStringConvertible {
  /// The latest current observation passed.
  case pass
  /// The latest current observation failed.
  case fail
  /// The latest current observation was blocked.
  case blocked
  /// The latest current observation was skipped.
  case skipped
  /// Nobody recorded anything for it.
  case untested
  /// Every observation of it is stale (another text version, haptic pattern or build).
  case stale

  /// The spelling used in reports.
  public var description: String { rawValue }

  init(_ result: ObservationResult) {
    switch result {
    case .pass: self = .pass
    case .fail: self = .fail
    case .blocked: self = .blocked
    case .skipped: self = .skipped
    case .untested: self = .untested
    }
  }
}
