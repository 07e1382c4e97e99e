/// What became of one plan item: the one outcome vocabulary of observations, ingest, automated runs,
/// reports, JUnit and JSON.
///
/// Raw values are the spellings every file qapass reads or writes uses (`pass`, `fail`, …). Each
/// context admits only some outcomes; the named subsets say which, in ``allCases`` order, and readers
/// list a subset's spellings in their errors.
///
/// ```swift
/// Outcome(rawValue: "pass")                 // .pass
/// Outcome.recordable.contains(.stale)       // false: ingest decides staleness, a tester does not
/// Outcome.replay.map(\.rawValue)            // ["pass", "fail", "error"]
/// ```
public enum Outcome: String, Codable, Hashable, Sendable, CaseIterable, CustomStringConvertible {
  /// The item behaved as its scenario says.
  case pass
  /// The item did not behave as its scenario says.
  case fail
  /// An automated item that could not run (not exported, no engine, no such field or flow).
  case error
  /// A manual item that could not be carried out (a missing account, a crash before the step).
  case blocked
  /// A manual item the tester chose not to carry out.
  case skipped
  /// No result: a fresh sheet entry, a manual item nobody recorded, an automated item the run did
  /// not hold.
  case untested
  /// Recorded, but against another build, text version or haptic pattern: it no longer counts.
  case stale

  /// What a tester records for an item they carried out or could not (`qapass record --result`, the
  /// answers of a session walk).
  public static let results: [Outcome] = [.pass, .fail, .blocked, .skipped]

  /// What a sheet's or records file's `result` may say: a result, or `untested` for an entry not
  /// filled in yet.
  public static let recordable: [Outcome] = results + [.untested]

  /// What ingest concludes for a manual item from its observations.
  public static let manual: [Outcome] = [.pass, .fail, .blocked, .skipped, .untested, .stale]

  /// What replaying one automated item can give (a harness result's `status`).
  public static let replay: [Outcome] = [.pass, .fail, .error]

  /// What one test case of the app's own test run says (JUnit passed, failed or skipped).
  public static let testCase: [Outcome] = [.pass, .fail, .skipped]

  /// What a manual item has when nothing was carried out on it: no result yet, or one that says why not
  /// (`blocked`, `skipped`); the report lists these items by device session.
  package static let notCarriedOut: [Outcome] = [.untested, .blocked, .skipped]

  /// What leaves a release incomplete when a manual item has it, in the order the verdict names them.
  package static let incomplete: [Outcome] = [.untested, .stale, .blocked, .skipped]

  /// Whether the outcome is a current result: pass, fail, blocked or skipped.
  public var isResult: Bool { Self.results.contains(self) }

  /// Whether the outcome is `fail` or `error`.
  public var isFailing: Bool { self == .fail || self == .error }

  /// The spelling used in files.
  public var description: String { rawValue }

  /// The outcome spelled `spelling`, if it is one of `subset`.
  ///
  /// ```swift
  /// Outcome("stale", among: Outcome.recordable)  // nil: a tester does not record staleness
  /// ```
  public init?(_ spelling: String, among subset: [Outcome]) {
    guard let outcome = Outcome(rawValue: spelling), subset.contains(outcome) else { return nil }
    self = outcome
  }

  /// The spellings of `outcomes`, in order, for messages.
  public static func spellings(_ outcomes: [Outcome]) -> [String] { outcomes.map(\.rawValue) }

  /// The spellings of `outcomes` as a phrase: `pass, fail, blocked or skipped`.
  public static func listed(_ outcomes: [Outcome]) -> String {
    let words = spellings(outcomes)
    guard let last = words.last else { return "" }
    return words.count == 1 ? last : words.dropLast().joined(separator: ", ") + " or " + last
  }
}
