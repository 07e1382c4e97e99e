import Diagnostics
import MatrixExpansion
import QAModel
import YAMLDecoding

extension MatrixFile {
  /// Where a matrix file writes an OS version: every place goes through one rule
  /// (``NodeReader/osVersion(_:at:in:)``), so every command refuses the same spellings with the same
  /// message.
  enum OSPlace: Sendable {
    /// `matrix: os`, and `os` in an `include` or `exclude` entry: a value that names device sessions.
    case matrix
    /// An entry of a device's `os:` list: the releases the device runs.
    case deviceList
    /// `min` or `max` of a device's `os:` range: a bound, where `26` plainly means 26.0 (or the last 26
    /// release).
    case deviceRange
  }
}

extension NodeReader {
  /// Checks an OS version as the matrix file writes it, and returns it when it is one.
  ///
  /// The rule, the same wherever an OS version is written:
  /// - an unquoted number (`26`, `26.0`, `17.10`) is an error: YAML types it as a number, which GitHub
  ///   Actions and most YAML readers turn into `26` or `17.1`, so the file means something else to them;
  ///   the message says what to write;
  /// - a value that is no version (`"26 beta"`, `"iOS 26"`, `true`) is an error;
  /// - a bare major version (`"26"`) where a value names releases (the matrix, a device's list) is a
  ///   warning: it reads as every 26 release, as `"26.x"` says plainly.
  ///
  /// ```yaml
  /// os: [26]        # error: OS version 26 is a number here; … write "26.x" (any 26 release) or "26.0"
  /// os: ["26"]      # warning: '26' names no release; qapass reads it as any 26 release: write "26.x" …
  /// ```
  ///
  /// - Returns: The version, or `nil` when the value is refused.
  mutating func osVersion(_ value: MatrixValue, at location: TextPosition?, in place: MatrixFile.OSPlace)
    -> OSVersion?
  {
    let text = value.displayText
    switch value {
    case .number:
      error(MatrixFile.OSMessage.number(text), at: location)
      return nil
    case .string:
      guard let version = OSVersion(text) else {
        error(MatrixFile.OSMessage.notVersion(text), at: location)
        return nil
      }
      if place != .deviceRange, version.parts.count == 1, !version.hasWildcard {
        warning(MatrixFile.OSMessage.majorOnly(text), at: location)
      }
      return version
    default:
      error(MatrixFile.OSMessage.notString(value), at: location)
      return nil
    }
  }

  /// ``osVersion(_:at:in:)`` for a node of the file.
  mutating func osVersion(_ node: Node, in place: MatrixFile.OSPlace) -> OSVersion? {
    osVersion(MatrixValue(node: node), at: node.start, in: place)
  }
}

extension MatrixFile {
  /// The messages of the OS spelling rule.
  enum OSMessage {
    static func number(_ text: String) -> String {
      let suggestion =
        text.contains(".") ? "\"\(text)\"" : "\"\(text).x\" (any \(text) release) or \"\(text).0\""
      return "OS version \(text) is a number here; OS versions are strings (YAML reads 17.10 as 17.1): "
        + "write \(suggestion)"
    }

    static func notVersion(_ text: String) -> String {
      "'\(text)' is not an OS version; expected a form such as '27.x', '26.4' or '18.7.2'"
    }

    static func notString(_ value: MatrixValue) -> String {
      "expected an OS version such as \"26.x\", found \(value.typeName) \(value.json)"
    }

    static func majorOnly(_ text: String) -> String {
      "'\(text)' names no release; qapass reads it as any \(text) release: write \"\(text).x\" to say so, "
        + "or \"\(text).0\" for the first release"
    }
  }
}
