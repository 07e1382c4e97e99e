import Foundation

/// A command line, kept as arguments and shown as a POSIX shell would read it.
///
/// ```swift
/// ShellCommand(["xcrun", "simctl", "boot", "6F1C"]).text          // xcrun simctl boot 6F1C
/// ShellCommand(["defaults", "write", "x", "k", "a;b"]).text        // defaults write x k 'a;b'
/// ```
public struct ShellCommand: Hashable, Sendable {
  /// The arguments, the program first.
  public var arguments: [String]

  /// Creates a command.
  public init(_ arguments: [String]) { self.arguments = arguments }

  /// The command line, each argument quoted when the shell would otherwise change it.
  public var text: String { arguments.map(Self.quoted).joined(separator: " ") }

  /// `text` as is when it has only characters a shell leaves alone; otherwise in single quotes (with
  /// `'` written as `'\''`).
  public static func quoted(_ text: String) -> String {
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
