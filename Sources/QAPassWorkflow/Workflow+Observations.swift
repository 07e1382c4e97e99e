import Diagnostics
import MatrixFormat
import Observations
import QAModel
import Reporting
import ScenarioEngine

/// What the use cases read of the observations: the plan's observable items, the observation files
/// (sheets and records) and their ingest.
extension Workflow {
  /// The manual items of the plan observations are checked against, with the items its checklists
  /// numbered that a re-plan dropped since (``ObservableCatalog/dropped``, from the ledger), under their
  /// ids and the ids they had before a rename: what was recorded for those is not counted, and is no
  /// error.
  ///
  /// The one place a use case gets the catalog from, once: checklists and sheets, `record` and its
  /// walk, the ingests, `destinations --record-missing`, `report` and `pass` all use it.
  ///
  /// - Throws: `DiagnosticList` for a malformed ledger.
  func observableCatalog(_ loaded: LoadedPlan) throws -> ObservableCatalog {
    let key = "\(loaded.source)"
    guard let memo, let entry = memo.plans[key], entry.loaded.plan.fingerprint == loaded.plan.fingerprint
    else { return try makeCatalog(loaded) }
    if let catalog = entry.catalog { return catalog }
    let catalog = try makeCatalog(loaded)
    memo.plans[key]?.catalog = catalog
    return catalog
  }

  /// The catalog of `loaded` kept in the ``memo`` with the hints for ids it does not have and a
  /// number that is another for every catalog made; `nil` without a memo or before
  /// ``observableCatalog(_:)`` made it.
  func keptCatalog(_ loaded: LoadedPlan) -> (suggester: ItemIDSuggester, number: Int)? {
    let key = "\(loaded.source)"
    guard let memo, let entry = memo.plans[key], entry.loaded.plan.fingerprint == loaded.plan.fingerprint,
      let catalog = entry.catalog
    else { return nil }
    if let suggester = entry.suggester, let number = entry.catalogNumber { return (suggester, number) }
    let suggester = Ingest.suggester(for: catalog)
    memo.catalogsMade += 1
    memo.plans[key]?.suggester = suggester
    memo.plans[key]?.catalogNumber = memo.catalogsMade
    return (suggester, memo.catalogsMade)
  }

  private func makeCatalog(_ loaded: LoadedPlan) throws -> ObservableCatalog {
    let plan = loaded.plan
    var catalog = ObservableCatalog(plan: plan)
    guard let ledger = try ledger(loaded.source.ledgerPath)?.updated(for: plan) else { return catalog }
    for session in ledger.sessions {
      for number in session.numbers
      where number.isRetired && catalog.item(following: number.item) == nil
        && catalog.dropped[number.item] == nil
      {
        let place = "item \(number.number) of the checklist of session '\(session.id)'"
        let beside = ledger.plannedBeside(number.item, in: session.id)
        catalog.dropped[number.item] = place
        catalog.plannedBeside[number.item] = beside
        // Observations written under an id from before a rename name it too, by the id it had since:
        // a rename the matrix declares, or one the ledger kept (the matrix may have dropped it with it).
        let former = Self.formerIDs(of: number.item, in: session.id, renames: plan.renames) + number.formerIDs
        for former in former where catalog.item(following: former) == nil && catalog.dropped[former] == nil {
          catalog.dropped[former] = "\(place) under its new id '\(number.item)'"
          catalog.droppedRenamed[former] = number.item
          catalog.plannedBeside[former] = beside
        }
      }
    }
    return catalog
  }

  /// The ids `id` (a manual item of `session`) had before the renames the matrix declares: its device,
  /// input method and field segments replaced by their former ids (`renamed_from:`), as
  /// ``ScenarioEngine/PlanItem/formerIDs(_:)`` makes them for an item still planned.
  ///
  /// - Complexity: O(*d* · *m* · *f*) for the former ids of its device, input method and field.
  static func formerIDs(of id: ItemID, in session: SessionID, renames: MatrixFile.Renames) -> [ItemID] {
    guard !renames.isEmpty else { return [] }
    let parts = id.rawValue.split(separator: ".", maxSplits: 3, omittingEmptySubsequences: false)
    guard parts.count == 4, parts[0] == "manual" else { return [] }
    let head = parts[0...2].joined(separator: ".") + "."
    let device = session.device.rawValue
    let place = Plan.sanitized(device) + "." + Plan.sanitized(session.os)
    guard parts[3] == place || parts[3].hasPrefix(place + ".") else { return [] }
    var tail = parts[3].dropFirst(place.count).split(separator: ".", omittingEmptySubsequences: false)
      .map(String.init)
    if tail.first == "" { tail.removeFirst() }
    let devices = [device] + (renames.devices[device] ?? [])
    var methods: [String?] = [nil]
    var fields: [String?] = [nil]
    if parts[1] == "ime", tail.count >= 2 {
      methods = [tail[0]] + (renames.inputMethods[tail[0]] ?? [])
      fields = [tail[1]] + (renames.fields[tail[1]] ?? [])
      tail.removeFirst(2)
    }
    var result: [ItemID] = []
    for device in devices {
      for method in methods {
        for field in fields {
          let segments =
            [Plan.sanitized(device), Plan.sanitized(session.os)] + [method, field].compactMap { $0 } + tail
          let former = ItemID(rawValue: head + segments.joined(separator: "."))
          if former != id && !result.contains(former) { result.append(former) }
        }
      }
    }
    return result
  }

  /// Every observation file: the sheets in `checklists` and the YAML files in `observations`, sorted.
  /// A file that cannot be read (a FIFO, over the size limit, unreadable) is left out, with a problem.
  func observationFiles(
    checklists: String, observations: String
  ) -> (files: [ObservationFile], problems: [Diagnostic]) {
    var files: [ObservationFile] = []
    var problems: [Diagnostic] = []
    for path in observationPaths(checklists: checklists, observations: observations) {
      do {
        let file = ObservationFile(path: path, bytes: try readStore(path))
        // Diagnostics quote the offending line; never a tester's note on stderr.
        context.texts.remember(for: path) { file.textForExcerpts }
        files.append(file)
      } catch {
        problems.append(Diagnostic(.error, path: path, location: nil, message: error.message))
      }
    }
    return (files, problems)
  }

  /// The paths of the observation files: the sheets in `checklists` and the YAML files in
  /// `observations` but the decisions file, sorted in each folder.
  func observationPaths(checklists: String, observations: String) -> [String] {
    var paths: [String] = []
    for (directory, suffix) in [(checklists, Checklist.sheetSuffix), (observations, ".yaml")] {
      guard let names = files.names(in: absolute(directory)) else { continue }
      // The decisions file beside the records holds decisions, not observations.
      let skipped = directory == observations ? Defaults.decisionsFileName : nil
      paths += names.filter { $0.hasSuffix(suffix) && !$0.hasPrefix(".") && $0 != skipped }.sorted().map {
        "\(directory)/\($0)"
      }
    }
    return paths
  }

  /// The ingest of every observation file against the plan (``observationFiles(checklists:observations:)``
  /// then ``ingest(_:files:earlier:decisions:)``), with `earlier` problems before those of files that
  /// cannot be read and `later` ones after.
  ///
  /// With a ``memo``, what each file gave is kept and used again while the file, the catalog and
  /// the decisions are unchanged; a file that grew by entries appended as text (as `record` appends)
  /// is read only for them (``Ingest/read(appended:to:catalog:suggester:now:decisions:)``); any other
  /// change reads the whole file. The result is the same either way.
  ///
  /// - Returns: How many files were read and their ingest.
  func ingestObservations(
    _ loaded: LoadedPlan, catalog: ObservableCatalog, checklists: String, observations: String,
    earlier: [Diagnostic], later: [Diagnostic], decisions: DecisionFile
  ) -> (fileCount: Int, ingest: IngestResult) {
    guard let memo, let kept = keptCatalog(loaded) else {
      let (files, unreadable) = observationFiles(checklists: checklists, observations: observations)
      return (
        files.count,
        ingest(catalog, files: files, earlier: earlier + unreadable + later, decisions: decisions)
      )
    }
    let now = Timestamp.now(clock)
    var read: [FileIngest] = []
    var unreadable: [Diagnostic] = []
    var entries: [String: PassMemo.ObservationFileEntry] = [:]
    for path in observationPaths(checklists: checklists, observations: observations) {
      let attributes = files.attributes(of: absolute(path))
      var previous = memo.observationFiles[path]
      if let entry = previous,
        entry.catalog != kept.number || entry.decisions != decisions || entry.ingest.judgedTheClock
      {
        previous = nil
      }
      var ingest: FileIngest
      if let entry = previous, attributes == entry.attributes, attributes?.revision.isEmpty == false {
        ingest = entry.ingest
        memo.count(\.kept)
      } else {
        let bytes: [UInt8]
        do { bytes = try self.readStore(path) } catch {
          unreadable.append(Diagnostic(.error, path: path, location: nil, message: error.message))
          continue
        }
        if let entry = previous, entry.ingest.bytes == bytes {
          ingest = entry.ingest
          memo.count(\.kept)
        } else if let entry = previous,
          let grown = Ingest.read(
            appended: bytes, to: entry.ingest, catalog: catalog, suggester: kept.suggester, now: now,
            decisions: decisions)
        {
          ingest = grown
          memo.count(\.appended)
        } else {
          memo.count(\.whole)
          ingest = Ingest.read(
            ObservationFile(path: path, bytes: bytes), catalog: catalog, suggester: kept.suggester, now: now,
            decisions: decisions)
        }
      }
      let bytes = ingest.bytes
      context.texts.remember(for: path) { ObservationFile(path: path, bytes: bytes).textForExcerpts }
      read.append(ingest)
      entries[path] = PassMemo.ObservationFileEntry(
        attributes: attributes, catalog: kept.number, decisions: decisions, ingest: ingest)
    }
    memo.observationFiles = entries
    memo.judgedTheClock = read.contains(where: \.judgedTheClock)
    return (
      read.count, reported(Ingest.combine(read, catalog: catalog), earlier: earlier + unreadable + later)
    )
  }

  /// Ingests the observations against the plan; data errors are reported (and make the command fail
  /// after the report is written), never silently dropped.
  ///
  /// `earlier` are the problems found before (sheets that could not be merged, files that could not be
  /// read); each is reported once, with ingest's.
  func ingest(
    _ catalog: ObservableCatalog, files: [ObservationFile], earlier: [Diagnostic],
    decisions: DecisionFile = DecisionFile()
  ) -> IngestResult {
    reported(
      Ingest.run(files: files, catalog: catalog, now: .now(clock), decisions: decisions), earlier: earlier)
  }

  /// `result` with the `earlier` problems it does not have already, its diagnostics shown.
  private func reported(_ result: IngestResult, earlier: [Diagnostic]) -> IngestResult {
    var result = result
    var seen = Set(result.diagnostics.map(\.description))
    result.diagnostics = Ingest.sorted(
      result.diagnostics + earlier.filter { seen.insert($0.description).inserted })
    show(result.diagnostics)
    return result
  }
  func observationError(_ error: ObservationFileError) -> Error {
    switch error {
    case .malformed(let diagnostics): return DiagnosticList(diagnostics)
    case .invalidObservation(let message): return UsageError(message)
    case .fileSystem(let error):
      return FileError(path: shown(error.path), message: message(error), exitCode: .cannotCreate)
    }
  }
}

extension Workflow {
  /// Every runs file of the observations folder (``RunLog``, `*.runs.json`, sorted) as one log; a file
  /// that cannot be read or is not a runs file is left out, with a problem (the report names it).
  func runLog(in observations: String) -> (log: RunLog, problems: [Diagnostic]) {
    var log = RunLog()
    var problems: [Diagnostic] = []
    let names = files.names(in: absolute(observations)) ?? []
    for name in names.filter({ $0.hasSuffix(RunLog.suffix) && !$0.hasPrefix(".") }).sorted() {
      let path = "\(observations)/\(name)"
      let bytes: [UInt8]
      do { bytes = try read(path) } catch {
        problems.append(Diagnostic(.error, path: path, location: nil, message: error.message))
        continue
      }
      context.texts.remember(for: path) { String(decoding: bytes, as: UTF8.self) }
      do {
        let read = try RunLog.read(path: path, bytes: bytes)
        log.testRuns += read.testRuns
        log.jobs += read.jobs
      } catch {
        problems.append(error)
      }
    }
    return (log, problems)
  }
}
