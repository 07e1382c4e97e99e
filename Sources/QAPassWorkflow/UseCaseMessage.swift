import Diagnostics

/// One thing a use case says to whoever ran it; the command line prints them, in order, once the use
/// case is done (``Console/say(_:texts:)``).
///
/// Messages say what the use case did or found: what it wrote or recorded, a summary, the verdict, a
/// warning. What it makes (a plan, a pack, a report, a trace, the expansion's lines, a destination
/// list) is an artefact, written through the file layer even to standard output (an output path `-`).
/// The interactive walk of `record --session` is the one use case that talks while it runs.
package enum UseCaseMessage: Hashable, Sendable {
  /// Text for standard output: what was written, recorded or decided.
  case output(String)
  /// Text for standard error: a warning, a note on the work, or a summary when the artefact itself goes
  /// to standard output.
  case error(String)
  /// Problems found in the files read (warnings, and errors that did not stop the use case), for
  /// standard error with excerpts of those files.
  case diagnostics([Diagnostic])
}
