/// Inputs a use case cannot work with (an option that does not fit, an unknown item or session); the
/// command line prints its usage line and exits 64.
package struct UsageError: Error, Equatable, Sendable {
  /// What is wrong, naming the option as the user wrote it.
  package var message: String
  /// The command whose usage line to print, when known.
  package var command: String?

  /// Creates a usage error.
  package init(_ message: String, command: String? = nil) {
    self.message = message
    self.command = command
  }
}
