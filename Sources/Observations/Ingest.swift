import Diagnostics

/// Reads observation sheets and records files and decides, for each plan item, where it stands.
///
/// Rules:
/// - Every file is checked in full; each problem is an error ``Diagnostic`` with path:line:col (YAML
///   syntax and duplicate keys, missing keys, wrong types, unknown item ids and results with a
///   suggestion, a device or OS that does not match the item, malformed times). An invalid entry is
///   excluded and the other entries still count; a file that is not YAML or lacks the top-level shape
///   contributes nothing. The CLI exits 65 when ``IngestResult/hasErrors``.
/// - `untested` entries count as no observation; `retired: true` entries of items no longer in the
///   plan are skipped without a diagnostic.
/// - An observation is stale when its `text_version` differs from the item's, when a haptic item's
///   fingerprint differs (or is missing), or when both it and the catalog name a build and they
///   differ. Stale observations never count as passes.
/// - The deciding observation is the latest current one (by time, ties broken by file path, then
///   position in the file); its result is the status. With no current observation the status is
///   `stale` (deciding: the latest stale one) or `untested`.
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
/// let result = Ingest.run(files: [ObservationFile(path: "sheets/a.yaml", bytes: bytes)], catalog: catalog)
/// for outcome in result.items { print(outcome.item.id, outcome.status) }
/// ```
public enum Ingest {
  /// Ingests `files` against `catalog`.
  ///
  /// - Parameters:
  ///   - files: Sheets and records files, in any order (the result does not depend on it).
  ///   - catalog: The plan's manual items and build under test.
  ///   - now: The clock's time; an observation timed more than ``Timestamp/allowedClockSkew`` seconds
  ///     after it is an error (it could never be superseded). `nil` checks no time against a clock.
  /// - Returns: An outcome per item, in catalog order, and the diagnostics, sorted.
  /// - Complexity: O(*n* log *n*) for *n* observations, plus the file sizes.
  public static func run(files: [ObservationFile], catalog: ObservableCatalog, now: Timestamp? = nil)
    -> IngestResult
  {
    var perItem = [[RecordedObservation]](repeating: [], count: catalog.items.count)
    var diagnostics: [Diagnostic] = []
    let suggester = ItemIDSuggester(ids: catalog.ids, listLimit: ObservationReader.Message.itemListLimit)
    for file in files {
      var reader = ObservationReader(path: file.path, suggester: suggester, now: now)
      if let document = reader.document(file.bytes, allowEmpty: false) {
        for (position, node) in document.entries.enumerated() {
          let entry = reader.entry(node, catalog: catalog)
          guard let observation = entry.observation, let index = catalog.position(of: observation.itemID)
          else { continue }
          let item = catalog.items[index]
          perItem[index].append(
            RecordedObservation(
              observation: observation, path: file.path, location: node.start, position: position,
              staleReasons: staleReasons(observation, item: item, build: catalog.build)))
        }
      }
      diagnostics += reader.diagnostics
    }
    diagnostics = sorted(diagnostics)
    let outcomes = catalog.items.enumerated().map { index, item in
      perItem[index].sort(by: RecordedObservation.isOlder)
      return outcome(item, perItem[index])
    }
    return IngestResult(items: outcomes, diagnostics: diagnostics)
  }

  /// Diagnostics by path, then location (file-level ones first), keeping the reading order for ties.
  public static func sorted(_ diagnostics: [Diagnostic]) -> [Diagnostic] {
    diagnostics.enumerated().sorted { a, b in
      if a.element.path != b.element.path { return a.element.path < b.element.path }
      let la = a.element.location ?? SourceLocation(line: 0, column: 0)
      let lb = b.element.location ?? SourceLocation(line: 0, column: 0)
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
    return reasons
  }

  /// The outcome for one item from its observations, oldest first.
  static func outcome(_ item: ObservableItem, _ observations: [RecordedObservation]) -> ItemOutcome {
    guard let deciding = observations.last(where: { !$0.isStale }) else {
      let latestStale = observations.last
      return ItemOutcome(
        item: item, status: latestStale == nil ? .untested : .stale, deciding: latestStale, conflicts: [],
        observations: observations)
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
