import Diagnostics
import QAModel
import YAMLDecoding

/// The decisions of a decisions file (``DecisionSchema``), each with where it is written, and the
/// questions the report and ingest ask of them.
///
/// ```swift
/// let text = """
///   version: 1
///   decisions:
///     - {action: retire, id: manual.haptic.h1.iphone-16e.26.x, by: lead, time: 2026-12-03T07:00:00Z,
///        reason: recorded on the wrong phone}
///   """
/// let file = DecisionFile.read(Array(text.utf8), path: "observations/decisions.yaml")
/// file.diagnostics.isEmpty  // true
/// ```
package struct DecisionFile: Hashable, Sendable {
  /// One decision and where its entry starts.
  package struct Entry: Hashable, Sendable {
    /// The decision.
    package var decision: Decision
    /// The file, as named.
    package var path: String
    /// Where its entry starts.
    package var location: TextPosition

    /// Creates one.
    package init(decision: Decision, path: String, location: TextPosition) {
      self.decision = decision
      self.path = path
      self.location = location
    }
  }

  /// The valid decisions, in file order.
  package var entries: [Entry]
  /// The problems of the file; entries in error are left out.
  package var diagnostics: [Diagnostic]

  /// No decisions.
  package init(entries: [Entry] = [], diagnostics: [Diagnostic] = []) {
    self.entries = entries
    self.diagnostics = diagnostics
  }

  /// Whether any diagnostic is an error.
  package var hasErrors: Bool { diagnostics.contains { $0.severity == .error } }

  /// The decisions about `id`, in file order.
  package func about(_ id: ItemID) -> [Entry] { entries.filter { $0.decision.itemID == id } }

  /// The latest retirement of `id` made at or after `time` (an observation without a time is covered
  /// by any), or `nil`: what retires an observation of `id` made at `time`.
  package func retirement(of id: ItemID, observedAt time: Timestamp?) -> Entry? {
    entries.last { entry in
      entry.decision.action == .retire && entry.decision.itemID == id
        && (time.map { !(entry.decision.time < $0) } ?? true)
    }
  }

  /// The latest waiver of `id` made at or after `time`: the waiver that covers a failure observed then
  /// (a failure observed after every waiver is one anew, which none covers).
  package func waiver(of id: ItemID, observedAt time: Timestamp?) -> Entry? {
    entries.last { entry in
      entry.decision.action == .waive && entry.decision.itemID == id
        && (time.map { !(entry.decision.time < $0) } ?? true)
    }
  }

  /// Every defect id given for `id` (or for any of `ids`), each once, in the order first given.
  package func defects(of ids: [ItemID]) -> [String] {
    var seen = Set<String>()
    return entries.filter { $0.decision.action == .defect && ids.contains($0.decision.itemID) }
      .flatMap(\.decision.defects).filter { seen.insert($0).inserted }
  }

  /// Reads a decisions file; an empty file (or one of comments only) has no decisions.
  ///
  /// - Parameters:
  ///   - bytes: The file's content.
  ///   - path: The file, as named in diagnostics.
  /// - Returns: The valid decisions and the problems, each at its place.
  package static func read(_ bytes: [UInt8], path: String) -> DecisionFile {
    var reader = NodeReader(path: path)
    var file = DecisionFile()
    let root: Node?
    do {
      root = try YAML.parse(bytes)
    } catch {
      return DecisionFile(diagnostics: [error.diagnostic(path: path)])
    }
    guard let root else { return file }
    typealias K = DecisionSchema.Key
    guard
      let top = reader.mapping(
        root, context: "a decisions file", allowed: K.all, required: [K.version, K.decisions])
    else { return DecisionFile(diagnostics: reader.diagnostics) }
    if let version = top[K.version]?.value,
      version.scalar?.style != .plain || version.scalar?.text != String(DecisionSchema.version)
    {
      reader.error(
        "unsupported version \(version.kindDescription); this release reads version \(DecisionSchema.version)",
        at: version.start)
    }
    if let list = top[K.decisions]?.value, let nodes = reader.sequence(list, "'\(K.decisions)'") {
      for node in nodes {
        let before = reader.diagnostics.count
        if let decision = entry(node, reader: &reader), reader.diagnostics.count == before {
          file.entries.append(Entry(decision: decision, path: path, location: node.start))
        }
      }
    }
    file.diagnostics = reader.diagnostics
    return file
  }

  /// One entry, or `nil` with its problems added to `reader`.
  static func entry(_ node: Node, reader: inout NodeReader) -> Decision? {
    typealias K = DecisionSchema.EntryKey
    let errorsBefore = reader.diagnostics.count
    guard
      let keys = reader.mapping(
        node, context: "a decision", allowed: K.all, required: [K.action, K.id, K.by, K.time])
    else { return nil }
    func text(_ key: String) -> String? {
      guard let value = keys[key]?.value else { return nil }
      guard let text = reader.string(value, "'\(key)'") else { return nil }
      if text.allSatisfy(\.isWhitespace) {
        reader.error("'\(key)' is empty; give a value", at: value.start)
        return nil
      }
      return text
    }
    guard let actionNode = keys[K.action]?.value, let actionText = reader.string(actionNode, "'\(K.action)'")
    else { return nil }
    guard let action = Decision.Action(rawValue: actionText) else {
      let actions = Decision.Action.allCases.map(\.rawValue)
      reader.error(
        "unknown action '\(actionText)'\(Suggestion.hint(for: actionText, among: actions))",
        at: actionNode.start)
      return nil
    }
    let specific = K.specific(action)
    for key in [K.reason, K.approver, K.expires, K.expiresBuild, K.defects]
    where keys[key] != nil && !specific.contains(key) {
      reader.error(
        "'\(key)' is not for a '\(action.rawValue)' decision (it takes \(specific.map { "'\($0)'" }.joined(separator: ", ")))",
        at: keys[key]?.key.start)
    }
    let id = text(K.id)
    let by = text(K.by)
    var time: Timestamp?
    if let timeNode = keys[K.time]?.value, let timeText = reader.string(timeNode, "'\(K.time)'") {
      do { time = try Timestamp.parse(timeText) } catch {
        reader.error(error.description, at: timeNode.start)
      }
    }
    let reason = text(K.reason)
    let approver = text(K.approver)
    var expiry: Decision.Expiry?
    if let day = text(K.expires) {
      if Decision.Expiry.isDay(day) {
        expiry = .date(day)
      } else {
        reader.error(Decision.Message.badDay(day), at: keys[K.expires]?.value.start)
      }
    }
    if let build = text(K.expiresBuild) {
      if expiry != nil {
        reader.error(
          "a waiver expires on a day or at a build, not both: keep '\(K.expires)' or '\(K.expiresBuild)'",
          at: keys[K.expiresBuild]?.key.start)
      }
      expiry = .build(build)
    }
    var defects: [String] = []
    if let list = keys[K.defects]?.value, let items = reader.sequence(list, "'\(K.defects)'") {
      for item in items {
        if let id = reader.string(item, "a defect id") {
          if id.allSatisfy(\.isWhitespace) {
            reader.error("a defect id is empty", at: item.start)
          } else {
            defects.append(id)
          }
        }
      }
    }
    guard let id, let by, let time, reader.diagnostics.count == errorsBefore else { return nil }
    let decision = Decision(
      action: action, itemID: ItemID(rawValue: id), by: by, time: time, reason: reason, approver: approver,
      expiry: expiry, defects: defects)
    if let problem = decision.problem {
      reader.error(problem, at: node.start)
      return nil
    }
    return decision
  }
}
