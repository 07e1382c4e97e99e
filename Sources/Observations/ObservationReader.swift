import QAModel
import YAMLDecoding

/// Reads observation sheets and records files (``ObservationSchema``) into ``Observation`` values,
/// collecting every problem as a ``Diagnostic`` instead of stopping at the first.
///
/// With a catalog it also checks ids, devices and OS versions against the plan; without one (when
/// `record` checks the file it appends to) it checks the schema only.
struct ObservationReader {
  /// The top level of a file.
  struct Document {
    var session: String?
    /// The `session` value node, for pointing at it.
    var sessionNode: Node?
    var entries: [Node]
    /// The `observations` list, when it is the last key of the file (where `record` can append).
    var trailingList: Node?
  }

  /// One entry as read.
  struct Entry {
    var node: Node
    var id: String?
    var result: Outcome?
    /// The observation, when the entry is valid and records a result other than `untested`.
    var observation: Observation?
    var retired: Bool
    /// A retired entry whose id is not in the catalog: skipped without a diagnostic.
    var isRetiredAndGone: Bool
    var hasErrors: Bool
    /// The id is not in the catalog (nor a former id of an item): where it is and what is suggested.
    var unknownID: (location: TextPosition, hint: String)?
    /// Where the item a re-plan dropped was (``ObservableCatalog/dropped``), when the id names one, and
    /// the planned item it is close to, if any (`; did you mean …`, or empty).
    var dropped: (place: String, suggestion: String)?
    /// The retirement (`qapass retire`) that covers the entry of an id the plan does not have: it is
    /// skipped, and listed as retired.
    var retirement: DecisionFile.Entry?
  }

  /// The lone UTF-16 surrogate escapes of the file, when ``document(_:allowEmpty:readingSurrogateEscapes:)``
  /// read them; each makes its entry an error.
  private var surrogateEscapes: [YAML.SurrogateEscape] = []
  /// The shared collecting decoder: kinds, keys, strings and numbers read and worded as everywhere.
  private var nodes: NodeReader
  var path: String { nodes.path }
  var diagnostics: [Diagnostic] { nodes.diagnostics }
  /// Hints for unknown item ids, shared by the readers of one ingest.
  let suggester: ItemIDSuggester?

  /// The clock's time, when times ahead of it are to be refused (``Timestamp/aheadProblem(of:)``).
  let now: Timestamp?
  /// Whether an entry was refused for a time ahead of ``now``: read later, it may be accepted.
  private(set) var judgedTheClock = false
  /// The decisions whose retirements skip entries of ids the plan does not have.
  let decisions: DecisionFile?

  init(
    path: String, suggester: ItemIDSuggester? = nil, now: Timestamp? = nil, decisions: DecisionFile? = nil
  ) {
    self.nodes = NodeReader(path: path)
    self.suggester = suggester
    self.now = now
    self.decisions = decisions
  }

  var hasErrors: Bool { nodes.hasErrors }

  private mutating func error(_ message: String, at location: TextPosition?) {
    nodes.error(message, at: location)
  }

  /// Parses `bytes` and checks the top level.
  ///
  /// - Parameters:
  ///   - allowEmpty: Whether a file without a document (empty or comments only) reads as one with no
  ///     observations, as `record` treats a new records file.
  ///   - readingSurrogateEscapes: Whether a lone UTF-16 surrogate escape (`\ud83d`, which YAML refuses
  ///     with the whole file) is an error of the entry that holds it alone (``entry(_:catalog:)``), the
  ///     other entries read as usual; for readers that never write the file back.
  mutating func document(_ bytes: [UInt8], allowEmpty: Bool, readingSurrogateEscapes: Bool = false)
    -> Document?
  {
    let root: Node?
    do {
      var escapes: [YAML.SurrogateEscape] = []
      root =
        readingSurrogateEscapes
        ? try YAML.parse(bytes, readingSurrogateEscapes: &escapes) : try YAML.parse(bytes)
      surrogateEscapes = escapes
    } catch {
      nodes.append(error.diagnostic(path: path))
      return nil
    }
    guard let root else {
      if allowEmpty { return Document(session: nil, sessionNode: nil, entries: [], trailingList: nil) }
      error(Message.emptyFile, at: TextPosition(line: 1, column: 1))
      return nil
    }
    guard let pairs = root.mapping else {
      error(
        NodeReader.Message.expected("a mapping with 'version' and 'observations'", found: root),
        at: root.start)
      return nil
    }
    typealias K = ObservationSchema.Key
    let keys =
      nodes.mapping(
        root, context: "an observation file", allowed: K.all, required: [K.version, K.observations])
      ?? [:]
    if let version = keys[K.version]?.value {
      let text = version.scalar?.text ?? ""
      if version.scalar?.style != .plain || text != String(ObservationSchema.version) {
        error(Message.unsupportedVersion(version), at: version.start)
      }
    }
    let sessionNode = keys[K.session]?.value
    let session = sessionNode.flatMap { string($0, K.session) }
    guard let observations = keys[K.observations]?.value else { return nil }
    guard let entries = nodes.sequence(observations, "'\(K.observations)'") else {
      return nil
    }
    let isLast = pairs.last?.key.scalar?.text == K.observations
    for escape in surrogateEscapes
    where !entries.contains(where: { $0.start <= escape.at && escape.at < $0.end }) {
      error(Message.surrogateEscape(escape.escape, key: nil, id: nil), at: escape.at)
    }
    return Document(
      session: session, sessionNode: sessionNode, entries: entries, trailingList: isLast ? observations : nil)
  }

  /// Reads one entry; problems are added to ``diagnostics``.
  mutating func entry(_ node: Node, catalog: ObservableCatalog?) -> Entry {
    let errorsBefore = nodes.diagnostics.count
    var entry = Entry(
      node: node, id: nil, result: nil, observation: nil, retired: false, isRetiredAndGone: false,
      hasErrors: false, unknownID: nil)
    guard let pairs = node.mapping else {
      error(NodeReader.Message.expected("a mapping for an observation", found: node), at: node.start)
      entry.hasErrors = true
      return entry
    }
    typealias K = ObservationSchema.EntryKey
    // Whatever else the entry says, it is not counted (not even as retired) until the escape is repaired.
    for escape in surrogateEscapes where node.start <= escape.at && escape.at < node.end {
      let pair = pairs.first { $0.value.start <= escape.at && escape.at < $0.value.end }
      let id = node[K.id]?.scalar?.text
      error(Message.surrogateEscape(escape.escape, key: pair?.key.scalar?.text, id: id), at: escape.at)
      entry.hasErrors = true
    }
    var fields = Fields()
    for pair in pairs {
      let key = pair.key.scalar?.text ?? ""
      if let slot = K.slot(of: key) {
        fields.pairs[slot] = pair
      } else {
        error(NodeReader.Message.unknownKey(key, in: "an observation", allowed: K.all), at: pair.key.start)
      }
    }
    func value(_ key: String) -> Node? {
      guard let node = fields[key]?.value, !Self.isBlank(node) else { return nil }
      return node
    }

    if let retired = fields[K.retired]?.value {
      entry.retired = nodes.bool(retired, "'\(K.retired)'") ?? false
    }
    var item: ObservableItem?
    if let idNode = value(K.id) {
      if let id = string(idNode, K.id) {
        entry.id = id
        if let catalog {
          item = catalog.item(following: ItemID(rawValue: id))
          if item == nil {
            if entry.retired {
              entry.isRetiredAndGone = true
              return entry
            }
            let time = value(K.time)?.scalar.flatMap { try? Timestamp.parse($0.text) }
            // A dropped item's retirement covers what was recorded under the ids it had before a rename.
            if let retirement = decisions?.retirement(of: ItemID(rawValue: id), observedAt: time)
              ?? catalog.droppedRenamed[ItemID(rawValue: id)].flatMap({
                decisions?.retirement(of: $0, observedAt: time)
              })
            {
              entry.isRetiredAndGone = true
              entry.retirement = retirement
              entry.result = value(K.result)?.scalar.flatMap { Outcome($0.text, among: Outcome.recordable) }
              return entry
            }
            var hint =
              suggester?.hint(for: id)
              ?? Suggestion.hint(for: id, among: catalog.ids, listLimit: Message.itemListLimit)
            // An item a re-plan dropped: still suggested when close to a planned one (a rename the
            // matrix does not declare looks like a keyboard dropped and another added).
            if let place = catalog.dropped[ItemID(rawValue: id)] {
              let suggestion = hint.hasPrefix(Message.didYouMean) ? hint : ""
              entry.dropped = (place, suggestion)
              hint = Message.droppedHint(place) + suggestion
            }
            // Reported once the result is known: an untested entry recorded nothing.
            entry.unknownID = (idNode.start, hint)
          }
        }
      }
    } else {
      error(
        NodeReader.Message.missingKey(K.id, in: "an observation"), at: fields[K.id]?.key.start ?? node.start)
    }

    if let resultNode = value(K.result) {
      if let text = string(resultNode, K.result) {
        if let result = Outcome(text, among: Outcome.recordable) {
          entry.result = result
        } else {
          error(Message.unknownResult(text), at: resultNode.start)
        }
      }
    } else {
      error(
        NodeReader.Message.missingKey(K.result, in: "an observation"),
        at: fields[K.result]?.key.start ?? node.start)
    }
    let recorded = entry.result.map { $0 != .untested } ?? false
    if let unknown = entry.unknownID, let id = entry.id {
      if entry.result == .untested {
        // Nothing was recorded in it (a sheet of a session no longer planned): ingest counts these.
        entry.hasErrors = nodes.diagnostics.count > errorsBefore
        return entry
      }
      if let dropped = entry.dropped {
        // Planned once: what was recorded is not counted, and no error; a failure is listed (by ingest).
        if entry.result == .fail {
          nodes.warning(
            Message.droppedFailure(id, place: dropped.place, suggestion: dropped.suggestion),
            at: unknown.location)
        }
        entry.hasErrors = nodes.diagnostics[errorsBefore...].contains { $0.severity == .error }
        return entry
      }
      error(Message.unknownItem(id, hint: unknown.hint), at: unknown.location)
    }

    /// A value a recorded result needs; missing or empty is an error pointing at the key or the entry.
    func needed(_ key: String) -> Node? {
      if let v = value(key) { return v }
      if recorded, let result = entry.result {
        let at = fields[key]?.key.start ?? node.start
        error(Message.needs(result, key), at: at)
      }
      return nil
    }

    let tester = needed(K.tester).flatMap { string($0, K.tester) }
    var time: Timestamp?
    if let timeNode = needed(K.time), let text = string(timeNode, K.time) {
      do {
        time = try Timestamp.parse(text)
        if let now, let problem = time?.aheadProblem(of: now) {
          judgedTheClock = true
          self.error(problem, at: timeNode.start)
          time = nil
        }
      } catch {
        self.error(error.description, at: timeNode.start)
      }
    }
    let device = needed(K.device).flatMap { node -> DeviceID? in
      guard let text = string(node, K.device) else { return nil }
      if let item, text != item.device.rawValue, !item.formerDevices.contains(DeviceID(rawValue: text)) {
        error(
          Message.mismatch("device", text, item: item.id.rawValue, planned: item.device.rawValue),
          at: node.start)
      }
      return DeviceID(rawValue: text)
    }
    let os = needed(K.os).flatMap { node -> String? in
      guard let text = string(node, K.os) else { return nil }
      if let item, !OSVersion.observed(text, isWithin: item.os) {
        error(Message.mismatch("OS", text, item: item.id.rawValue, planned: item.os), at: node.start)
      }
      return text
    }
    let keyboard = value(K.keyboard).flatMap { string($0, K.keyboard) }
    let textVersion = needed(K.textVersion).flatMap { integer($0, K.textVersion) }
    let build = value(K.build).flatMap { string($0, K.build) }
    let noteNode = value(K.note)
    let note = noteNode.flatMap { string($0, K.note) }
    // A blocked item is only useful with its reason: the report shows it (issue 13).
    if entry.result == .blocked, (note ?? "").allSatisfy(\.isWhitespace),
      noteNode?.scalar != nil || noteNode == nil
    {
      error(
        Message.blockedWithoutReason,
        at: fields[K.note]?.key.start ?? fields[K.result]?.value.start ?? node.start)
    }
    var evidence: [String] = []
    if let list = value(K.evidence) {
      if let items = list.sequence {
        for link in items { if let text = string(link, K.evidence) { evidence.append(text) } }
      } else {
        error(NodeReader.Message.expected("a list of links for '\(K.evidence)'", found: list), at: list.start)
      }
    }
    var attachments: [String] = []
    if let list = value(K.attachments) {
      if let items = list.sequence {
        for file in items { if let text = string(file, K.attachments) { attachments.append(text) } }
      } else {
        error(
          NodeReader.Message.expected("a list of stored files for '\(K.attachments)'", found: list),
          at: list.start)
      }
    }
    let carried = value(K.carried).flatMap { carry($0) }
    let fingerprint = value(K.hapticFingerprint).flatMap { string($0, K.hapticFingerprint) }
    var parameters: [String: String] = [:]
    if let mapping = value(K.hapticParameters) {
      if let pairs = mapping.mapping {
        for pair in pairs {
          if let text = string(pair.value, K.hapticParameters) {
            parameters[pair.key.scalar?.text ?? ""] = text
          }
        }
      } else {
        error(
          NodeReader.Message.expected("a mapping for '\(K.hapticParameters)'", found: mapping),
          at: mapping.start)
      }
    }

    entry.hasErrors = nodes.diagnostics.count > errorsBefore
    if !entry.hasErrors, recorded, let id = entry.id, let result = entry.result, let tester, let time,
      let device, let os, let textVersion
    {
      entry.observation = Observation(
        itemID: ItemID(rawValue: id), result: result, tester: tester, time: time, device: device, os: os,
        textVersion: textVersion, build: build, note: note, evidence: evidence,
        hapticFingerprint: fingerprint, hapticParameters: parameters, keyboard: keyboard)
      entry.observation?.attachments = attachments
      entry.observation?.carried = carried
    }
    return entry
  }

  /// An entry's `carried` mapping: every key required.
  private mutating func carry(_ node: Node) -> Observation.Carry? {
    typealias C = ObservationSchema.CarriedKey
    guard
      let keys = nodes.mapping(
        node, context: "'\(ObservationSchema.EntryKey.carried)'", allowed: C.all, required: C.all)
    else { return nil }
    let texts = C.all.map { key in keys[key].flatMap { string($0.value, key) } }
    guard let fromBuild = texts[0], let by = texts[1], let at = texts[2], let reason = texts[3] else {
      return nil
    }
    do {
      return Observation.Carry(fromBuild: fromBuild, by: by, time: try Timestamp.parse(at), reason: reason)
    } catch {
      self.error(error.description, at: keys[C.at]?.value.start)
      return nil
    }
  }

  /// An entry's pairs by key, in fixed slots (no hashing: ingest reads 100,000 entries).
  struct Fields {
    var pairs = [Node.Pair?](repeating: nil, count: ObservationSchema.EntryKey.all.count)

    subscript(key: String) -> Node.Pair? {
      ObservationSchema.EntryKey.slot(of: key).flatMap { pairs[$0] }
    }
  }

  /// Whether a value counts as not given: null, or an empty scalar (`tester:`, `tester: ""`).
  static func isBlank(_ node: Node) -> Bool {
    if node.isNull { return true }
    if let scalar = node.scalar, scalar.text.isEmpty { return true }
    return false
  }

  private mutating func string(_ node: Node, _ key: String) -> String? {
    nodes.string(node, "'\(key)'")
  }

  private mutating func integer(_ node: Node, _ key: String) -> Int? {
    nodes.integer(node, "'\(key)'")
  }

  /// The messages the reader produces, in one place.
  enum Message {
    static let emptyFile =
      "the file is empty; expected 'version: 1' and an 'observations' list"

    static func unsupportedVersion(_ node: Node) -> String {
      "unsupported version \(node.kindDescription); this release reads version \(ObservationSchema.version)"
    }

    /// How many valid ids an unknown-id message lists when none is close.
    static let itemListLimit = 5

    static func unknownItem(_ id: String, hint: String) -> String {
      "unknown item id '\(id)'\(hint)"
    }

    /// How a hint that names a close id (or the rename to declare) starts.
    static let didYouMean = "; did you mean"

    /// What an unplanned entry of an item a re-plan dropped suggests (``ObservableCatalog/dropped``).
    static func droppedHint(_ place: String) -> String {
      "; it was \(place) before a re-plan dropped it"
    }

    static func droppedFailure(_ id: String, place: String, suggestion: String) -> String {
      "'\(id)' failed, and a re-plan dropped it (it was \(place)): \(UnplannedObservation.failureEffect(1)) "
        + "(qapass retire \(id) --reason …)\(suggestion)"
    }

    /// A lone UTF-16 surrogate escape, in the entry of `id` (its value of `key`) or outside the entries.
    static func surrogateEscape(_ escape: String, key: String?, id: String?) -> String {
      let place = key.map { "this entry's '\($0)'" } ?? "the file"
      let what =
        "'\(escape)' in \(place) is half of a UTF-16 surrogate pair, which is no character (an HTML checklist "
        + "saved a note so before qapass wrote such halves as U+FFFD)"
      guard key != nil || id != nil else {
        return what + "; replace the escape with '\\ufffd' (the replacement character) or delete it"
      }
      return what
        + "; the entry\(id.map { " for '\($0)'" } ?? "") is not counted, the file's other entries are: "
        + "replace the escape with '\\ufffd' (the replacement character) or delete it, and the entry counts"
    }

    static func unknownResult(_ text: String) -> String {
      "unknown result '\(text)'\(Suggestion.hint(for: text, among: Outcome.spellings(Outcome.recordable)))"
    }

    static let blockedWithoutReason =
      "an observation with result 'blocked' needs the reason in 'note' (what stopped the test), so the report can say why"

    static func needs(_ result: Outcome, _ key: String) -> String {
      "an observation with result '\(result)' needs a value for '\(key)'"
    }

    static func mismatch(_ what: String, _ value: String, item: String, planned: String) -> String {
      "\(what) '\(value)' does not match item '\(item)', which is planned for \(what) '\(planned)'"
    }
  }
}
