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
    let body = try JSONBody(bytes, keys: Self.keys)
    item = try body.string("item", required: true) ?? ""
    let resultText = try body.string("result", required: true) ?? ""
    guard let result = Outcome(rawValue: resultText), Outcome.results.contains(result) else {
      throw JSONBody.bad("'result' must be one of \(Outcome.results.map(\.rawValue).joined(separator: ", "))")
    }
    self.result = result
    tester = try body.string("tester", required: true) ?? ""
    note = try body.string("note")
    reason = try body.string("reason")
    os = try body.string("os")
    plan = try body.string("plan", required: true) ?? ""
    guard body.has("build") else {
      throw JSONBody.bad("missing 'build' (null when the matrix names none)")
    }
    build = try body.string("build")
    evidence = try body.strings("evidence")
    if let felt = body.object["felt"] {
      guard let pairs = felt as? [String: Any], pairs.values.allSatisfy({ $0 is String }) else {
        throw JSONBody.bad("'felt' must be an object of strings, such as {\"intensity\": \"0.8\"}")
      }
      self.felt = pairs.keys.sorted().map { ($0, pairs[$0] as? String ?? "") }
    }
  }
}
