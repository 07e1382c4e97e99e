import Diagnostics
import MatrixFormat
import QAModel
import TextFormats

/// Who carries out one device session.
package struct SessionAssignment: Hashable, Sendable {
  /// The session, such as `iphone-16e.26.x`.
  package var session: SessionID
  /// The session's device id.
  package var device: DeviceID
  /// The session's manual items.
  package var items: Int
  /// The tester, or `nil` when nobody holds the device.
  package var tester: String?
}

/// How one session's tester differs from the one its checklist was written for: every change a
/// re-plan makes to the assignment, with its reason.
package struct AssignmentChange: Hashable, Sendable, CustomStringConvertible {
  /// Why the session changed hands, spelled as `plan --assign --format json` writes it.
  package enum Reason: String, Hashable, Sendable {
    /// The session is new in the plan.
    case newSession = "new_session"
    /// Nobody held the session's device before; now a tester does.
    case wasUnassigned = "was_unassigned"
    /// The tester who had it no longer holds a unit of the session's device.
    case deviceGone = "device_gone"
    /// The tester who had it is no longer in `testers:`.
    case testerGone = "tester_gone"
    /// The plan no longer has the session.
    case sessionGone = "session_gone"
  }

  /// The session.
  package var session: SessionID
  /// Who had it (`nil`: nobody, or a new session).
  package var from: String?
  /// Who has it now (`nil`: nobody holds the device, or the session is gone).
  package var to: String?
  /// Why.
  package var reason: Reason

  /// `yuki lost iphone-16e.26.x: yuki no longer holds iphone-16e; jiwoo gained it`.
  package var description: String {
    let device = session.device
    let gained = to.map { "; \($0) gained it" } ?? "; nobody else holds \(device), so it is unassigned"
    switch reason {
    case .newSession:
      return to.map { "\($0) gained \(session): a new session" }
        ?? "\(session) is a new session nobody can take: no tester holds \(device)"
    case .wasUnassigned:
      return "\(to ?? "nobody") gained \(session): nobody held \(device) before"
    case .deviceGone:
      return "\(from ?? "nobody") lost \(session): \(from ?? "nobody") no longer holds \(device)" + gained
    case .testerGone:
      return "\(from ?? "nobody") lost \(session): \(from ?? "nobody") is no longer in 'testers:'" + gained
    case .sessionGone:
      return "\(from ?? "nobody") lost \(session): the plan no longer has the session"
    }
  }
}

extension Plan {
  /// Spreads the device sessions over `testers` by the devices they hold, balanced by item count, and
  /// keeps each session with the tester it was assigned to before while they still hold its device.
  ///
  /// Sessions in `previous` whose tester is still in the catalog and still holds a unit of the device
  /// stay with them, whatever the balance, so a re-plan never moves a session a tester may already
  /// have recorded in. The others are dealt most constrained first (the fewest testers hold their
  /// device), then largest first (ties in plan order), to the tester with the fewest items so far
  /// (kept sessions counted) among those who hold a unit of the session's device (ties in catalog
  /// order). A tester holding two units of a device counts once per session: a session needs one
  /// unit. A session whose device nobody holds stays unassigned. The same plan, catalog and previous
  /// assignment always give the same assignment.
  ///
  /// ```swift
  /// let path = "matrices/new-user.yaml"  // mei, yuki and jiwoo hold its devices
  /// let bytes = Array(try Data(contentsOf: URL(fileURLWithPath: path)))
  /// let document = try MatrixDocument.load(path: path, bytes: bytes).document
  /// guard case .qapass(let file) = document else { return }
  /// let plan = try Plan.make(file: file)
  /// let before: [SessionID: String?] = [SessionID(device: "iphone-16e", os: "26.x"): "ana"]
  /// let (assignments, changes) = plan.assignments(testers: file.testers, previous: before)
  /// changes.filter { $0.from == "ana" }.map(\.description)
  /// // ["ana lost iphone-16e.26.x: ana is no longer in 'testers:'; yuki gained it"]
  /// ```
  ///
  /// - Parameters:
  ///   - testers: The `testers:` catalog.
  ///   - previous: The tester each session was assigned to when its checklist was written (`nil` for a
  ///     session nobody took); empty for a first assignment, which lists no changes.
  /// - Returns: One assignment per session, in plan order, and every change from `previous`: sessions
  ///   in plan order, then the sessions the plan no longer has, by name.
  /// - Complexity: O(*s* log *s* + *s* · *t*) for *s* sessions and *t* testers.
  package func assignments(
    testers: [MatrixFile.Tester], previous: [SessionID: String?] = [:]
  ) -> (assignments: [SessionAssignment], changes: [AssignmentChange]) {
    let sessions = self.sessions
    let eligible = sessions.map { session in
      testers.indices.filter { testers[$0].devices.contains(session.device.rawValue) }
    }
    var load = [Int](repeating: 0, count: testers.count)
    var owner = [Int?](repeating: nil, count: sessions.count)
    for s in sessions.indices {
      guard let name = previous[sessions[s].id] ?? nil,
        let kept = eligible[s].first(where: { testers[$0].name == name })
      else { continue }
      owner[s] = kept
      load[kept] += sessions[s].itemIDs.count
    }
    let order = sessions.indices.sorted { a, b in
      if eligible[a].count != eligible[b].count { return eligible[a].count < eligible[b].count }
      return sessions[a].itemIDs.count != sessions[b].itemIDs.count
        ? sessions[a].itemIDs.count > sessions[b].itemIDs.count : a < b
    }
    for s in order where owner[s] == nil {
      let eligible = eligible[s]
      guard let chosen = eligible.min(by: { load[$0] != load[$1] ? load[$0] < load[$1] : $0 < $1 }) else {
        continue
      }
      owner[s] = chosen
      load[chosen] += sessions[s].itemIDs.count
    }
    let assignments = sessions.indices.map { s in
      SessionAssignment(
        session: sessions[s].id, device: sessions[s].device, items: sessions[s].itemIDs.count,
        tester: owner[s].map { testers[$0].name })
    }
    guard !previous.isEmpty else { return (assignments, []) }
    var changes: [AssignmentChange] = []
    for assignment in assignments {
      let now = assignment.tester
      switch previous[assignment.session] {
      case nil:
        changes.append(AssignmentChange(session: assignment.session, from: nil, to: now, reason: .newSession))
      case .some(nil):
        if now != nil {
          changes.append(
            AssignmentChange(session: assignment.session, from: nil, to: now, reason: .wasUnassigned))
        }
      case .some(let before?):
        guard now != before else { continue }
        let reason: AssignmentChange.Reason =
          testers.contains { $0.name == before } ? .deviceGone : .testerGone
        changes.append(AssignmentChange(session: assignment.session, from: before, to: now, reason: reason))
      }
    }
    let planned = Set(sessions.map(\.id))
    for (session, tester) in previous.sorted(by: { $0.key < $1.key }) where !planned.contains(session) {
      guard let tester else { continue }
      changes.append(AssignmentChange(session: session, from: tester, to: nil, reason: .sessionGone))
    }
    return (assignments, changes)
  }
}

extension Plan {
  /// The assignment as text: per tester their time zone, sessions and items, then each session, then
  /// every change from the assignment the checklists were written with (``assignmentChanges``).
  package func assignmentTable() -> String {
    var testers: [String] = []
    for assignment in assignments {
      if let tester = assignment.tester, !testers.contains(tester) { testers.append(tester) }
    }
    let zones = Dictionary(testerTimeZones.map { ($0.key, $0.value) }, uniquingKeysWith: { a, _ in a })
    var out = "assignment: \(assignments.count) device sessions over \(testers.count) testers\n\n"
    var rows = [["tester", "time zone", "sessions", "items"]]
    for tester in testers {
      let mine = assignments.filter { $0.tester == tester }
      rows.append([
        tester, zones[tester] ?? "–", String(mine.count), String(mine.reduce(0) { $0 + $1.items }),
      ])
    }
    out += TextTable.render(rows, width: \.displayWidth) + "\n"
    rows = [["session", "items", "tester"]]
    for assignment in assignments {
      rows.append([
        assignment.session.description, String(assignment.items),
        assignment.tester ?? "– (nobody holds the device)",
      ])
    }
    out += TextTable.render(rows, width: \.displayWidth)
    if !assignmentChanges.isEmpty {
      out += "\nchanges since the checklists were written (\(assignmentChanges.count)):\n"
      for change in assignmentChanges { out += "- \(change)\n" }
    }
    return Escaping.terminalText(out)
  }
}
