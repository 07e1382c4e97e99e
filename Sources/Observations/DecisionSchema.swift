import YAMLDecoding

/// The YAML schema of the decisions file, `observations/decisions.yaml` (format version 1), which
/// `qapass retire`, `qapass waive` and `qapass defect` append to.
///
/// ```yaml
/// version: 1                        # required
/// decisions:                        # required: a list, possibly empty ([])
///   - action: waive                 # required: retire | waive | defect
///     id: manual.ime.m2.iphone-16e.26.x.zh-pinyin.full-name   # required: the item
///     by: lead                      # required: who decided
///     time: 2026-12-03T07:00:00Z    # required: ISO 8601; covers what was observed up to then
///     reason: known iOS keyboard bug   # required for retire and waive
///     approver: kim                 # waive: who accepts the failure
///     expires: "2026-12-24"         # waive: through that day (UTC) …
///     expires_build: "4.13.0 (900)" # … or until that build is under test (exactly one of the two)
///     defects: [JIRA-1234]          # defect: the tracker's ids
/// ```
///
/// Unknown keys are errors, as are a missing or empty required value, an unknown action (with a
/// did-you-mean) and a key another action takes (`approver` on a retirement).
package enum DecisionSchema {
  /// The format version this release reads and writes.
  package static let version = 1

  /// Top-level keys, in written order.
  enum Key {
    static let version = "version"
    static let decisions = "decisions"
    static let all = [version, decisions]
  }

  /// Entry keys, in written order.
  enum EntryKey {
    static let action = "action"
    static let id = "id"
    static let by = "by"
    static let time = "time"
    static let reason = "reason"
    static let approver = "approver"
    static let expires = "expires"
    static let expiresBuild = "expires_build"
    static let defects = "defects"
    static let all = [action, id, by, time, reason, approver, expires, expiresBuild, defects]

    /// The keys beside the common ones (action, id, by, time) that `action` takes.
    static func specific(_ action: Decision.Action) -> [String] {
      switch action {
      case .retire: [reason]
      case .waive: [reason, approver, expires, expiresBuild]
      case .defect: [reason, defects]
      }
    }
  }
}

extension Decision {
  /// The decision as a decisions-file entry, keys in ``DecisionSchema`` order.
  var node: Node {
    typealias K = DecisionSchema.EntryKey
    var pairs: [(key: String, value: Node)] = [
      (K.action, Node(string: action.rawValue)), (K.id, Node(string: itemID.rawValue)),
      (K.by, Node(string: by)), (K.time, Node(string: time.text)),
    ]
    if let reason { pairs.append((K.reason, Node(string: reason))) }
    if let approver { pairs.append((K.approver, Node(string: approver))) }
    switch expiry {
    case .date(let day): pairs.append((K.expires, Node(string: day)))
    case .build(let build): pairs.append((K.expiresBuild, Node(string: build)))
    case nil: break
    }
    if !defects.isEmpty { pairs.append((K.defects, Node(sequence: defects.map { Node(string: $0) }))) }
    return Node(mapping: pairs)
  }
}
