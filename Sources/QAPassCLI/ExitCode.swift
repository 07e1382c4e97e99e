/// The exit codes qapass documents in `--help`; the data and usage codes follow sysexits.h.
public enum ExitCode: Int32, Sendable, CaseIterable {
  /// Everything passed (for `pass`: the verdict is ACCEPTED).
  case success = 0
  /// Checks ran and some failed (for `pass`: REJECTED).
  case failure = 1
  /// The acceptance report is INCOMPLETE: items are untested or stale.
  case incomplete = 2
  /// The command line was wrong (unknown option, missing argument).
  case usage = 64
  /// An input file is malformed or inconsistent.
  case dataError = 65
  /// An input file could not be read.
  case noInput = 66
  /// An output file could not be written.
  case cannotCreate = 73
  /// Standard output could not be written (a full disk, a closed terminal; a pager closed early is not
  /// an error).
  case ioError = 74

  /// One line each, for `--help`.
  static var documentation: [(code: Int32, meaning: String)] {
    [
      (0, "success; for 'pass', the verdict is ACCEPTED"),
      (1, "checks failed; for 'pass', the verdict is REJECTED"),
      (2, "for 'pass' and 'report', the verdict is INCOMPLETE; for 'run', items were not run"),
      (64, "usage error: unknown command or option, missing or bad argument"),
      (65, "data error: a file is malformed or inconsistent (path:line:col: error: ...)"),
      (66, "an input file cannot be read"),
      (73, "an output file cannot be written, or qapass refused to replace what is there"),
      (74, "standard output cannot be written (a pager closed early is not an error)"),
    ]
  }
}
