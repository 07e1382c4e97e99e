import Diagnostics
import QAModel

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Reads observation sheets and records files and decides, for each plan item, where it stands.
///
/// Rules:
/// - Every file is checked in full; each problem is an error ``Diagnostic`` with path:line:col (YAML
///   syntax and duplicate keys, missing keys, wrong types, unknown item ids and results with a
///   suggestion, a device or OS that does not match the item, malformed times). An invalid entry is
///   excluded and the other entries still count; a file that is not YAML or lacks the top-level shape
///   contributes nothing. The CLI exits 65 when ``IngestResult/hasErrors``.
/// - `untested` entries count as no observation; `retired: true` entries of items no longer in the
///   plan are skipped without a diagnostic, and `untested` ones get one warning per file.
/// - An id that is a former id of an item (``ObservableItem/formerIDs``, a rename the matrix declares)
///   counts for that item, and a former device id matches its device. An id a re-plan dropped
///   (``ObservableCatalog/dropped``) is no error: its results are not counted (one warning per file),
///   and a failure among them is a warning and an ``UnplannedObservation``. Any other unknown id with a
///   result is an error and an ``UnplannedObservation`` of ``IngestResult/unplanned``, with a
///   did-you-mean that names the rename to declare when one segment of the id differs.
/// - An observation is stale when its `text_version` differs from the item's, when a haptic item's
///   fingerprint differs (or is missing), when both it and the catalog name a build and they differ, or
///   when it names a keyboard identifier other than the item's. Stale observations never count as
///   passes.
/// - The deciding observation is the latest current one (by time, ties broken by file path, then
///   position in the file), so of two records a person made in the same second the later written
///   decides; of several current results one test run gave at that same moment
///   (``Observation/testRun``: two tests of the item in one suite), the worst result decides (fail,
///   blocked, skipped, pass), so a failure is never hidden behind a pass of the same run. Its result is
///   the status. With no current
///   observation the status is `stale` (deciding: the latest stale one) or `untested`.
/// - A current observation whose result differs from the deciding one's is either superseded or a
///   conflict. It is **superseded** when the deciding one is a retest of it: both are timed, it is
///   older, and either the same tester recorded both or the deciding one came more than
///   ``Timestamp/allowedClockSkew`` (5 minutes) after it, so that two clocks cannot have put them in
///   the wrong order. A pass that supersedes a fail is the item **fixed on retest**
///   (``ItemOutcome/isFixedOnRetest``). Any other disagreement is a **conflict**: two results at the
///   same time (as one run of a test suite gives), an untimed one, or different testers within those
///   5 minutes saying different things. Conflicts are listed in the report; the deciding observation
///   still decides.
///
/// Render the diagnostics with ``ObservationFile/textForExcerpts`` as the source, so no note (user
/// data) is ever shown on stderr.
///
/// ```swift
/// let item = ObservableItem(
///   id: "manual.haptic.h1.iphone-16e.26.x", textVersion: 1, device: "iphone-16e", os: "26.x",
///   title: "Saving plays the confirmation haptic")
/// let catalog = ObservableCatalog(items: [item], build: "4.12.0 (812)", planFingerprint: "sha256:0f1e2d3c")
/// let sheet = """
///   version: 1
///   session: iphone-16e.26.x
///   observations:
///     - {id: manual.haptic.h1.iphone-16e.26.x, result: pass, tester: mei, time: 2026-11-29T18:04:05Z,
///        device: iphone-16e, os: "26.x", text_version: 1}
///     - {id: manual.haptic.h2.iphone-16e.26.x, result: fail, tester: mei, time: 2026-11-29T18:06:00Z,
///        device: iphone-16e, os: "26.x", text_version: 1}
///   """
/// let file = ObservationFile(path: "checklists/iphone-16e.26.x.observations.yaml", bytes: Array(sheet.utf8))
/// let result = Ingest.run(files: [file], catalog: catalog)
/// for outcome in result.items { print(outcome.item.id, outcome.status) }  // …h1.iphone-16e.26.x pass
/// for unplanned in result.unplanned where unplanned.result == .fail {
///   print(unplanned.id, unplanned.location.line)  // manual.haptic.h2.iphone-16e.26.x 6
/// }
/// ```
package enum Ingest {
  /// Ingests `files` against `catalog`.
  ///
  /// - Parameters:
  ///   - files: Sheets and records files, in any order (the result does not depend on it).
  ///   - catalog: The plan's manual items and build under test.
  ///   - now: The clock's time; an observation timed more than ``Timestamp/allowedClockSkew`` seconds
  ///     after it is an error (it could never be superseded). `nil` checks no time against a clock.
  ///   - decisions: The decisions file: an observation made up to a retirement of its item (or of the
  ///     id it is written under) is not counted, and is listed in ``IngestResult/retired``.
  /// - Returns: An outcome per item, in catalog order, and the diagnostics, sorted.
  /// - Complexity: O(*n* log *n*) for *n* observations, plus the file sizes.
  package static func run(
    files: [ObservationFile], catalog: ObservableCatalog, now: Timestamp? = nil,
    decisions: DecisionFile = DecisionFile()
  )
    -> IngestResult
  {
    let suggester = suggester(for: catalog)
    let read = files.map { file in
      Ingest.read(file, catalog: catalog, suggester: suggester, now: now, decisions: decisions)
    }
    return combine(read, catalog: catalog)
  }

  /// The hints for ids `catalog` does not have, as ingest gives them: make it once per catalog.
  package static func suggester(for catalog: ObservableCatalog) -> ItemIDSuggester {
    catalog.suggester
  }

  /// What one file gives ``run(files:catalog:now:decisions:)``: the same for the same bytes, catalog,
  /// decisions and clock, so a caller that keeps it may combine it again without reading the file.
  ///
  /// - Parameters:
  ///   - suggester: The hints for unknown ids, made once per catalog.
  /// - Returns: The file's observations, problems, unplanned and retired entries.
  package static func read(
    _ file: ObservationFile, catalog: ObservableCatalog, suggester: ItemIDSuggester, now: Timestamp?,
    decisions: DecisionFile
  ) -> FileIngest {
    read(
      file.bytes, path: file.path, firstPosition: 0, catalog: catalog, suggester: suggester, now: now,
      decisions: decisions)
  }

  /// What `bytes`, the file at `previous`'s path with entries appended as text after those
  /// `previous` read, gives: `previous` with the new entries added, read alone; `nil` when the
  /// appended text cannot be read apart from the rest (the file's list does not end it, the text
  /// is not whole entries at the list's indentation, or reading it alone finds any problem), and the
  /// caller reads the whole file.
  ///
  /// The text after the old bytes is read behind a stand-in top level of as many lines as the old
  /// bytes have (`version: 1`, blank lines, `observations:`), so every line and column is the
  /// file's, and each entry's position follows the old ones'.
  ///
  /// - Complexity: O(*m*) in the appended bytes, plus O(*n*) to compare the old ones.
  package static func read(
    appended bytes: [UInt8], to previous: FileIngest, catalog: ObservableCatalog, suggester: ItemIDSuggester,
    now: Timestamp?, decisions: DecisionFile
  ) -> FileIngest? {
    let old = previous.bytes
    guard let indent = previous.appendIndent, bytes.count > old.count, old.count >= 2,
      old.last == UInt8(ascii: "\n"), previous.diagnostics.isEmpty,
      startsWith(bytes, old)
    else { return nil }
    let tail = bytes[old.count...]
    let dash = Array(repeating: UInt8(ascii: " "), count: indent) + Array("- ".utf8)
    guard tail.starts(with: dash) else { return nil }
    let lines = old.reduce(0) { $0 + ($1 == UInt8(ascii: "\n") ? 1 : 0) }
    guard lines >= 2 else { return nil }
    var standIn = Array("version: \(ObservationSchema.version)\n".utf8)
    standIn += Array(repeating: UInt8(ascii: "\n"), count: lines - 2)
    standIn += Array("\(ObservationSchema.Key.observations):\n".utf8)
    standIn += tail
    let added = read(
      standIn, path: previous.path, firstPosition: previous.entryCount, catalog: catalog,
      suggester: suggester,
      now: now, decisions: decisions)
    guard added.diagnostics.isEmpty, added.appendIndent == indent else { return nil }
    var combined = previous
    combined.bytes = bytes
    combined.observations += added.observations
    combined.unplanned += added.unplanned
    combined.retired += added.retired
    combined.entryCount += added.entryCount
    combined.judgedTheClock = combined.judgedTheClock || added.judgedTheClock
    return combined
  }

  /// Whether `bytes` begins with `prefix`, compared a block at a time.
  static func startsWith(_ bytes: [UInt8], _ prefix: [UInt8]) -> Bool {
    guard bytes.count >= prefix.count else { return false }
    return bytes.withUnsafeBytes { whole in
      prefix.withUnsafeBytes { start in
        guard let a = whole.baseAddress, let b = start.baseAddress else { return start.isEmpty }
        return memcmp(a, b, start.count) == 0
      }
    }
  }

  static func read(
    _ bytes: [UInt8], path: String, firstPosition: Int, catalog: ObservableCatalog,
    suggester: ItemIDSuggester,
    now: Timestamp?, decisions: DecisionFile
  ) -> FileIngest {
    var result = FileIngest(path: path, bytes: bytes)
    var reader = ObservationReader(
      path: path, suggester: suggester, now: now, decisions: decisions.entries.isEmpty ? nil : decisions)
    var untestedElsewhere: (count: Int, first: TextPosition, id: String, hint: String)?
    var dropped: (count: Int, first: TextPosition, id: String, hint: String)?
    if let document = reader.document(bytes, allowEmpty: false, readingSurrogateEscapes: true) {
      result.entryCount = document.entries.count
      if document.session == nil, let list = document.trailingList,
        list.start.column == 1 || list.start.column == 3,
        ObservationStore.appended([], to: bytes, document: document) != nil
      {
        result.appendIndent = list.start.column - 1
      }
      for (offset, node) in document.entries.enumerated() {
        let position = firstPosition + offset
        let entry = reader.entry(node, catalog: catalog)
        if let retirement = entry.retirement, let id = entry.id {
          result.retired.append(
            RetiredObservation(
              id: ItemID(rawValue: id), result: entry.result,
              tester: node[ObservationSchema.EntryKey.tester]?.scalar?.text, path: path,
              location: node.start, retirement: retirement.decision))
          continue
        }
        if let unknown = entry.unknownID, let id = entry.id {
          if let result = entry.result, result != .untested, result != .fail, entry.dropped != nil {
            let first = dropped ?? (0, unknown.location, id, unknown.hint)
            dropped = (first.count + 1, first.first, first.id, first.hint)
          } else if let recorded = entry.result, recorded != .untested {
            result.unplanned.append(
              UnplannedObservation(
                id: ItemID(rawValue: id), result: recorded,
                tester: node[ObservationSchema.EntryKey.tester]?.scalar?.text, path: path,
                location: unknown.location, hint: unknown.hint))
          } else if entry.result == .untested {
            untestedElsewhere =
              untestedElsewhere.map { ($0.count + 1, $0.first, $0.id, $0.hint) }
              ?? (1, unknown.location, id, unknown.hint)
          }
        }
        guard var observation = entry.observation, let item = catalog.item(following: observation.itemID),
          let index = catalog.position(of: item.id)
        else { continue }
        let written = observation.itemID
        if !decisions.entries.isEmpty,
          let retirement = decisions.retirement(of: item.id, observedAt: observation.time)
            ?? decisions.retirement(of: written, observedAt: observation.time)
        {
          result.retired.append(
            RetiredObservation(
              id: written, result: observation.result, tester: observation.tester, path: path,
              location: node.start, retirement: retirement.decision))
          continue
        }
        observation.itemID = item.id
        observation.device = item.device
        result.observations.append(
          (
            index,
            RecordedObservation(
              observation: observation, path: path, location: node.start, position: position,
              staleReasons: staleReasons(observation, item: item, build: catalog.build),
              writtenID: written == item.id ? nil : written)
          ))
      }
    }
    result.diagnostics = reader.diagnostics
    result.judgedTheClock = reader.judgedTheClock
    if let (count, first, id, hint) = untestedElsewhere {
      result.diagnostics.append(
        Diagnostic(
          .warning, path: path, location: first,
          message: Message.untestedNotPlanned(count, first: id, hint: hint)))
    }
    if let (count, first, id, hint) = dropped {
      result.diagnostics.append(
        Diagnostic(
          .warning, path: path, location: first, message: Message.dropped(count, first: id, hint)))
    }
    return result
  }

  /// The ingest of the files `read` gave, in the order given: each item's observations sorted
  /// (``RecordedObservation/isOlder(_:than:)``) and its outcome decided.
  ///
  /// - Complexity: O(*n* log *n*) for *n* observations, plus O(*i*) for *i* catalog items.
  package static func combine(_ read: [FileIngest], catalog: ObservableCatalog) -> IngestResult {
    var perItem = [[RecordedObservation]](repeating: [], count: catalog.items.count)
    var diagnostics: [Diagnostic] = []
    var unplanned: [UnplannedObservation] = []
    var retired: [RetiredObservation] = []
    for file in read {
      for (index, recorded) in file.observations { perItem[index].append(recorded) }
      diagnostics += file.diagnostics
      unplanned += file.unplanned
      retired += file.retired
    }
    diagnostics = sorted(diagnostics)
    let outcomes = catalog.items.enumerated().map { index, item in
      perItem[index].sort(by: RecordedObservation.isOlder)
      return outcome(item, perItem[index])
    }
    var result = IngestResult(items: outcomes, diagnostics: diagnostics, unplanned: unplanned)
    result.retired = retired
    return result
  }

  enum Message {
    /// One warning per file for the results (not failures) it holds of items a re-plan dropped.
    static func dropped(_ count: Int, first: String, _ hint: String) -> String {
      (count == 1
        ? "a result recorded for '\(first)' is not counted (it is no failure)"
        : "\(count) results recorded for items the plan no longer has are not counted (no failure among them); "
          + "the first is for '\(first)'") + hint
    }

    /// One warning per file for its `untested` entries of ids the plan does not have.
    static func untestedNotPlanned(_ count: Int, first: String, hint: String) -> String {
      let which =
        count == 1
        ? "an untested entry names '\(first)', an item the plan does not have"
        : "\(count) untested entries name items the plan does not have, the first '\(first)'"
      // A suggestion helps; the list of every id does not, for a sheet of a session no longer planned.
      let hint = hint.hasPrefix("; did you mean") ? hint : ""
      return "\(which)\(hint); nothing was recorded in \(count == 1 ? "it" : "them") (a sheet of a session "
        + "no longer planned can be deleted)"
    }
  }

  /// Diagnostics by path, then location (file-level ones first), keeping the reading order for ties.
  package static func sorted(_ diagnostics: [Diagnostic]) -> [Diagnostic] {
    diagnostics.enumerated().sorted { a, b in
      if a.element.path != b.element.path { return a.element.path < b.element.path }
      let la = a.element.location ?? TextPosition(line: 0, column: 0)
      let lb = b.element.location ?? TextPosition(line: 0, column: 0)
      if la != lb { return la < lb }
      return a.offset < b.offset
    }.map(\.element)
  }

  /// Why `observation` does not speak for `item` under `build`, if it does not.
  static func staleReasons(_ observation: Observation, item: ObservableItem, build: String?) -> [StaleReason]
  {
    var reasons: [StaleReason] = []
    if observation.textVersion != item.textVersion {
      reasons.append(.textVersion(recorded: observation.textVersion, current: item.textVersion))
    }
    if let current = item.hapticFingerprint, observation.hapticFingerprint != current {
      reasons.append(.hapticFingerprint(recorded: observation.hapticFingerprint, current: current))
    }
    if let build, let recorded = observation.build, recorded != build {
      reasons.append(.build(recorded: recorded, current: build))
    }
    // An observation written before qapass recorded the keyboard names none: it counts as before.
    if let current = item.keyboard, let recorded = observation.keyboard, recorded != current {
      reasons.append(.keyboard(recorded: recorded, current: current))
    }
    return reasons
  }

  /// The outcome for one item from its observations, oldest first.
  static func outcome(_ item: ObservableItem, _ observations: [RecordedObservation]) -> ItemOutcome {
    guard let latest = observations.last(where: { !$0.isStale }) else {
      let latestStale = observations.last
      return ItemOutcome(
        item: item, status: latestStale == nil ? .untested : .stale, deciding: latestStale, conflicts: [],
        observations: observations)
    }
    // Test cases of one run given at the same moment are in no order: the worst decides (the later of
    // equals). A person's records of one moment (a result corrected within the second) are in the order
    // written, so the later decides.
    var deciding = latest
    if let time = latest.observation.time, let run = latest.observation.testRun {
      let sameMoment = observations.filter {
        !$0.isStale && $0.observation.time == time && $0.observation.testRun == run
      }
      let worst = sameMoment.map { severity($0.observation.result) }.max() ?? 0
      deciding = sameMoment.last { severity($0.observation.result) == worst } ?? latest
    }
    var conflicts: [RecordedObservation] = []
    var superseded: [RecordedObservation] = []
    for recorded in observations
    where !recorded.isStale && recorded.observation.result != deciding.observation.result {
      if isRetest(deciding.observation, of: recorded.observation) {
        superseded.append(recorded)
      } else {
        conflicts.append(recorded)
      }
    }
    return ItemOutcome(
      item: item, status: deciding.observation.result, deciding: deciding, conflicts: conflicts,
      observations: observations, superseded: superseded)
  }

  /// How bad a result is, for results given at the same moment: a failure outweighs a blocked try,
  /// which outweighs a skip, which outweighs a pass.
  static func severity(_ result: Outcome) -> Int {
    switch result {
    case .fail, .error: 3
    case .blocked: 2
    case .skipped: 1
    case .pass, .untested, .stale: 0
    }
  }

  /// Whether `later` is a retest of `earlier`: both timed, `later` after `earlier`, by the same tester or
  /// more than ``Timestamp/allowedClockSkew`` seconds after it (times from two testers' clocks are
  /// trusted to that much, as ``Timestamp/aheadProblem(of:)`` trusts them).
  static func isRetest(_ later: Observation, of earlier: Observation) -> Bool {
    guard let after = later.time, let before = earlier.time, before < after else { return false }
    if later.tester == earlier.tester { return true }
    let seconds = after.secondsSince1970 - before.secondsSince1970
    return seconds > Timestamp.allowedClockSkew
  }
}
