import Foundation
import QAModel

/// The parts of an earlier `report.json` that ``ReportChanges`` compares with: each item's outcome,
/// each app subject's outcome of each item, the verdict and the time.
///
/// Reads `qapass-report/1` and `qapass-report/2` files; outcomes outside the vocabulary are an error.
///
/// ```swift
/// let bytes = Array(try Data(contentsOf: URL(fileURLWithPath: "reports/report.json")))
/// let previous = try PreviousReport.parse(bytes, path: "reports/report.json")
/// previous.outcomes["auto.c1.zh-pinyin.full-name.every-update"]   // .pass
/// ```
package struct PreviousReport: Hashable, Sendable {
  /// The file, as given (for the report's text).
  package var path: String
  /// When the previous report was made, if it says.
  package var generatedAt: String?
  /// Its verdict.
  package var verdict: AcceptanceReport.Verdict?
  /// Each item's outcome, by id.
  package var outcomes: [ItemID: Outcome]
  /// Each app subject's outcome of each item, by subject name and item id (`subjects[].items` of
  /// `qapass-report/2` files that have them).
  package var subjectOutcomes: [String: [ItemID: Outcome]]
  /// The defect ids each item was tied to (`defects`), for the defects still open since.
  package var defects: [ItemID: [String]] = [:]

  /// Creates a previous report from its parts.
  package init(
    path: String, generatedAt: String? = nil, verdict: AcceptanceReport.Verdict? = nil,
    outcomes: [ItemID: Outcome], subjectOutcomes: [String: [ItemID: Outcome]] = [:]
  ) {
    self.path = path
    self.generatedAt = generatedAt
    self.verdict = verdict
    self.outcomes = outcomes
    self.subjectOutcomes = subjectOutcomes
  }

  /// A previous report that cannot be read; the message says why.
  package struct Malformed: Error, Hashable, Sendable, CustomStringConvertible {
    /// The file.
    package var path: String
    /// What is wrong.
    package var message: String
    /// `reports/report.json: error: not a qapass report (no "format": "qapass-report/…")`.
    package var description: String { "\(path): error: \(message)" }
  }

  /// Reads `bytes`, the text of a `report.json`.
  ///
  /// - Throws: ``Malformed`` when the text is not JSON, not a qapass report, or an item lacks an id
  ///   or has an outcome qapass does not write.
  package static func parse(_ bytes: [UInt8], path: String) throws(Malformed) -> PreviousReport {
    guard let object = try? JSONSerialization.jsonObject(with: Data(bytes)) as? [String: Any] else {
      throw Malformed(path: path, message: "not a JSON object")
    }
    guard let format = object["format"] as? String, format.hasPrefix("qapass-report/") else {
      throw Malformed(path: path, message: "not a qapass report (no \"format\": \"qapass-report/…\")")
    }
    var outcomes: [ItemID: Outcome] = [:]
    var defectsByItem: [ItemID: [String]] = [:]
    for (index, entry) in ((object["items"] as? [Any]) ?? []).enumerated() {
      guard let item = entry as? [String: Any], let id = item["id"] as? String,
        let word = item["outcome"] as? String
      else { throw Malformed(path: path, message: "items[\(index)] has no \"id\" and \"outcome\"") }
      guard let outcome = Outcome(rawValue: word) else {
        throw Malformed(path: path, message: "items[\(index)] has an unknown outcome '\(word)'")
      }
      outcomes[ItemID(rawValue: id)] = outcome
      let defects = ((item["defects"] as? [Any]) ?? []).compactMap {
        ($0 as? [String: Any])?["id"] as? String
      }
      if !defects.isEmpty { defectsByItem[ItemID(rawValue: id)] = defects }
    }
    var subjectOutcomes: [String: [ItemID: Outcome]] = [:]
    for (index, entry) in ((object["subjects"] as? [Any]) ?? []).enumerated() {
      guard let subject = entry as? [String: Any], subject["reference"] as? Bool == false,
        let items = subject["items"] as? [Any]
      else { continue }
      guard let name = subject["name"] as? String else {
        throw Malformed(path: path, message: "subjects[\(index)] has no \"name\"")
      }
      for (position, entry) in items.enumerated() {
        let place = "subjects[\(index)].items[\(position)]"
        guard let item = entry as? [String: Any], let id = item["id"] as? String,
          let word = item["outcome"] as? String
        else { throw Malformed(path: path, message: "\(place) has no \"id\" and \"outcome\"") }
        guard let outcome = Outcome(rawValue: word) else {
          throw Malformed(path: path, message: "\(place) has an unknown outcome '\(word)'")
        }
        subjectOutcomes[name, default: [:]][ItemID(rawValue: id)] = outcome
      }
    }
    let generatedAt = object["generated_at"] as? String
    var report = PreviousReport(
      path: path,
      generatedAt: generatedAt.flatMap { $0.first?.isNumber == true ? $0 : nil },
      verdict: (object["verdict"] as? String).flatMap(AcceptanceReport.Verdict.init(rawValue:)),
      outcomes: outcomes, subjectOutcomes: subjectOutcomes)
    report.defects = defectsByItem
    return report
  }
}
