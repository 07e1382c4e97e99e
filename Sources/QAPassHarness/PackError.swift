import Foundation

/// Why a pack could not be read.
public enum PackError: Error, Hashable, Sendable, CustomStringConvertible {
  /// The JSON does not decode as a pack.
  case malformed(String)
  /// The pack has another format tag.
  case unsupportedFormat(String)
  /// The recorded fingerprint does not match the contents.
  case fingerprintMismatch(recorded: String, actual: String)

  /// One line, for `path: error: …`.
  public var description: String {
    switch self {
    case .malformed(let reason): "not a scenario pack: \(reason)"
    case .unsupportedFormat(let format):
      "scenario pack format '\(format)' is not supported; expected '\(ScenarioPack.currentFormat)'"
    case .fingerprintMismatch(let recorded, let actual):
      "scenario pack fingerprint \(recorded) does not match its contents (\(actual)); re-export it, never edit it"
    }
  }

  static func describe(_ error: DecodingError) -> String {
    func path(_ context: DecodingError.Context) -> String {
      let keys = context.codingPath.map { $0.intValue.map { "[\($0)]" } ?? "." + $0.stringValue }.joined()
      return keys.isEmpty ? "" : " at \(keys)"
    }
    switch error {
    case .keyNotFound(let key, let context): return "missing '\(key.stringValue)'\(path(context))"
    case .typeMismatch(_, let context), .valueNotFound(_, let context), .dataCorrupted(let context):
      return context.debugDescription + path(context)
    @unknown default: return String(describing: error)
    }
  }
}
