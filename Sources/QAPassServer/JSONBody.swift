import Foundation

/// A request body read as one JSON object with a known set of keys: the one reader of the bodies of
/// `recordObservation` and the decision operations.
struct JSONBody {
  let object: [String: Any]

  /// Reads `bytes` as a JSON object with no key outside `keys`.
  ///
  /// - Throws: ``PassService/Refusal`` 400 naming what is wrong.
  init(_ bytes: [UInt8], keys: Set<String>) throws {
    guard let object = (try? JSONSerialization.jsonObject(with: Data(bytes))) as? [String: Any] else {
      throw Self.bad("the body must be a JSON object")
    }
    if let unknown = object.keys.sorted().first(where: { !keys.contains($0) }) {
      throw Self.bad("unknown key '\(unknown)' (\(keys.sorted().joined(separator: ", ")))")
    }
    self.object = object
  }

  static func bad(_ message: String) -> PassService.Refusal {
    PassService.Refusal(400, "bad_request", message)
  }

  /// Whether `key` is present (also as `null`).
  func has(_ key: String) -> Bool { object.keys.contains(key) }

  /// The string at `key`; `nil` when absent or `null`.
  ///
  /// - Throws: 400 when it is another type, or absent and `required`.
  func string(_ key: String, required: Bool = false) throws -> String? {
    guard let value = object[key], !(value is NSNull) else {
      if required { throw Self.bad("missing '\(key)'") }
      return nil
    }
    guard let text = value as? String else { throw Self.bad("'\(key)' must be a string") }
    return text
  }

  /// The array of strings at `key`; empty when absent.
  ///
  /// - Throws: 400 when it is not an array of strings.
  func strings(_ key: String) throws -> [String] {
    guard let value = object[key] else { return [] }
    guard let list = value as? [Any], list.allSatisfy({ $0 is String }) else {
      throw Self.bad("'\(key)' must be an array of strings")
    }
    return list.compactMap { $0 as? String }
  }
}
