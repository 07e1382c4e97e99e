/// One readable phrase for a `Decodable` failure: which member is missing or of the wrong type.
///
/// ```swift
/// import Foundation
///
/// struct Device: Decodable { var udid: String }
/// let json = #"{"devices": {"iOS-26-2": [{"name": "iPhone 17"}]}}"#
/// do {
///   _ = try JSONDecoder().decode([String: [String: [Device]]].self, from: Data(json.utf8))
/// } catch {
///   JSONProblem.describe(error)   // "no member 'udid' in 'devices.iOS-26-2[0]'"
/// }
/// ```
package enum JSONProblem {
  /// The phrase for `error`; any other error as it describes itself.
  package static func describe(_ error: any Error) -> String {
    guard let error = error as? DecodingError else { return "\(error)" }
    switch error {
    case .keyNotFound(let key, let context):
      return "no member '\(key.stringValue)' in \(where_(context.codingPath))"
    case .typeMismatch(let type, let context), .valueNotFound(let type, let context):
      return "\(where_(context.codingPath)) is not \(article(type))"
    case .dataCorrupted(let context):
      if context.codingPath.isEmpty { return notJSON }
      // A reader's own refusal of a value (a number out of range) says why.
      let why = context.debugDescription.isEmpty ? "" : ": \(context.debugDescription)"
      return "\(where_(context.codingPath)) is malformed\(why)"
    @unknown default:
      return "\(error)"
    }
  }

  /// The coding path of a `Decodable` failure, one step per key, array indices in decimal (`["devices",
  /// "iOS-26-2", "0"]`; empty for the top-level value); `nil` for a text that is not JSON at all, or
  /// any other error.
  package static func codingPath(_ error: any Error) -> [String]? {
    guard let error = error as? DecodingError else { return nil }
    let context: DecodingError.Context? =
      switch error {
      case .keyNotFound(_, let context), .typeMismatch(_, let context), .valueNotFound(_, let context),
        .dataCorrupted(let context):
        context
      @unknown default: nil
      }
    guard let context, !(context.codingPath.isEmpty && isNotJSON(error)) else { return nil }
    return context.codingPath.map { $0.intValue.map(String.init) ?? $0.stringValue }
  }

  private static func isNotJSON(_ error: DecodingError) -> Bool {
    if case .dataCorrupted = error { return true }
    return false
  }

  private static func where_(_ path: [any CodingKey]) -> String {
    path.isEmpty
      ? "the top-level object"
      : "'" + path.map { $0.intValue.map { "[\($0)]" } ?? ".\($0.stringValue)" }.joined().drop { $0 == "." }
        + "'"
  }

  private static func article(_ type: Any.Type) -> String {
    switch type {
    case is String.Type: "a string"
    case is Bool.Type: "a boolean"
    case is Int.Type, is Double.Type: "a number"
    case is [Any].Type: "an array"
    default: "an object"
    }
  }
}
