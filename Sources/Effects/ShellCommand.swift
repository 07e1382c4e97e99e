import Foundation

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

  /// The command line, each argument quoted when the shell would otherwise change it.
  package var text: String { arguments.map(Self.quoted).joined(separator: " ") }

  /// `text` as is when it has only characters a shell leaves alone; otherwise in single quotes (with
  /// `'` written as `'\''`).
  package static func quoted(_ text: String) -> String {
    let plain =
      !text.isEmpty
      && text.unicodeScalars.allSatisfy { scalar in
        scalar.isASCII
          && (("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar) || ("0"..."9").contains(scalar)
            || "-_./:=,+%@".unicodeScalars.contains(scalar))
      }
    return plain ? text : "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'"
  }
}
