import Diagnostics
import QAModel
import ScenarioEngine
import YAMLDecoding

/// What the checklists of one folder handed out: the number each checklist gave each item and the
/// tester each device session went to, kept beside them in `ledger.yaml`.
///
/// A checklist number always means the item it meant when the checklist was written. Writing the
/// checklists again keeps every number with its item; a new item takes the next number of its session;
/// an item the plan no longer has keeps its number, marked retired, so the number is never given to
/// another item (and comes back with the item if a later plan has it again); an item renamed in the
/// matrix (`renamed_from:`) keeps the number of its former id, and a renamed device's session its
/// numbers. Each number keeps the ids its item had before such renames (``Number/formerIDs``), also
/// once the item is retired, so results written under any of them are known to be the dropped item's
/// after the matrix no longer declares the rename. `qapass record 10
/// --session S` reads item 10 of S here, and refuses when the plan no longer has it, so a tester
/// holding a checklist printed before a re-plan never records another item by its number. The testers
/// kept here are the assignments the next plan keeps (``ScenarioEngine/Plan/assignments(testers:previous:)``).
///
/// ```swift
/// import Effects  // AtomicFile
///
/// let path = "matrices/default.yaml"
/// let bytes = Array(try Data(contentsOf: URL(fileURLWithPath: path)))
/// let document = try MatrixDocument.load(path: path, bytes: bytes).document
/// guard case .qapass(let file) = document else { return }
/// let plan = try Plan.make(file: file)
/// let ledgerPath = "checklists/ledger.yaml"
/// let ledgerBytes = Array(try Data(contentsOf: URL(fileURLWithPath: ledgerPath)))
/// let ledger = try ChecklistLedger.parse(ledgerBytes, path: ledgerPath).updated(for: plan)
/// let session = SessionID(device: "iphone-16e", os: "26.x")
/// ledger.number(of: "manual.haptic.h1.iphone-16e.26.x", in: session)   // the same, whatever was re-planned
/// try AtomicFile.write(ledger.rendered(), to: ledgerPath)
/// ```
package struct ChecklistLedger: Hashable, Sendable {
  /// `ledger.yaml`, in the checklists folder.
  package static let fileName = "ledger.yaml"
  /// The newest format version this release reads and writes: version 2 added each number's former
  /// ids (`former_ids`). A ledger that has none is written as version 1, which earlier releases read.
  package static let version = 2
  /// The format versions this release reads.
  package static let versions = 1...version

  /// The fingerprint of the plan the checklists were last written for.
  package var plan: String?
  /// Every session a checklist was ever written for, in the order they first appeared.
  package var sessions: [Session] = []

  /// One device session's numbers and tester.
  package struct Session: Hashable, Sendable {
    /// The session.
    package var id: SessionID
    /// The tester its checklist names, or `nil` (no `testers:` catalog, nobody holds the device, or
    /// the session is no longer planned).
    package var tester: String?
    /// Every number its checklist gave, in number order.
    package var numbers: [Number]

    /// Whether the current plan has none of its items.
    package var isRetired: Bool { numbers.allSatisfy(\.isRetired) }

    /// The entry of `number`, if the checklist ever gave it.
    package func entry(_ number: Int) -> Number? { numbers.first { $0.number == number } }

    /// The numbers in use (not retired), by item.
    package var current: [ItemID: Int] {
      Dictionary(
        numbers.filter { !$0.isRetired }.map { ($0.item, $0.number) }, uniquingKeysWith: { first, _ in first }
      )
    }
  }

  /// One number a checklist gave one item.
  package struct Number: Hashable, Sendable {
    /// The number, from 1.
    package var number: Int
    /// The item it stands for.
    package var item: ItemID
    /// Whether the plan no longer has the item: the number is kept for it and given to no other.
    package var isRetired: Bool
    /// For a retired number, the highest number its session had given when the item was retired: the
    /// items numbered up to it were planned beside it, so none of them can be what it was renamed to.
    package var retiredAbove: Int? = nil
    /// The ids the item had before the renames the matrix declared while it was planned
    /// (`renamed_from:` on its input method, device or field), sorted, each once, never the item's
    /// own: kept after the item is retired, when the matrix may no longer declare them.
    package var formerIDs: [ItemID] = []

    /// Adds `ids` to ``formerIDs``, keeping them sorted and each once, without the item's own id.
    mutating func remember(_ ids: some Sequence<ItemID>) {
      formerIDs = Set(formerIDs).union(ids).subtracting([item]).sorted()
    }
  }

  /// The items of `session` that were planned while `item` was (numbered before it was retired), when
  /// the ledger retired it; empty when it does not know.
  package func plannedBeside(_ item: ItemID, in session: SessionID) -> Set<ItemID> {
    guard let entry = sessions.first(where: { $0.id == session }),
      let retired = entry.numbers.first(where: { $0.item == item && $0.isRetired }),
      let above = retired.retiredAbove
    else { return [] }
    return Set(entry.numbers.filter { $0.number <= above && $0.item != item }.map(\.item))
  }

  /// An empty ledger: checklists written for the first time number their items from 1 in plan order.
  package init() {}

  /// The entry of the session spelled `session` (`iphone-16e.26.x`).
  package func session(_ session: String) -> Session? {
    sessions.first { $0.id.description == session }
  }

  /// The number `item` has in `session`'s checklist, if it has one in use.
  package func number(of item: ItemID, in session: SessionID) -> Int? {
    sessions.first { $0.id == session }?.current[item]
  }

  /// The tester each session still planned was assigned to (`nil` for one nobody took), for the next
  /// assignment to keep.
  package var assignments: [SessionID: String?] {
    var result: [SessionID: String?] = [:]
    for session in sessions where !session.isRetired { result[session.id] = .some(session.tester) }
    return result
  }

  /// The ledger after writing the checklists of `plan`: numbers kept, new items numbered after the
  /// highest number their session ever gave, missing items (and sessions) retired, testers from
  /// `plan.assignments`.
  ///
  /// - Parameter plan: The plan whose checklists are written.
  /// - Returns: The updated ledger; updating it again for the same plan changes nothing.
  /// - Complexity: O(*n*) for *n* numbers, with hashing.
  package func updated(for plan: Plan) -> ChecklistLedger {
    var order: [SessionID] = []
    var planned: [SessionID: [ItemID]] = [:]
    var formerIDs: [ItemID: [ItemID]] = [:]
    for item in plan.items where item.kind == .manual {
      let session = Checklists.session(item)
      if planned[session] == nil { order.append(session) }
      planned[session, default: []].append(item.id)
      let former = item.formerIDs(plan.renames)
      if !former.isEmpty { formerIDs[item.id] = former }
    }
    let testers = Dictionary(
      plan.assignments.map { ($0.session, $0.tester) }, uniquingKeysWith: { first, _ in first })
    var ledger = self
    ledger.plan = plan.fingerprint
    var index = Dictionary(
      ledger.sessions.enumerated().map { ($1.id, $0) }, uniquingKeysWith: { first, _ in first })
    let plannedSessions = Set(order)
    for session in order where index[session] == nil {
      // A renamed device's session takes over the numbers of its former session.
      let former = Set((planned[session] ?? []).flatMap { formerIDs[$0] ?? [] })
      if !former.isEmpty,
        let earlier = ledger.sessions.indices.first(where: { position in
          !plannedSessions.contains(ledger.sessions[position].id)
            && ledger.sessions[position].numbers.contains { former.contains($0.item) }
        })
      {
        index[ledger.sessions[earlier].id] = nil
        ledger.sessions[earlier].id = session
        index[session] = earlier
        continue
      }
      index[session] = ledger.sessions.count
      ledger.sessions.append(Session(id: session, tester: nil, numbers: []))
    }
    for position in ledger.sessions.indices {
      var session = ledger.sessions[position]
      let items = planned[session.id] ?? []
      let live = Set(items)
      var numbered = Set(session.numbers.map(\.item))
      // A renamed item (the matrix's renamed_from) keeps the number its former id had, or that of the
      // retired item once known by that id.
      for item in items where !numbered.contains(item) {
        let former = Set(formerIDs[item] ?? [])
        guard !former.isEmpty,
          let entry = session.numbers.firstIndex(where: {
            former.contains($0.item) && !live.contains($0.item)
          })
            ?? session.numbers.firstIndex(where: {
              $0.isRetired && !live.contains($0.item) && !former.isDisjoint(with: $0.formerIDs)
            })
        else { continue }
        let was = session.numbers[entry].item
        session.numbers[entry].item = item
        session.numbers[entry].remember([was])
        numbered.insert(item)
      }
      // Every planned item keeps the ids the matrix says it had, for when it is dropped with its rename.
      for entry in session.numbers.indices where live.contains(session.numbers[entry].item) {
        if let former = formerIDs[session.numbers[entry].item] { session.numbers[entry].remember(former) }
      }
      let highest = session.numbers.map(\.number).max() ?? 0
      for entry in session.numbers.indices {
        let retired = !live.contains(session.numbers[entry].item)
        if retired && !session.numbers[entry].isRetired { session.numbers[entry].retiredAbove = highest }
        if !retired { session.numbers[entry].retiredAbove = nil }
        session.numbers[entry].isRetired = retired
      }
      var next = highest + 1
      for item in items where !numbered.contains(item) {
        session.numbers.append(Number(number: next, item: item, isRetired: false))
        next += 1
      }
      session.tester = items.isEmpty ? nil : testers[session.id] ?? nil
      ledger.sessions[position] = session
    }
    return ledger
  }
}

// MARK: Reading and writing

extension ChecklistLedger {
  enum Key {
    static let version = "version"
    static let plan = "plan"
    static let sessions = "sessions"
    static let all = [version, plan, sessions]
  }

  enum SessionKey {
    static let device = "device"
    static let os = "os"
    static let tester = "tester"
    static let numbers = "numbers"
    static let retired = "retired"
    /// Each retired item with the highest number its session had given when it was retired.
    static let retiredAbove = "retired_above"
    /// Each item with the ids it had before renames the matrix declared (format version 2).
    static let formerIDs = "former_ids"
    static let all = [device, os, tester, numbers, retired, retiredAbove, formerIDs]
  }

  static let header = """
    # qapass checklist ledger: the number each checklist gave each item, and the tester each session
    # went to. 'qapass checklist' and 'qapass pass' read it when they write the checklists again: numbers
    # stay with their items, an item no longer planned keeps its number under 'retired' (no other item
    # ever gets it), an item keeps the ids it had before a rename under 'former_ids', and sessions stay
    # with their testers. 'qapass record N --session S' looks N up here.
    # Written by qapass: keep it with the checklists, do not edit it.

    """

  /// The ledger as YAML: a header comment, then the version, the plan and one entry per session with
  /// its numbers in use and its retired ones, each `item id: number`, in number order, and the former
  /// ids of its items, sorted. The version is the lowest that holds it: 1 without former ids.
  package func rendered() -> String {
    var sessionNodes: [Node] = []
    for session in sessions {
      var pairs: [(key: String, value: Node)] = [
        (SessionKey.device, Node(string: session.id.device.rawValue)),
        (SessionKey.os, Node(string: session.id.os)),
      ]
      if let tester = session.tester { pairs.append((SessionKey.tester, Node(string: tester))) }
      for (key, retired) in [(SessionKey.numbers, false), (SessionKey.retired, true)] {
        let entries = session.numbers.filter { $0.isRetired == retired }.sorted { $0.number < $1.number }
        if entries.isEmpty && retired { continue }
        pairs.append(
          (key, Node(mapping: entries.map { (key: $0.item.rawValue, value: Node(int: $0.number)) })))
      }
      let above = session.numbers.filter { $0.isRetired && $0.retiredAbove != nil }.sorted {
        $0.number < $1.number
      }
      if !above.isEmpty {
        pairs.append(
          (
            SessionKey.retiredAbove,
            Node(mapping: above.map { (key: $0.item.rawValue, value: Node(int: $0.retiredAbove ?? 0)) })
          ))
      }
      let renamed = session.numbers.filter { !$0.formerIDs.isEmpty }.sorted { $0.number < $1.number }
      if !renamed.isEmpty {
        pairs.append(
          (
            SessionKey.formerIDs,
            Node(
              mapping: renamed.map { number in
                (
                  key: number.item.rawValue,
                  value: Node(sequence: number.formerIDs.map { Node(string: $0.rawValue) })
                )
              })
          ))
      }
      sessionNodes.append(Node(mapping: pairs))
    }
    let holdsFormerIDs = sessions.contains { $0.numbers.contains { !$0.formerIDs.isEmpty } }
    var root: [(key: String, value: Node)] = [(Key.version, Node(int: holdsFormerIDs ? Self.version : 1))]
    if let plan { root.append((Key.plan, Node(string: plan))) }
    root.append((Key.sessions, Node(sequence: sessionNodes)))
    // Ids, numbers and names only: libyaml writes any string it is given.
    let text = (try? YAMLEmitter().emit(Node(mapping: root))) ?? ""
    return Self.header + text
  }

  /// The largest checklist number a ledger may hold: far more than any plan numbers (100,000
  /// combinations at most), and small enough that numbering the next items never overflows.
  package static let maxNumber = 1_000_000_000

  /// Reads a ledger written by ``rendered()``.
  ///
  /// - Parameters:
  ///   - bytes: The file's bytes.
  ///   - path: The file as the user would name it, for diagnostics.
  /// - Returns: The ledger (empty for an empty file).
  /// - Throws: `DiagnosticList` with every problem at its place: not YAML, an unknown key, another
  ///   format version, a number that is not a whole number from 1, a number or item given twice in a
  ///   session.
  package static func parse(_ bytes: [UInt8], path: String) throws(DiagnosticList) -> ChecklistLedger {
    var reader = NodeReader(path: path)
    let root: Node?
    do { root = try YAML.parse(bytes) } catch { throw DiagnosticList([error.diagnostic(path: path)]) }
    guard let root else { return ChecklistLedger() }
    var ledger = ChecklistLedger()
    let keys =
      reader.mapping(
        root, context: "a checklist ledger", allowed: Key.all, required: [Key.version, Key.sessions])
      ?? [:]
    if let version = keys[Key.version]?.value, let value = reader.integer(version, "'version'"),
      !Self.versions.contains(value)
    {
      reader.error(Message.unsupportedVersion(String(value)), at: version.start)
    }
    ledger.plan = keys[Key.plan].flatMap { reader.string($0.value, "'plan'") }
    for node in keys[Key.sessions].flatMap({ reader.sequence($0.value, "'sessions'") }) ?? [] {
      guard
        let pairs = reader.mapping(
          node, context: "a session of the ledger", allowed: SessionKey.all,
          required: [SessionKey.device, SessionKey.os, SessionKey.numbers]),
        let device = pairs[SessionKey.device].flatMap({ reader.string($0.value, "'device'") }),
        let os = pairs[SessionKey.os].flatMap({ reader.string($0.value, "'os'") })
      else { continue }
      var session = Session(
        id: SessionID(device: DeviceID(rawValue: device), os: os),
        tester: pairs[SessionKey.tester].flatMap { reader.string($0.value, "'tester'") }, numbers: [])
      var seenNumbers: Set<Int> = []
      var seenItems: Set<String> = []
      for (key, retired) in [(SessionKey.numbers, false), (SessionKey.retired, true)] {
        guard let mapping = pairs[key]?.value else { continue }
        guard let entries = mapping.mapping else {
          reader.error(
            NodeReader.Message.expected("a mapping of item ids to numbers for '\(key)'", found: mapping),
            at: mapping.start)
          continue
        }
        for entry in entries {
          guard let id = reader.string(entry.key, "an item id"),
            let number = reader.integer(entry.value, "the number of '\(id)'")
          else { continue }
          guard (1...Self.maxNumber).contains(number) else {
            reader.error(Message.notANumber(number), at: entry.value.start)
            continue
          }
          guard seenNumbers.insert(number).inserted else {
            reader.error(Message.numberTwice(number, session.id), at: entry.value.start)
            continue
          }
          guard seenItems.insert(id).inserted else {
            reader.error(Message.itemTwice(id, session.id), at: entry.key.start)
            continue
          }
          session.numbers.append(Number(number: number, item: ItemID(rawValue: id), isRetired: retired))
        }
      }
      if let mapping = pairs[SessionKey.retiredAbove]?.value {
        for entry in mapping.mapping ?? [] {
          guard let id = reader.string(entry.key, "an item id"),
            let above = reader.integer(entry.value, "the number above '\(id)'")
          else { continue }
          guard let index = session.numbers.firstIndex(where: { $0.item.rawValue == id && $0.isRetired })
          else {
            reader.error(Message.notRetired(id, session.id), at: entry.key.start)
            continue
          }
          session.numbers[index].retiredAbove = above
        }
      }
      if let mapping = pairs[SessionKey.formerIDs]?.value {
        if mapping.mapping == nil {
          reader.error(
            NodeReader.Message.expected(
              "a mapping of item ids to lists of ids for '\(SessionKey.formerIDs)'", found: mapping),
            at: mapping.start)
        }
        for entry in mapping.mapping ?? [] {
          guard let id = reader.string(entry.key, "an item id"),
            let list = reader.sequence(entry.value, "the former ids of '\(id)'")
          else { continue }
          let former = list.compactMap { reader.string($0, "a former id of '\(id)'") }
          guard let index = session.numbers.firstIndex(where: { $0.item.rawValue == id }) else {
            reader.error(Message.notNumbered(id, session.id), at: entry.key.start)
            continue
          }
          session.numbers[index].remember(former.map { ItemID(rawValue: $0) })
        }
      }
      session.numbers.sort { $0.number < $1.number }
      if ledger.sessions.contains(where: { $0.id == session.id }) {
        reader.error(Message.sessionTwice(session.id), at: node.start)
        continue
      }
      ledger.sessions.append(session)
    }
    if reader.hasErrors { throw DiagnosticList(reader.diagnostics) }
    return ledger
  }

  enum Message {
    static func unsupportedVersion(_ found: String) -> String {
      "this ledger is format version \(found); this qapass reads versions "
        + "\(ChecklistLedger.versions.lowerBound) to \(ChecklistLedger.versions.upperBound)"
    }
    static func notANumber(_ number: Int) -> String {
      "checklist numbers go from 1 to \(ChecklistLedger.maxNumber), not \(number)"
    }
    static func numberTwice(_ number: Int, _ session: SessionID) -> String {
      "number \(number) is given twice in session '\(session)'; a number stands for one item"
    }
    static func itemTwice(_ id: String, _ session: SessionID) -> String {
      "'\(id)' is numbered twice in session '\(session)'"
    }
    static func notRetired(_ id: String, _ session: SessionID) -> String {
      "'\(id)' is under 'retired_above' of session '\(session)' but is no retired item of it"
    }
    static func notNumbered(_ id: String, _ session: SessionID) -> String {
      "'\(id)' is under 'former_ids' of session '\(session)' but is no item of it"
    }
    static func sessionTwice(_ session: SessionID) -> String {
      "session '\(session)' is listed twice"
    }
  }
}
