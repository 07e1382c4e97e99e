import QAPassWorkflow

/// The exit codes, under the name the command line and its tests use.
package typealias ExitCode = QAPassWorkflow.ExitCode

extension ExitCode {
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
