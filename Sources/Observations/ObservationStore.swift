import Diagnostics
import Digests
import Effects
import QAModel
import YAMLDecoding

/// Appends observations to a records file safely, for `qapass record`.
///
/// A records file holds `version: 1` and an `observations:` list (``ObservationSchema``). Each append
/// takes an exclusive `flock` on `FILE.lock` beside the file and adds the new entries as text after
/// the last one, so the file keeps its comments and layout, then releases the lock. Only when
/// ``append(_:to:)`` returns, the entries flushed to the disk, is the observation acknowledged.
///
/// Each writer leaves a note in the lock file of what it wrote: the file's size, its FNV-1a hash and
/// what the file system says of its version (modification time to the nanosecond, inode). While the
/// file is still exactly that, the next writer adds its entries at the end of the file in place
/// (``FileSystem/append(_:to:)``), reading none of it, so an append costs the same in a long pass as
/// in a new one. When anything but qapass changed the file, the writer reads and checks it in full
/// first, and a file that does not read as an observation file is never written to. Only a file
/// whose list cannot take entries as text (a flow `[...]` list, an odd indentation, text after the
/// list) is rewritten canonically, atomically (a temporary file, flushed, renamed over it).
///
/// Guarantees: concurrent writers are serialised, so none loses another's observation, and the
/// kernel releases a dead writer's lock. A writer killed in the middle of an append (even by
/// `SIGKILL`) may leave part of its entries at the end: it noted in the lock, before writing, the size
/// it was adding to and how many bytes, so the next writer finds the file one cut-short append longer
/// than the last complete one, cuts that part away (it was never acknowledged) and goes on; an
/// acknowledged observation is never lost or corrupted. Notes are user data and are only ever
/// written to the file.
///
/// ```swift
/// let item = ObservableItem(
///   id: "manual.ime.m2.iphone-16e.26.x.zh-pinyin", textVersion: 2, device: "iphone-16e", os: "26.x",
///   title: "No error while composing 张伟")
/// let observation = Observation(item: item, result: .pass, tester: "mei", time: .now())
/// try ObservationStore.append(observation, to: "observations/records.yaml")
/// print("recorded \(observation.itemID)")
/// ```
package enum ObservationStore {
  /// Appends one observation to the records file at `path`, creating the file if needed.
  ///
  /// - Parameters:
  ///   - observation: What to record; its result must not be `untested`, its id and tester not empty.
  ///   - path: The records file; its directory must exist.
  /// - Throws: ``ObservationFileError``: `.malformed` with path:line:col diagnostics when the existing
  ///   file is not a valid records file (it is left untouched), `.invalidObservation`, or
  ///   `.fileSystem` when the directory cannot be locked or written.
  /// - Complexity: O(*n*) in the file size (it is read, hashed and rewritten); the file is parsed and
  ///   checked only when something other than qapass changed it since the last append.
  package static func append(
    _ observation: Observation, to path: String, files: any FileSystem = LocalFileSystem()
  ) throws(ObservationFileError) {
    try append([observation], to: path, files: files)
  }

  /// Appends several observations at once, in order, under one lock.
  ///
  /// - Parameters:
  ///   - observations: What to record.
  ///   - path: The records file.
  ///   - files: The file system (the real one by default).
  /// - Throws: As ``append(_:to:files:)-(Observation,_,_)``.
  package static func append(
    _ observations: [Observation], to path: String, files: any FileSystem = LocalFileSystem()
  ) throws(ObservationFileError) {
    for observation in observations {
      if let problem = problem(with: observation) { throw .invalidObservation(problem) }
    }
    var added: [String] = []
    for observation in observations {
      do {
        added.append(try EntryText.render(observation.node))
      } catch {
        throw .invalidObservation(Message.unwritable(observation.itemID.rawValue, error))
      }
    }
    let addedBytes = Array(added.joined().utf8)
    let lock: any FileLocking
    do { lock = try files.lock(for: path) } catch { throw .fileSystem(error) }
    defer { lock.unlock() }
    files.removeStrayTemporaries(for: path)
    let note = WriterNote(lock.note())
    if let note, let attributes = files.attributes(of: path), note.isVersion(attributes) {
      // The file is exactly what the last qapass writer wrote and checked: add the entries in place.
      try appendInPlace(addedBytes, to: path, after: note, lock: lock, files: files)
      return
    }
    var existing = try read(path, files: files, kind: "an observation file")
    // A writer killed in the middle of its append left part of it: cut back to what it noted.
    var cutShort = false
    if let note, note.isCutShort(existing) {
      existing.removeLast(existing.count - note.size)
      cutShort = true
    }
    let bytes: [UInt8]
    // Whether the entries sit at two spaces (`  - id:`), as text appends write them.
    var twoSpaceList = true
    var inPlace = !cutShort && !existing.isEmpty
    if !existing.isEmpty, let note, note.describes(existing) {
      // The file is what the last qapass writer checked and wrote (touched or copied since): append.
      bytes = existing + addedBytes
    } else {
      let document = try checkedDocument(existing, path: path)
      if let text = appended(added, to: existing, document: document) {
        bytes = text
        twoSpaceList = document.trailingList?.start.column == 3
      } else {
        bytes = Array(try render(entries: document.entries, path: path, then: added).utf8)
        inPlace = false
      }
    }
    // In place only where the lock keeps its note after (readers go by it, see ``settled(_:note:)``).
    if inPlace && twoSpaceList {
      let hash = Digest.fnv1a64(existing)
      let base = WriterNote(size: existing.count, hash: hash, version: nil)
      try appendInPlace(Array(bytes[existing.count...]), to: path, after: base, lock: lock, files: files)
      return
    }
    do { try files.writeAtomically(bytes, to: path) } catch { throw .fileSystem(error) }
    lock.setNote(
      twoSpaceList
        ? WriterNote(size: bytes.count, hash: Digest.fnv1a64(bytes), version: files.attributes(of: path))
          .text
        : "")
  }

  /// Adds `bytes` at the end of the file at `path`, whose content `note` describes, in place: the
  /// lock notes what is being added first, then what the file is once it was.
  private static func appendInPlace(
    _ bytes: [UInt8], to path: String, after note: WriterNote, lock: any FileLocking, files: any FileSystem
  ) throws(ObservationFileError) {
    guard note.size + bytes.count <= ObservationSchema.maxFileBytes else { throw overLimit(path) }
    var adding = note
    adding.adding = bytes.count
    lock.setNote(adding.text)
    do { try files.append(bytes, to: path) } catch {
      lock.setNote(note.text)
      throw .fileSystem(error)
    }
    let written = WriterNote(
      size: note.size + bytes.count, hash: Digest.fnv1a64(bytes, from: note.hash),
      version: files.attributes(of: path))
    lock.setNote(written.text)
  }

  /// The bytes of a store qapass appends to in place (a records file, the audit log), as one complete
  /// version of it, read without its lock: `read` reads the file, `note` the note in its lock file
  /// (empty when there is none).
  ///
  /// A writer notes in the lock what it is adding before it writes, and what the file is once it
  /// wrote. When the note is the same before and after the read, no append began or ended in between:
  /// if one is under way and only part of it is there, the file as it was before it is returned. When
  /// the note changed, the file is read again (three times at most).
  package static func settled<Failure: Error>(
    _ read: () throws(Failure) -> [UInt8], note: () -> String
  ) throws(Failure) -> [UInt8] {
    var bytes: [UInt8] = []
    for _ in 0..<3 {
      let before = note()
      bytes = try read()
      guard note() == before else { continue }
      if let kept = WriterNote(before), kept.isCutShort(bytes) { return Array(bytes[..<kept.size]) }
      return bytes
    }
    return bytes
  }

  /// Takes the exclusive lock every writer of `path` takes, removes what a killed writer left, and
  /// reads the file (empty when there is none); the caller unlocks.
  ///
  /// - Parameter kind: What the file is, for the refusal of one over the size limit (`a decisions file`).
  /// - Throws: `.fileSystem` when it cannot be locked or read, or is over ``ObservationSchema/maxFileBytes``.
  static func locked(_ path: String, files: any FileSystem, kind: String) throws(ObservationFileError) -> (
    lock: any FileLocking, bytes: [UInt8]
  ) {
    let lock: any FileLocking
    do { lock = try files.lock(for: path) } catch { throw .fileSystem(error) }
    files.removeStrayTemporaries(for: path)
    do {
      return (lock, try read(path, files: files, kind: kind))
    } catch {
      lock.unlock()
      throw error
    }
  }

  /// The file at `path` (empty when there is none), read by a writer holding its lock.
  ///
  /// - Throws: `.fileSystem` when it cannot be read, or is over ``ObservationSchema/maxFileBytes``.
  static func read(_ path: String, files: any FileSystem, kind: String) throws(ObservationFileError)
    -> [UInt8]
  {
    let existing: [UInt8]
    do {
      existing = try files.readBytes(path, limit: ObservationSchema.maxFileBytes, followingLinks: false) ?? []
    } catch {
      throw .fileSystem(error)
    }
    if existing.count > ObservationSchema.maxFileBytes { throw overLimit(path, kind: kind) }
    return existing
  }

  /// The refusal of a file over ``ObservationSchema/maxFileBytes``.
  static func overLimit(_ path: String, kind: String = "an observation file") -> ObservationFileError {
    .fileSystem(
      FileSystemError(
        operation: .read, path: path,
        refusal: "is over the limit of \(ObservationSchema.maxFileBytes >> 20) MiB for \(kind)"))
  }

  /// Why the records file `bytes` cannot be appended to: the problems of a file that does not read as
  /// observations (checked against the schema alone, as ``append(_:to:files:)-(Observation,_,_)``
  /// checks it); empty when it can. Entries that name items the plan does not have, or do not match
  /// them, do not keep a file from taking more: ingest reports them.
  ///
  /// ```swift
  /// import Foundation
  ///
  /// let path = "observations/records.yaml"
  /// let bytes = Array(try Data(contentsOf: URL(fileURLWithPath: path)))
  /// let problems = ObservationStore.problems(bytes, path: path)
  /// if !problems.isEmpty { throw ObservationFileError.malformed(problems) }
  /// ```
  package static func problems(_ bytes: [UInt8], path: String) -> [Diagnostic] {
    do {
      _ = try checkedDocument(bytes, path: path)
      return []
    } catch {
      guard case .malformed(let diagnostics) = error else { return [] }
      return diagnostics
    }
  }

  /// An existing records file, or `.malformed` when it does not pass the schema.
  private static func checkedDocument(_ bytes: [UInt8], path: String) throws(ObservationFileError)
    -> ObservationReader.Document
  {
    var reader = ObservationReader(path: path)
    // An entry with a lone surrogate escape refuses the append at that entry (nothing is written).
    guard let document = reader.document(bytes, allowEmpty: true, readingSurrogateEscapes: true) else {
      throw .malformed(reader.diagnostics)
    }
    for entry in document.entries { _ = reader.entry(entry, catalog: nil) }
    if reader.hasErrors { throw .malformed(reader.diagnostics) }
    return document
  }

  /// The existing bytes with `entries` added as text after the last entry, keeping the file as it
  /// was written (comments included); `nil` when the file's shape does not allow a plain append (the
  /// list is not last, is empty or in flow style, is indented other than by 0 or 2 spaces, or is
  /// followed by more than comments), and the caller rewrites the whole file.
  static func appended(_ entries: [String], to bytes: [UInt8], document: ObservationReader.Document)
    -> [UInt8]?
  {
    guard let list = document.trailingList, let last = document.entries.last, bytes.last == UInt8(ascii: "\n")
    else { return nil }
    let lines = bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
    // The list starts at its first dash; 1-based column 1 is an indentless list, 3 the usual two spaces.
    let listLine = list.start.line - 1
    guard listLine < lines.count, list.start.column == 1 || list.start.column == 3 else { return nil }
    let dashLine = lines[listLine]
    let dashOffset = list.start.column - 1
    guard dashOffset < dashLine.count,
      dashLine[dashLine.startIndex + dashOffset] == UInt8(ascii: "-"),
      dashLine.prefix(dashOffset).allSatisfy({ $0 == UInt8(ascii: " ") })
    else { return nil }
    // After the last entry: only blank lines and comments, so nothing (like `...`) ends the document.
    let endLine = last.end.line - 1
    guard endLine < lines.count else { return nil }
    let endText = String(decoding: lines[endLine], as: UTF8.self).unicodeScalars
    let afterEnd = ArraySlice(String(endText.dropFirst(max(0, last.end.column - 1))).utf8)
    guard isBlankOrComment(afterEnd), lines[(endLine + 1)...].allSatisfy(isBlankOrComment) else { return nil }
    var out = bytes
    for text in entries {
      if list.start.column == 3 {
        out += Array(text.utf8)
      } else {
        out += Array(EntryText.dedented(text).utf8)
      }
    }
    return out
  }

  private static func isBlankOrComment(_ line: ArraySlice<UInt8>) -> Bool {
    guard
      let first = line.firstIndex(where: {
        $0 != UInt8(ascii: " ") && $0 != UInt8(ascii: "\t") && $0 != UInt8(ascii: "\r")
      })
    else { return true }
    return line[first] == UInt8(ascii: "#")
  }

  private static func problem(with observation: Observation) -> String? {
    if observation.itemID.rawValue.isEmpty { return Message.emptyID }
    if observation.result == .untested { return Message.untested(observation.itemID.rawValue) }
    if observation.tester.isEmpty { return Message.emptyTester(observation.itemID.rawValue) }
    if observation.time == nil { return Message.noTime(observation.itemID.rawValue) }
    if observation.device.rawValue.isEmpty || observation.os.isEmpty {
      return Message.noSession(observation.itemID.rawValue)
    }
    return nil
  }

  /// The text of a records file with `entries` followed by the already rendered `added` ones,
  /// deterministic for the same input.
  static func render(entries: [Node], path: String, then added: [String]) throws(ObservationFileError)
    -> String
  {
    var out = Message.header
    out += "version: \(ObservationSchema.version)\n"
    if entries.isEmpty && added.isEmpty { return out + "observations: []\n" }
    out += "observations:\n"
    for entry in entries {
      do {
        out += try EntryText.render(entry)
      } catch {
        throw .malformed([
          Diagnostic(.error, path: path, location: entry.start, message: Message.unrewritable(error))
        ])
      }
    }
    return out + added.joined()
  }

  enum Message {
    static let header = """
      # qapass observation records (format version 1), appended by 'qapass record'.
      # Each entry is one observation; the latest one per item counts. Edit with care: a file that
      # does not read as observations is never overwritten, and comments here are not kept.

      """
    static let emptyID = "cannot record an observation without an item id"

    static func untested(_ id: String) -> String {
      "cannot record 'untested' for '\(id)'; record \(Outcome.listed(Outcome.results))"
    }

    static func emptyTester(_ id: String) -> String { "cannot record '\(id)' without a tester" }

    static func noTime(_ id: String) -> String { "cannot record '\(id)' without a time" }

    static func noSession(_ id: String) -> String { "cannot record '\(id)' without a device and OS" }

    static func unwritable(_ id: String, _ error: YAMLEmitterError) -> String {
      "cannot write the observation of '\(id)' as YAML: \(error)"
    }

    static func unrewritable(_ error: YAMLEmitterError) -> String {
      "cannot write this entry back as YAML: \(error)"
    }
  }
}

/// Writes one list entry as block YAML indented under `observations:`, through libyaml's emitter.
enum EntryText {
  /// `  - id: …` and its fields, each line indented by two spaces, ending with a line break.
  ///
  /// - Throws: `YAMLEmitterError` when libyaml refuses the entry (an anchor or tag it cannot write).
  static func render(_ entry: Node) throws(YAMLEmitterError) -> String {
    let text = try YAMLEmitter().emit(Node(sequence: [entry]))
    // Lines are split at `\n` characters, and `\r\n` is one character: text with a carriage return
    // takes the character-wise path.
    if text.utf8.contains(UInt8(ascii: "\r")) {
      var out = ""
      for line in text.split(separator: "\n", omittingEmptySubsequences: false).dropLast() {
        out += line.isEmpty ? "\n" : "  \(line)\n"
      }
      return out
    }
    // Line by line over the UTF-8 bytes: each line but the empty last one, indented unless empty.
    var out: [UInt8] = []
    out.reserveCapacity(text.utf8.count + 2 * text.utf8.count / 16)
    let bytes = Array(text.utf8)
    var start = 0
    for index in bytes.indices where bytes[index] == UInt8(ascii: "\n") {
      if index > start { out += "  ".utf8 }
      out += bytes[start...index]
      start = index + 1
    }
    return String(decoding: out, as: UTF8.self)
  }

  /// `text` from ``render(_:)`` without its two-space indentation.
  static func dedented(_ text: String) -> String {
    var out = ""
    for line in text.split(separator: "\n", omittingEmptySubsequences: false).dropLast() {
      out += line.hasPrefix("  ") ? "\(line.dropFirst(2))\n" : "\(line)\n"
    }
    return out
  }

  /// `key: value` as one top-level line (or block), through libyaml's emitter.
  static func pair(_ key: String, _ value: Node) -> String {
    (try? YAMLEmitter().emit(Node(mapping: [(key: key, value: value)]))) ?? ""
  }
}
