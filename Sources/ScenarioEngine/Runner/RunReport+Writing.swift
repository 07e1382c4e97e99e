import TextFormats

extension RunReport {
  /// A short text summary: totals, then passes and failures per check.
  ///
  /// The run's JUnit XML and JSON are written by the report writers (module Reporting), with the
  /// same test identities and keys as the acceptance report's; traces by ``DriverStep/traceTable(_:)``.
  ///
  /// - Parameter summary: The run's ``summary``, when the caller has it already.
  package func summaryText(_ summary: Summary? = nil) -> String {
    let summary = summary ?? self.summary
    var out = "subject: \(subject.rawValue)\n"
    out +=
      "items: \(summary.items), passed: \(summary.passes), failed: \(summary.failures), errors: \(summary.errors)\n"
    var rows = [["check", "passed", "failed", "errors"]]
    for check in summary.perCheck {
      rows.append([check.check.rawValue, String(check.passes), String(check.failures), String(check.errors)])
    }
    return Escaping.terminalText(out) + TextTable.render(rows, width: \.displayWidth)
  }
}
