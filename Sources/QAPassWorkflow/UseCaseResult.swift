import Diagnostics

/// What a use case made and has to say: its value, the exit code, the files it wrote and its messages.
///
/// Every use case of ``Workflow`` returns one. The command line prints ``messages`` and exits with
/// ``status``; tests read ``value``.
package struct UseCaseResult<Value> {
  /// What the use case made (the plan, the report, the observation recorded, …).
  package var value: Value
  /// The exit code the command line exits with.
  package var status: ExitCode
  /// The files written, as named in the inputs, in order (standard output not included).
  package var written: [String]
  /// What the use case says, in order, for the command line to print.
  package var messages: [UseCaseMessage]

  /// The diagnostics among ``messages`` (warnings, and errors that did not stop the use case).
  package var diagnostics: [Diagnostic] {
    messages.flatMap { message -> [Diagnostic] in
      guard case .diagnostics(let diagnostics) = message else { return [] }
      return diagnostics
    }
  }

  /// The text of the messages for standard output, as printed.
  package var output: String {
    messages.map { message in
      guard case .output(let text) = message else { return "" }
      return text
    }.joined()
  }
}
