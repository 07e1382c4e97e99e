import Effects
import QAModel
import YAMLDecoding

/// Writes the observation sheet of one device session: every item pre-filled with `result: untested`,
/// ready for a tester to fill in, and merged with the sheet already on disk.
///
/// A sheet uses the records-file schema (``ObservationSchema``) plus a `session` key, a header comment
/// saying how to fill it in and each item's title as a comment above its entry. Output is
/// deterministic: the same items and existing sheet give byte-identical text.
///
/// Regenerating never loses what a tester wrote:
/// - an entry someone filled in (any result other than `untested`, or any of tester, time, build, note,
///   evidence or an unknown key given) is kept with all its values, even when it no longer reads as
///   valid (ingest reports that);
/// - when an item's kept entries are all out of date (another `text_version`, haptic fingerprint or
///   keyboard), a fresh `untested` entry for the current version follows them;
/// - kept entries under a former id of an item (a rename the matrix declares) stay with that item,
///   their id as written;
/// - kept entries of items no longer in the plan move to the end with `retired: true`, and ingest skips
///   them quietly; but a `fail` is never retired by qapass: it stays an error of the sheet, listed in
///   the report, until the matrix declares the rename or a person sets `retired: true`;
/// - untouched `untested` entries are regenerated from the plan (refreshing text version and
///   fingerprint) or dropped with their item.
///
/// Comments are regenerated, so remarks belong in `note`.
///
/// ```swift
/// let session = SessionID(device: "iphone-16e", os: "26.x")
/// let items = [
///   ObservableItem(
///     id: "manual.haptic.h1.iphone-16e.26.x", textVersion: 1, device: "iphone-16e", os: "26.x",
///     title: "Saving plays the confirmation haptic")
/// ]
/// let text = try SheetWriter.write(session: session, items: items, existing: nil)  // one untested entry
/// let path = "checklists/iphone-16e.26.x.observations.yaml"
/// try SheetWriter.writeFile(session: session, items: items, to: path)
/// ```
package enum SheetWriter {
  /// The text of the sheet for `session`, merged with an existing sheet.
  ///
  /// - Parameters:
  ///   - session: The device session, such as `iphone-16e.26.x`.
  ///   - items: The session's manual items, in plan order.
  ///   - existing: The sheet currently on disk, if any.
  /// - Returns: The sheet text.
  /// - Throws: ``ObservationFileError/malformed(_:)`` when `existing` is not YAML, does not have the
  ///   sheet's shape (a `version`, an `observations` list of mappings, each with a string `id`) or is
  ///   for another session: regenerating it could lose data, so nothing is written.
  /// - Complexity: O(*n* + *m*) for *n* items and *m* existing entries.
  package static func write(session: SessionID, items: [ObservableItem], existing: ObservationFile?)
    throws(ObservationFileError) -> String
  {
    let previous =
      try existing.map { file throws(ObservationFileError) in try entries(of: file, session: session) } ?? []
    var byID: [String: [Node]] = [:]
    var order: [String] = []
    for (id, node) in previous {
      if byID[id] == nil { order.append(id) }
      byID[id, default: []].append(node)
    }

    var out = ""
    var written = 0
    var unwritable: [Diagnostic] = []
    func add(_ node: Node, comment: String) {
      do {
        let text = try EntryText.render(node)
        out += "\n  # \(oneLine(comment))\n" + text
        written += 1
      } catch {
        unwritable.append(
          Diagnostic(
            .error, path: existing?.path ?? "", location: node.start,
            message: ObservationStore.Message.unrewritable(error)))
      }
    }
    var planned: Set<String> = []
    for item in items where planned.insert(item.id.rawValue).inserted {
      let former = item.formerIDs.map(\.rawValue).filter { planned.insert($0).inserted }
      let kept = ([item.id.rawValue] + former).flatMap { byID[$0] ?? [] }.filter { !isUntouched($0) }
      for node in kept { add(setting(node, retired: false), comment: item.title) }
      if !kept.contains(where: { isCurrent($0, for: item) }) {
        add(fresh(item), comment: item.title)
      }
    }
    for id in order where !planned.contains(id) {
      for node in byID[id] ?? [] where !isUntouched(node) {
        let failed = node[ObservationSchema.EntryKey.result]?.scalar?.text == Outcome.fail.rawValue
        let retired = node[ObservationSchema.EntryKey.retired]?.scalar?.text == "true"
        if failed && !retired {
          add(node, comment: Message.failureNotPlanned(id))
        } else {
          add(setting(node, retired: true), comment: Message.retired(id))
        }
      }
    }
    // Refuse rather than drop an entry libyaml cannot write back.
    if !unwritable.isEmpty { throw .malformed(unwritable) }
    let list = written == 0 ? "observations: []\n" : "observations:\n"
    return header(session: session, items: items) + list + out
  }

  /// Writes the sheet for `session` to `path`, merged with the sheet already there, atomically and
  /// under the same lock `record` uses.
  ///
  /// - Parameters:
  ///   - session: The device session.
  ///   - items: The session's manual items, in plan order.
  ///   - path: The sheet file; its directory must exist.
  ///   - files: The file system (the real one by default).
  /// - Throws: ``ObservationFileError``: `.malformed` leaves the existing sheet untouched;
  ///   `.fileSystem` when it cannot be read, locked or written (the old sheet is then intact).
  package static func writeFile(
    session: SessionID, items: [ObservableItem], to path: String, files: any FileSystem = LocalFileSystem()
  ) throws(ObservationFileError) {
    let lock: any FileLocking
    do { lock = try files.lock(for: path) } catch { throw .fileSystem(error) }
    defer { lock.unlock() }
    files.removeStrayTemporaries(for: path)
    let bytes: [UInt8]?
    do {
      bytes = try files.readBytes(path, limit: ObservationSchema.maxFileBytes, followingLinks: false)
    } catch {
      throw .fileSystem(error)
    }
    let text = try write(
      session: session, items: items, existing: bytes.map { ObservationFile(path: path, bytes: $0) })
    do { try files.writeAtomically(Array(text.utf8), to: path) } catch { throw .fileSystem(error) }
  }

  /// The entries of an existing sheet with their ids, or `.malformed`.
  private static func entries(of file: ObservationFile, session: SessionID) throws(ObservationFileError)
    -> [(String, Node)]
  {
    var reader = ObservationReader(path: file.path)
    var diagnostics: [Diagnostic] = []
    guard let document = reader.document(file.bytes, allowEmpty: true) else {
      throw .malformed(reader.diagnostics)
    }
    // Only problems that would make the merge lose or misplace data stop it.
    if let other = document.session, other != session.description {
      diagnostics.append(
        Diagnostic(
          .error, path: file.path, location: document.sessionNode?.start,
          message: Message.otherSession(other, session.description)))
    }
    var result: [(String, Node)] = []
    for entry in document.entries {
      guard entry.mapping != nil else {
        diagnostics.append(
          Diagnostic(
            .error, path: file.path, location: entry.start,
            message: NodeReader.Message.expected("a mapping for an observation", found: entry)))
        continue
      }
      guard let idNode = entry[ObservationSchema.EntryKey.id], let id = idNode.scalar?.text,
        !ObservationReader.isBlank(idNode)
      else {
        diagnostics.append(
          Diagnostic(
            .error, path: file.path, location: entry[ObservationSchema.EntryKey.id]?.start ?? entry.start,
            message: Message.noID))
        continue
      }
      result.append((id, entry))
    }
    if !diagnostics.isEmpty { throw .malformed(diagnostics) }
    return result
  }

  /// A fresh `untested` entry for `item`.
  static func fresh(_ item: ObservableItem) -> Node {
    let fingerprint = item.hapticFingerprint
    // One value per key of `freshKeys`, `nil` for a key the entry leaves out.
    let values: [Node?] = [
      Node(string: item.id.rawValue), untested, .blank, .blank, .blank, .blank, noEvidence,
      Node(string: item.device.rawValue), Node(string: item.os), item.keyboard.map(Node.init(string:)),
      Node(int: item.textVersion), fingerprint.map(Node.init(string:)),
      fingerprint == nil || item.hapticParameters.isEmpty ? nil : Node.parameters(item.hapticParameters),
    ]
    var pairs: [Node.Pair] = []
    pairs.reserveCapacity(values.count)
    for (key, value) in zip(freshKeys, values) {
      if let value { pairs.append(Node.Pair(key: key, value: value)) }
    }
    return Node(.mapping(pairs))
  }

  /// The keys of a fresh entry, in the order written, made into nodes once: a sheet and an HTML
  /// checklist each make a fresh entry for every one of thousands of items.
  private static let freshKeys: [Node] = {
    typealias K = ObservationSchema.EntryKey
    return [
      K.id, K.result, K.tester, K.time, K.build, K.note, K.evidence, K.device, K.os, K.keyboard,
      K.textVersion, K.hapticFingerprint, K.hapticParameters,
    ].map(Node.init(string:))
  }()
  private static let untested = Node(string: Outcome.untested.rawValue)
  private static let noEvidence = Node(sequence: [])

  /// Keys qapass fills in itself; anything else with a value means a person wrote in the entry.
  private static let prefilled: Set<String> = {
    typealias K = ObservationSchema.EntryKey
    return [
      K.id, K.result, K.device, K.os, K.keyboard, K.textVersion, K.hapticFingerprint, K.hapticParameters,
      K.retired,
    ]
  }()

  /// Whether nobody wrote in the entry: result `untested` (or empty) and nothing else filled in.
  static func isUntouched(_ entry: Node) -> Bool {
    for pair in entry.mapping ?? [] {
      let key = pair.key.scalar?.text ?? ""
      let value = pair.value
      if key == ObservationSchema.EntryKey.result {
        if !(ObservationReader.isBlank(value) || value.scalar?.text == Outcome.untested.rawValue) {
          return false
        }
      } else if !prefilled.contains(key) {
        if ObservationReader.isBlank(value) || value.sequence?.isEmpty == true
          || value.mapping?.isEmpty == true
        {
          continue
        }
        return false
      }
    }
    return true
  }

  /// Whether the entry is for the item's current text version, keyboard and haptic fingerprint.
  static func isCurrent(_ entry: Node, for item: ObservableItem) -> Bool {
    guard let version = entry[ObservationSchema.EntryKey.textVersion]?.integer,
      version == item.textVersion
    else { return false }
    if let keyboard = item.keyboard, let written = entry[ObservationSchema.EntryKey.keyboard]?.scalar?.text,
      !written.isEmpty, written != keyboard
    {
      return false
    }
    guard let fingerprint = item.hapticFingerprint else { return true }
    return entry[ObservationSchema.EntryKey.hapticFingerprint]?.scalar?.text == fingerprint
  }

  /// The entry with `retired: true` added (or set), or with any `retired` key removed.
  static func setting(_ entry: Node, retired: Bool) -> Node {
    guard var pairs = entry.mapping else { return entry }
    let key = ObservationSchema.EntryKey.retired
    let present = pairs.firstIndex { $0.key.scalar?.text == key }
    if retired {
      let value = Node(bool: true)
      if let present {
        pairs[present].value = value
      } else {
        pairs.append(Node.Pair(key: Node(string: key), value: value))
      }
    } else if let present {
      pairs.remove(at: present)
    } else {
      return entry
    }
    var node = entry
    node.content = .mapping(pairs)
    return node
  }

  /// Text for a one-line comment: line breaks and control characters become spaces.
  static func oneLine(_ text: String) -> String {
    // Controls, DEL, U+0080–U+009F (C2 80–C2 9F in UTF-8), U+2028 and U+2029 (E2 80 A8, E2 80 A9): most
    // titles hold none, and are kept as they are. The bytes are matched exactly, so a title with `—`
    // or `→` (lead byte E2 too) is not taken apart scalar by scalar for nothing.
    guard holdsLineBreakOrControl(text) else { return text }
    var out = ""
    for scalar in text.unicodeScalars {
      if scalar.value < 0x20 || scalar.value == 0x7F || (0x80..<0xA0).contains(scalar.value)
        || scalar == "\u{2028}" || scalar == "\u{2029}"
      {
        out += " "
      } else {
        out.unicodeScalars.append(scalar)
      }
    }
    return out
  }

  /// Whether `text` holds a character ``oneLine(_:)`` replaces, found in its UTF-8 bytes.
  private static func holdsLineBreakOrControl(_ text: String) -> Bool {
    var text = text
    return text.withUTF8 { bytes in
      for index in bytes.indices {
        let byte = bytes[index]
        if byte < 0x20 || byte == 0x7F { return true }
        guard byte == 0xC2 || byte == 0xE2, index + 1 < bytes.count else { continue }
        let next = bytes[index + 1]
        if byte == 0xC2, (0x80..<0xA0).contains(next) { return true }
        if byte == 0xE2, next == 0x80, index + 2 < bytes.count,
          bytes[index + 2] == 0xA8 || bytes[index + 2] == 0xA9
        {
          return true
        }
      }
      return false
    }
  }

  static func header(session: SessionID, items: [ObservableItem]) -> String {
    var where_ = ""
    if let first = items.first {
      where_ = " (device \(oneLine(first.device.rawValue)), OS \(oneLine(first.os)))"
    }
    return """
      # qapass observation sheet for session \(oneLine(session.description))\(where_)
      #
      # For each item you carry out, fill in its entry:
      #   result: pass, fail, blocked or skipped (leave 'untested' for items you did not do)
      #   tester: your name
      #   time:   when you observed it, in UTC, such as 2026-11-29T18:04:05Z
      #   build:  the app build you tested, such as "4.12.0 (812)"
      #   note:   what you saw (optional); for blocked, what stopped the test (required)
      #   evidence: links to screenshots or recordings (optional), such as [https://example.com/1.png]
      # Leave id, device, os, keyboard, text_version and haptic_* as written: they tie your result to
      # the plan.
      # To record an item again, copy its entry and fill in the copy; the latest time counts.
      # Regenerating the sheet keeps every entry you filled in; entries of items no longer in the
      # plan get 'retired: true', except failures, which stay until the matrix declares the rename
      # ('renamed_from:') or you retire them. Comments are rewritten, so put remarks in 'note'.
      version: \(ObservationSchema.version)

      """ + EntryText.pair(ObservationSchema.Key.session, Node(string: session.description))
  }

  enum Message {
    static let noID = "expected a string 'id' in every entry of an observation sheet"

    static func retired(_ id: String) -> String { "retired: '\(id)' is no longer in the plan" }

    static func failureNotPlanned(_ id: String) -> String {
      "'\(id)' is no longer in the plan, and this failure still counts against the release: declare the "
        + "rename in the matrix ('renamed_from:'), or set 'retired: true' to drop it"
    }

    static func otherSession(_ found: String, _ expected: String) -> String {
      "this sheet is for session '\(found)', not '\(expected)'; regenerate it under its own name"
    }
  }
}
