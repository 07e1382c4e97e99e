import Foundation
import QAModel

/// The body of `recordObservation`: one answer and the plan it was given under.
struct RecordBody {
  var item: String
  var result: Outcome
  var tester: String
  var note: String?
  var reason: String?
  var os: String?
  var evidence: [String] = []
  var felt: [(String, String)] = []
  /// The build the answer was given under (`null` when the matrix names none).
  var build: String?
  /// The plan fingerprint the answer was given under.
  var plan: String

  static let keys: Set<String> = [
    "item", "result", "tester", "note", "reason", "os", "evidence", "felt", "build", "plan",
  ]

  /// Reads a JSON object with the keys of ``keys``: `item`, `result`, `tester`, `build` and `plan`
  /// required, no other key.
  ///
  /// - Throws: ``PassService/Refusal`` 400 naming what is wrong.
  init(_ bytes: [UInt8]) throws {
    func bad(_ message: String) -> PassService.Refusal { PassService.Refusal(400, "bad_request", message) }
    guard let object = (try? JSONSerialization.jsonObject(with: Data(bytes))) as? [String: Any] else {
      throw bad("the body must be a JSON object")
    }
    if let unknown = object.keys.sorted().first(where: { !Self.keys.contains($0) }) {
      throw bad("unknown key '\(unknown)' (\(Self.keys.sorted().joined(separator: ", ")))")
    }
    func string(_ key: String, required: Bool = false) throws -> String? {
      guard let value = object[key], !(value is NSNull) else {
        if required { throw bad("missing '\(key)'") }
        return nil
      }
      guard let text = value as? String else { throw bad("'\(key)' must be a string") }
      return text
    }
    item = try string("item", required: true) ?? ""
    let resultText = try string("result", required: true) ?? ""
    guard let result = Outcome(rawValue: resultText), Outcome.results.contains(result) else {
      throw bad("'result' must be one of \(Outcome.results.map(\.rawValue).joined(separator: ", "))")
    }
    self.result = result
    tester = try string("tester", required: true) ?? ""
    note = try string("note")
    reason = try string("reason")
    os = try string("os")
    plan = try string("plan", required: true) ?? ""
    guard object.keys.contains("build") else {
      throw bad("missing 'build' (null when the matrix names none)")
    }
    build = try string("build")
    if let evidence = object["evidence"] {
      guard let links = evidence as? [Any], links.allSatisfy({ $0 is String }) else {
        throw bad("'evidence' must be an array of strings")
      }
      self.evidence = links.compactMap { $0 as? String }
    }
    if let felt = object["felt"] {
      guard let pairs = felt as? [String: Any], pairs.values.allSatisfy({ $0 is String }) else {
        throw bad("'felt' must be an object of strings, such as {\"intensity\": \"0.8\"}")
      }
      self.felt = pairs.keys.sorted().map { ($0, pairs[$0] as? String ?? "") }
    }
  }
}
