/// What the running use case has declared, read, written and reported; ``Workflow`` starts a fresh one
/// for each use case.
///
/// Its pieces: the ``FileRoles`` the use case declared for the files it touches, the ``SourceTexts``
/// of the files it read (for diagnostics' excerpts), the files it wrote and what it has said so far,
/// which its ``UseCaseResult`` returns (and the command line prints when it throws instead).
package final class UseCaseContext {
  /// The roles declared for the files the use case touches.
  var roles = FileRoles()
  /// Whether the use case has written a file: every file must be declared before that.
  var hasWritten = false
  /// The text of the files read, for diagnostics.
  package internal(set) var texts = SourceTexts()
  /// The files written, as the user named them, in order.
  var written: [String] = []
  /// What the use case has said so far, in order.
  package internal(set) var messages: [UseCaseMessage] = []

  /// Creates an empty context.
  package init() {}

  /// What the use case has said so far, forgotten here once it is said (by the walk, which talks as it
  /// goes).
  func takeMessages() -> [UseCaseMessage] {
    defer { messages = [] }
    return messages
  }

  /// Forgets everything: a new use case starts.
  func reset() {
    roles = FileRoles()
    hasWritten = false
    texts = SourceTexts()
    written = []
    messages = []
  }
}
