import TextFormats

/// A command line, kept as arguments and shown as a POSIX shell would read it.
///
/// ```swift
/// ShellCommand(["xcrun", "simctl", "boot", "6F1C"]).text          // xcrun simctl boot 6F1C
/// ShellCommand(["defaults", "write", "x", "k", "a;b"]).text        // defaults write x k 'a;b'
/// ```
package struct ShellCommand: Hashable, Sendable {
  /// The arguments, the program first.
  package var arguments: [String]

  /// Creates a command.
  package init(_ arguments: [String]) { self.arguments = arguments }

  /// The command line, each argument quoted when the shell would otherwise change it
  /// (``Escaping/shellWord(_:)``): one line whatever the arguments hold.
  package var text: String { arguments.map(Escaping.shellWord).joined(separator: " ") }
}
