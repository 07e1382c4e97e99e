import Foundation
import Testing

/// Golden-file comparison: `Snapshots/<name>`, a line diff on mismatch, re-recorded with
/// `QAPASS_RECORD_SNAPSHOTS=1` (which still fails the test, so a recording is never mistaken
/// for a pass).
enum Snapshot {
  static func assert(_ actual: String, named name: String, sourceLocation: SourceLocation = #_sourceLocation)
  {
    let url = Fixtures.snapshots.appendingPathComponent(name)
    if ProcessInfo.processInfo.environment["QAPASS_RECORD_SNAPSHOTS"] == "1" {
      do {
        try Data(actual.utf8).write(to: url)
        Issue.record(
          "recorded snapshot \(name); run again without QAPASS_RECORD_SNAPSHOTS",
          sourceLocation: sourceLocation)
      } catch {
        Issue.record("cannot write snapshot \(name): \(error)", sourceLocation: sourceLocation)
      }
      return
    }
    guard let data = try? Data(contentsOf: url) else {
      Issue.record(
        "missing snapshot \(name); record it with QAPASS_RECORD_SNAPSHOTS=1", sourceLocation: sourceLocation)
      return
    }
    let expected = String(decoding: data, as: UTF8.self)
    if expected != actual {
      Issue.record(
        "snapshot \(name) differs:\n\(lineDiff(expected: expected, actual: actual))",
        sourceLocation: sourceLocation)
    }
  }

  /// `-` expected and `+` actual lines around the first differences (at most 40 lines).
  static func lineDiff(expected: String, actual: String) -> String {
    let old = expected.split(separator: "\n", omittingEmptySubsequences: false)
    let new = actual.split(separator: "\n", omittingEmptySubsequences: false)
    var out: [String] = []
    for index in 0..<max(old.count, new.count) {
      let a = index < old.count ? String(old[index]) : nil
      let b = index < new.count ? String(new[index]) : nil
      if a == b { continue }
      if let a { out.append("\(index + 1) - \(a)") }
      if let b { out.append("\(index + 1) + \(b)") }
      if out.count >= 40 {
        out.append("…")
        break
      }
    }
    return out.joined(separator: "\n")
  }
}
