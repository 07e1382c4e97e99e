import Foundation
import TextFormats

/// Why a pack could not be read.
public enum PackError: Error, Hashable, Sendable, CustomStringConvertible {
  /// The JSON does not decode: what it is not and why (`not a scenario pack: 'format' is not a
  /// string`), and the coding path to the value at fault (keys, and decimal
  /// indices of array items; `nil` when the text is not JSON at all), for locating it in the file.
  case malformed(String, codingPath: [String]? = nil)
  /// The pack has another format tag.
  case unsupportedFormat(String)
  /// Harness results have another format tag.
  case unsupportedResultsFormat(String)
  /// The recorded fingerprint does not match the contents.
  case fingerprintMismatch(recorded: String, actual: String)

  /// One line, for `path: error: …`.
  public var description: String {
    switch self {
    case .malformed(let reason, _): reason
    case .unsupportedFormat(let format):
      "scenario pack format '\(format)' is not supported; expected '\(ScenarioPack.currentFormat)': "
        + (Self.isOlder(format)
          ? "the pack was exported by an older qapass; export it again with this one "
            + "('qapass export-scenarios MATRIX -o PACK') and commit it"
          : "export the pack again with this qapass ('qapass export-scenarios MATRIX -o PACK')")
    case .unsupportedResultsFormat(let format):
      "harness results format '\(format)' is not supported; expected '\(HarnessRun.currentFormat)' "
        + "(replay the pack again with this QAPassHarness)"
    case .fingerprintMismatch(let recorded, let actual):
      "scenario pack fingerprint \(recorded) does not match its contents (\(actual)); re-export it, never edit it"
    }
  }

  /// Whether `format` is an earlier `qapass-scenarios/N` than ``ScenarioPack/currentFormat``.
  static func isOlder(_ format: String) -> Bool {
    func version(_ tag: String) -> Int? {
      tag.hasPrefix("qapass-scenarios/") ? Int(tag.dropFirst("qapass-scenarios/".count)) : nil
    }
    guard let given = version(format), let current = version(ScenarioPack.currentFormat) else { return false }
    return given < current
  }

  /// A decoding error as ``malformed(_:codingPath:)``, saying what the file is not (`a scenario pack`).
  static func decodingFailure(_ error: any Error, notA kind: String) -> PackError {
    .malformed("not \(kind): \(JSONProblem.describe(error))", codingPath: JSONProblem.codingPath(error))
  }
}

/// The messages of a pack's values out of range, read where each number is read.
enum PackLimits {
  /// `9223372036854775807 is out of range; expected 0 to 60000 milliseconds`.
  static func outOfRange(_ value: Int, _ range: ClosedRange<Int>, _ unit: String) -> String {
    "\(value) is out of range; expected \(range.lowerBound) to \(range.upperBound) \(unit)"
  }
}
