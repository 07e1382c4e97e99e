/// Why an observation no longer speaks for its item.
package enum StaleReason: Hashable, Sendable, CustomStringConvertible {
  /// The tester followed another version of the scenario text.
  case textVersion(recorded: Int, current: Int)
  /// A haptic item was felt with another pattern, or with none recorded.
  case hapticFingerprint(recorded: String?, current: String)
  /// Another build was tested than the build under test.
  case build(recorded: String, current: String)
  /// Another keyboard was tested than the item's (its identifier changed in the matrix).
  case keyboard(recorded: String, current: String)

  /// One clause for reports: `text version 1 was observed; the item is at version 2`.
  package var description: String {
    switch self {
    case .textVersion(let recorded, let current):
      "text version \(recorded) was observed; the item is at version \(current)"
    case .hapticFingerprint(let recorded?, let current):
      "haptic pattern '\(recorded)' was felt; the pattern is now '\(current)'"
    case .hapticFingerprint(nil, let current):
      "no haptic pattern fingerprint was recorded; the pattern is '\(current)'"
    case .build(let recorded, let current):
      "build '\(recorded)' was tested; the build under test is '\(current)'"
    case .keyboard(let recorded, let current):
      "keyboard '\(recorded)' was tested; the item's keyboard is now '\(current)'"
    }
  }
}

extension [StaleReason] {
  /// Every reason as one clause list for reports and the walk, in order, joined by `; `.
  package var sentence: String { map(\.description).joined(separator: "; ") }
}
