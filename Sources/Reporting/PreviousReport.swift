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
  /// The texts that failed in each item that judged several (`texts` of `p2`), by item id; an item
  /// whose texts all passed has an empty list, one without `texts` none.
  package var failingTexts: [ItemID: [String]] = [:]
  /// The same for each app subject, by subject name and item id.
  package var subjectFailingTexts: [String: [ItemID: [String]]] = [:]

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
  /// One pass over the bytes that keeps only what is compared (the format, time and verdict, each
  /// item's id and outcome, each app subject's) and steps over the rest without building it: a report of
  /// 24,000 items is read in the time it takes to scan it, in memory for the outcomes alone.
  ///
  /// - Throws: ``Malformed`` when the text is not JSON, not a qapass report, or an item lacks an id
  ///   or has an outcome qapass does not write.
  /// - Complexity: O(*n*) in the size of the file.
  package static func parse(_ bytes: [UInt8], path: String) throws(Malformed) -> PreviousReport {
    do {
      return try bytes.withUnsafeBufferPointer { buffer throws(Malformed) in
        var scanner = Scanner(bytes: buffer, path: path)
        return try scanner.report()
      }
    } catch {
      throw error
    }
  }

  /// What one pass over a report.json reads (``parse(_:path:)``).
  private struct Scanner {
    let bytes: UnsafeBufferPointer<UInt8>
    let path: String
    var index = 0

    /// Any fault of the JSON itself.
    var notJSON: Malformed { Malformed(path: path, message: "not a JSON object") }

    mutating func report() throws(Malformed) -> PreviousReport {
      var format: String?
      var generatedAt: String?
      var verdict: String?
      var outcomes: [ItemID: Outcome] = [:]
      var defects: [ItemID: [String]] = [:]
      var subjectOutcomes: [String: [ItemID: Outcome]] = [:]
      var failingTexts: [ItemID: [String]] = [:]
      var subjectFailingTexts: [String: [ItemID: [String]]] = [:]
      skipSpace()
      guard peek() == UInt8(ascii: "{") else { throw notJSON }
      try members { scanner, key throws(Malformed) in
        switch key {
        case "format": format = try scanner.optionalString()
        case "generated_at": generatedAt = try scanner.optionalString()
        case "verdict": verdict = try scanner.optionalString()
        case "items":
          try scanner.items(place: "items") { id, outcome, ids, texts in
            outcomes[id] = outcome
            if !ids.isEmpty { defects[id] = ids }
            if let texts { failingTexts[id] = texts }
          }
        case "subjects":
          var index = 0
          try scanner.elements { scanner throws(Malformed) in
            try scanner.subject(index, into: &subjectOutcomes, texts: &subjectFailingTexts)
            index += 1
          }
        default: try scanner.skipValue(depth: 1)
        }
      }
      skipSpace()
      guard index == bytes.count else { throw notJSON }
      guard let format, format.hasPrefix("qapass-report/") else {
        throw Malformed(path: path, message: "not a qapass report (no \"format\": \"qapass-report/…\")")
      }
      var report = PreviousReport(
        path: path, generatedAt: generatedAt.flatMap { $0.first?.isNumber == true ? $0 : nil },
        verdict: verdict.flatMap(AcceptanceReport.Verdict.init(rawValue:)), outcomes: outcomes,
        subjectOutcomes: subjectOutcomes)
      report.defects = defects
      report.failingTexts = failingTexts
      report.subjectFailingTexts = subjectFailingTexts
      return report
    }

    /// `subjects[index]`: an app subject's (`"reference": false`) item outcomes, by its name.
    mutating func subject(
      _ index: Int, into outcomes: inout [String: [ItemID: Outcome]],
      texts: inout [String: [ItemID: [String]]]
    ) throws(Malformed) {
      guard peek() == UInt8(ascii: "{") else { return try skipValue(depth: 2) }
      var name: String?
      var reference: Bool?
      var found: [ItemID: Outcome]?
      var foundTexts: [ItemID: [String]] = [:]
      try members { scanner, key throws(Malformed) in
        switch key {
        case "name": name = try scanner.optionalString()
        case "reference":
          let start = scanner.index
          try scanner.skipValue(depth: 3)
          let word = scanner.bytes[start..<scanner.index]
          reference = word.elementsEqual("true".utf8) ? true : word.elementsEqual("false".utf8) ? false : nil
        case "items" where scanner.peek() == UInt8(ascii: "["):
          var items: [ItemID: Outcome] = [:]
          try scanner.items(place: "subjects[\(index)].items") { id, outcome, _, failing in
            items[id] = outcome
            if let failing { foundTexts[id] = failing }
          }
          found = items
        default: try scanner.skipValue(depth: 3)
        }
      }
      guard reference == false, let found else { return }
      guard let name else { throw Malformed(path: path, message: "subjects[\(index)] has no \"name\"") }
      outcomes[name, default: [:]].merge(found) { $1 }
      texts[name, default: [:]].merge(foundTexts) { $1 }
    }

    /// An `items` list: each element's `id`, `outcome`, the ids of its `defects` and, for an item that
    /// judged several texts, those that failed.
    mutating func items(place: String, _ found: (ItemID, Outcome, [String], [String]?) -> Void)
      throws(Malformed)
    {
      guard peek() == UInt8(ascii: "[") else { return try skipValue(depth: 2) }
      var position = 0
      try elements { scanner throws(Malformed) in
        var id: String?
        var word: String?
        var defects: [String] = []
        var failing: [String]?
        if scanner.peek() == UInt8(ascii: "{") {
          try scanner.members { scanner, key throws(Malformed) in
            switch key {
            case "id": id = try scanner.optionalString()
            case "outcome": word = try scanner.optionalString()
            case "defects": defects = try scanner.defectIDs()
            case "texts": failing = try scanner.failingTexts()
            default: try scanner.skipValue(depth: 4)
            }
          }
        } else {
          try scanner.skipValue(depth: 3)
        }
        guard let id, let word else {
          throw Malformed(path: scanner.path, message: "\(place)[\(position)] has no \"id\" and \"outcome\"")
        }
        guard let outcome = Outcome(rawValue: word) else {
          throw Malformed(
            path: scanner.path, message: "\(place)[\(position)] has an unknown outcome '\(word)'")
        }
        found(ItemID(rawValue: id), outcome, defects, failing)
        position += 1
      }
    }

    /// An item's `texts`: the `text` of each whose `outcome` is not `pass`; anything else stepped over.
    mutating func failingTexts() throws(Malformed) -> [String] {
      guard peek() == UInt8(ascii: "[") else {
        try skipValue(depth: 4)
        return []
      }
      var failing: [String] = []
      try elements { scanner throws(Malformed) in
        guard scanner.peek() == UInt8(ascii: "{") else { return try scanner.skipValue(depth: 5) }
        var text: String?
        var outcome: String?
        try scanner.members { scanner, key throws(Malformed) in
          switch key {
          case "text": text = try scanner.optionalString()
          case "outcome": outcome = try scanner.optionalString()
          default: try scanner.skipValue(depth: 6)
          }
        }
        if let text, let outcome, outcome != Outcome.pass.rawValue { failing.append(text) }
      }
      return failing
    }

    /// An item's `defects`: the `id` of each (`[{"id": "JIRA-1234", …}]`); anything else stepped over.
    mutating func defectIDs() throws(Malformed) -> [String] {
      guard peek() == UInt8(ascii: "[") else {
        try skipValue(depth: 4)
        return []
      }
      var ids: [String] = []
      try elements { scanner throws(Malformed) in
        guard scanner.peek() == UInt8(ascii: "{") else { return try scanner.skipValue(depth: 5) }
        try scanner.members { scanner, key throws(Malformed) in
          if key == "id" {
            if let id = try scanner.optionalString() { ids.append(id) }
          } else {
            try scanner.skipValue(depth: 6)
          }
        }
      }
      return ids
    }

    // MARK: JSON

    func peek() -> UInt8? { index < bytes.count ? bytes[index] : nil }

    mutating func skipSpace() {
      while index < bytes.count {
        switch bytes[index] {
        case 0x20, 0x09, 0x0A, 0x0D: index += 1
        default: return
        }
      }
    }

    /// The members of the object at ``index``: `body` reads each value (the scanner at it) by its key.
    mutating func members(_ body: (inout Scanner, String) throws(Malformed) -> Void) throws(Malformed) {
      index += 1
      skipSpace()
      if peek() == UInt8(ascii: "}") {
        index += 1
        return
      }
      while true {
        skipSpace()
        guard peek() == UInt8(ascii: "\"") else { throw notJSON }
        let key = try string()
        skipSpace()
        guard peek() == UInt8(ascii: ":") else { throw notJSON }
        index += 1
        skipSpace()
        try body(&self, key)
        skipSpace()
        switch peek() {
        case UInt8(ascii: ","): index += 1
        case UInt8(ascii: "}"):
          index += 1
          return
        default: throw notJSON
        }
      }
    }

    /// The elements of the array at ``index``: `body` reads each (the scanner at it).
    mutating func elements(_ body: (inout Scanner) throws(Malformed) -> Void) throws(Malformed) {
      guard peek() == UInt8(ascii: "[") else { throw notJSON }
      index += 1
      skipSpace()
      if peek() == UInt8(ascii: "]") {
        index += 1
        return
      }
      while true {
        skipSpace()
        try body(&self)
        skipSpace()
        switch peek() {
        case UInt8(ascii: ","): index += 1
        case UInt8(ascii: "]"):
          index += 1
          return
        default: throw notJSON
        }
      }
    }

    /// A string value, or `nil` for any other value (stepped over).
    mutating func optionalString() throws(Malformed) -> String? {
      guard peek() == UInt8(ascii: "\"") else {
        try skipValue(depth: 1)
        return nil
      }
      return try string()
    }

    /// The string at ``index``, its escapes decoded.
    mutating func string() throws(Malformed) -> String {
      index += 1
      let start = index
      var escaped = false
      while index < bytes.count {
        let byte = bytes[index]
        if byte == UInt8(ascii: "\"") {
          let raw = UnsafeBufferPointer(rebasing: bytes[start..<index])
          index += 1
          guard escaped else { return String(decoding: raw, as: UTF8.self) }
          return try decoded(raw)
        }
        if byte == UInt8(ascii: "\\") {
          escaped = true
          index += 1
        } else if byte < 0x20 {
          throw notJSON
        }
        index += 1
      }
      throw notJSON
    }

    /// A string's contents with escapes, through Foundation (rare: ids and outcomes have none).
    func decoded(_ raw: UnsafeBufferPointer<UInt8>) throws(Malformed) -> String {
      let quoted = [UInt8(ascii: "\"")] + Array(raw) + [UInt8(ascii: "\"")]
      guard let text = try? JSONDecoder().decode(String.self, from: Data(quoted)) else { throw notJSON }
      return text
    }

    /// Steps over the value at ``index`` without keeping it.
    mutating func skipValue(depth: Int) throws(Malformed) {
      guard depth < 512, let byte = peek() else { throw notJSON }
      switch byte {
      case UInt8(ascii: "\""):
        _ = try skipString()
      case UInt8(ascii: "{"):
        try members { scanner, _ throws(Malformed) in try scanner.skipValue(depth: depth + 1) }
      case UInt8(ascii: "["):
        try elements { scanner throws(Malformed) in try scanner.skipValue(depth: depth + 1) }
      case UInt8(ascii: "t"), UInt8(ascii: "f"), UInt8(ascii: "n"):
        for word in ["true", "false", "null"] {
          let end = index + word.utf8.count
          if end <= bytes.count, bytes[index..<end].elementsEqual(word.utf8) {
            index = end
            return
          }
        }
        throw notJSON
      case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
        let start = index
        while let next = peek(),
          (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(next) || next == UInt8(ascii: "-")
            || next == UInt8(ascii: "+") || next == UInt8(ascii: ".") || next == UInt8(ascii: "e")
            || next == UInt8(ascii: "E")
        {
          index += 1
        }
        guard index > start else { throw notJSON }
      default:
        throw notJSON
      }
    }

    /// Steps over the string at ``index``.
    mutating func skipString() throws(Malformed) {
      index += 1
      while index < bytes.count {
        let byte = bytes[index]
        if byte == UInt8(ascii: "\"") {
          index += 1
          return
        }
        if byte < 0x20 { throw notJSON }
        index += byte == UInt8(ascii: "\\") ? 2 : 1
      }
      throw notJSON
    }
  }
}
