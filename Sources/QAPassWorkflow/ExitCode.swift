/// The exit codes qapass documents in `--help` (each use case returns the one the command line exits with); the data and usage codes follow sysexits.h.
package enum ExitCode: Int32, Sendable, CaseIterable {
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
}
