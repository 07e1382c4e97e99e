/// A file that cannot be read or written: `path: error: message`, and the exit code it maps to.
///
/// Only the use cases raise it (through the memberwise initializer, internal to this module); callers
/// read it.
package struct FileError: Error, Equatable, Sendable {
  /// The path as the user gave it.
  package var path: String
  /// What went wrong.
  package var message: String
  /// The documented exit code (66 unreadable, 65 malformed, 73 not writable).
  package var exitCode: ExitCode
}
