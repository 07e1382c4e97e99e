import AcceptanceCore
import Digests
import QAModel

/// One scenario of the catalog: a stable id, a text version, and the texts items are made from.
///
/// Texts may hold placeholders such as `{device}` or `{keyboard}`, filled per item. Whenever any
/// text changes, ``version`` must be bumped: observations recorded against an older version
/// become stale. ``textFingerprint`` lets a test notice a text change without a bump.
package struct Scenario: Hashable, Sendable {
  /// Who carries the scenario out.
  package enum Kind: String, Hashable, Sendable, CaseIterable {
    /// Run by qapass against a subject.
    case automated
    /// Carried out by a person on a device or simulator.
    case manual
  }

  /// What the scenario is about.
  package enum Channel: String, Hashable, Sendable, CaseIterable {
    /// Text entry through input methods and the validator.
    case composition
    /// The save confirmation's haptic feedback.
    case haptics
  }

  /// The stable id, such as `c1` or `haptic.engine-reset`; never reused for another meaning.
  package var id: CheckID
  /// The text version; bumped whenever a text below changes.
  package var version: Int
  /// Who carries it out.
  package var kind: Kind
  /// What it is about.
  package var channel: Channel
  /// A short title.
  package var title: String
  /// What the scenario checks, in one or two sentences.
  package var statement: String
  /// Conditions to establish first (manual scenarios).
  package var preconditions: [String]
  /// What to do.
  package var steps: [String]
  /// What must be seen.
  package var expected: [String]
  /// What to write down.
  package var record: [String]

  /// `sha256:` and 12 hex digits over every text, so a text change without a version bump shows.
  package var textFingerprint: String {
    var canonical = "scenario/1\n\(id)\n\(kind.rawValue)\n\(channel.rawValue)\n\(title)\n\(statement)\n"
    for (name, lines) in [
      ("preconditions", preconditions), ("steps", steps), ("expected", expected), ("record", record),
    ] {
      canonical += name + "\n" + lines.map { "- " + $0 + "\n" }.joined()
    }
    return "sha256:" + String(Digest.sha256Hex(of: canonical).prefix(12))
  }
}

extension Scenario {
  /// Fills `{name}` placeholders of `template` from `values`; unknown names stay as written and
  /// inserted values are never scanned again.
  static func fill(_ template: String, _ values: [String: String]) -> String {
    var out = ""
    var rest = Substring(template)
    while let open = rest.firstIndex(of: "{") {
      out += rest[..<open]
      let afterOpen = rest.index(after: open)
      if let close = rest[afterOpen...].firstIndex(of: "}"),
        let value = values[String(rest[afterOpen..<close])]
      {
        out += value
        rest = rest[rest.index(after: close)...]
      } else {
        out += "{"
        rest = rest[afterOpen...]
      }
    }
    return out + rest
  }
}
