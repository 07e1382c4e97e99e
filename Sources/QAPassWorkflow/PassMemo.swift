import Effects
import Foundation
import Observations
import QAModel
import Reporting
import ScenarioEngine

/// What `serve` keeps between the use cases it runs, so a request pays only for what changed: the
/// automated run of each plan and pack, the plan of each source with the files it was made from, and
/// what each observation file gave ingest.
///
/// Everything kept is checked against the files before it is used (``FileSnapshot``): the same
/// files give the same values, so each use case still computes what it would from scratch. Not
/// thread-safe: one thread at a time runs the use cases of a workflow with a given memo (``Workflow``
/// is not `Sendable`). Workflows with memos that share one ``engineGate`` may run on different
/// threads at once: the input-method engines are used under that gate only, one use at a time.
package final class PassMemo {
  /// Held while the input-method engines are used (making a plan, the automated run): m17n-lib and
  /// Anthy are not thread-safe, so every memo of one process that may run at once shares one gate.
  let engineGate: NSLock
  /// The automated run of each plan and pack: it depends on nothing else.
  var runs: [String: RunReport] = [:]
  /// The plan of each source (``PlanSource``'s description), with what was derived from it.
  var plans: [String: PlanEntry] = [:]
  /// What each observation file gave ingest, by path as named.
  var observationFiles: [String: ObservationFileEntry] = [:]
  /// How many catalogs were kept: each is numbered, so what was read against one is not taken for
  /// another's.
  var catalogsMade = 0

  /// Whether the last ingest refused an observation for a time ahead of the clock: read again
  /// later, it may count, so nothing made from that ingest is to be kept.
  package internal(set) var judgedTheClock = false
  /// How observation files were read since the memo was made: whole, only the entries appended to
  /// what was kept, or not at all (kept as they were).
  package private(set) var reads = (whole: 0, appended: 0, kept: 0)

  /// Counts one read of an observation file.
  func count(_ read: WritableKeyPath<(whole: Int, appended: Int, kept: Int), Int>) {
    reads[keyPath: read] += 1
  }

  /// Creates an empty memo; memos whose workflows run on different threads share `engineGate`
  /// (``sharingEngines()``).
  package init(engineGate: NSLock = NSLock()) {
    self.engineGate = engineGate
  }

  /// A new empty memo whose workflow may run beside this one's: it uses the engines under the same
  /// gate.
  package func sharingEngines() -> PassMemo { PassMemo(engineGate: engineGate) }

  /// Keeps the plans `other` made, with the files they were made from and their catalogs, so a
  /// workflow beside `other`'s does not plan the same matrix again; what `other` numbered (its
  /// catalogs' hints, checklist numbers) is made again here when asked for. Call it while no use case
  /// runs with either memo.
  package func keepPlans(of other: PassMemo) {
    for (key, entry) in other.plans where plans[key] == nil {
      plans[key] = PlanEntry(files: entry.files, loaded: entry.loaded, catalog: entry.catalog)
    }
  }

  /// Each session's checklist with what it was made from (``Workflow/checklist(_:of:)``), and how
  /// many were made: the threads that answer pages read them, so they are behind their own lock.
  var sessionChecklists = SessionChecklists()
  let sessionChecklistsLock = NSLock()

  /// A plan, the snapshots of the files it was made from, and what use cases derive from it once.
  struct PlanEntry {
    var files: [FileSnapshot]
    var loaded: Workflow.LoadedPlan
    /// The catalog (``Workflow/observableCatalog(_:)``): the plan and its ledger, in ``files``.
    var catalog: ObservableCatalog?
    /// The hints for unknown ids, made once per catalog.
    var suggester: ItemIDSuggester?
    /// Which catalog this is (``PassMemo/catalogsMade`` when it was kept), for what was read against it.
    var catalogNumber: Int?
    /// The checklist number of each item, and the ledger they come from.
    var numbers: (numbers: [ItemID: Int], ledger: ChecklistLedger)?
  }

  /// What an observation file gave ingest, with what it was read against.
  struct ObservationFileEntry {
    var attributes: FileAttributes?
    var catalog: Int
    var decisions: DecisionFile
    var ingest: FileIngest
  }

  /// The automated run kept under `key`, or `make()`'s, kept.
  func run(_ key: String, _ make: () throws -> RunReport) rethrows -> RunReport {
    if let run = runs[key] { return run }
    let run = try make()
    runs[key] = run
    return run
  }
}

/// One file as a value was made from it: its attributes and bytes (`nil` when it was not there).
struct FileSnapshot {
  var path: String
  var attributes: FileAttributes?
  var bytes: [UInt8]?
}

extension Workflow {
  /// `body`'s value, computed while no other workflow sharing the ``memo``'s engine gate uses the
  /// input-method engines (without a memo, at once).
  func usingEngines<Value>(_ body: () throws -> Value) rethrows -> Value {
    guard let gate = memo?.engineGate else { return try body() }
    gate.lock()
    defer { gate.unlock() }
    return try body()
  }

  /// The file at `path` as it is now (its bytes `nil` when it is not there or cannot be read).
  func snapshot(_ path: String) -> FileSnapshot {
    let attributes = files.attributes(of: absolute(path))
    return FileSnapshot(path: path, attributes: attributes, bytes: attributes == nil ? nil : try? read(path))
  }

  /// Whether the file `snapshot` saw is still the same: the same size, modification time to the
  /// nanosecond and inode where the file system tells them all (an atomic write makes a new inode),
  /// otherwise the same bytes.
  func isUnchanged(_ snapshot: FileSnapshot) -> Bool {
    let attributes = files.attributes(of: absolute(snapshot.path))
    if attributes == nil || snapshot.attributes == nil { return attributes == snapshot.attributes }
    if attributes == snapshot.attributes, attributes?.revision.isEmpty == false { return true }
    return (try? read(snapshot.path)) == snapshot.bytes
  }
}
