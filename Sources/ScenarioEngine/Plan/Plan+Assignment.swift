import Diagnostics
import MatrixFormat
import QAModel
import TextFormats

/// Who carries out one device session.
public struct SessionAssignment: Hashable, Sendable {
  /// The session, such as `iphone-16e.26.x`.
  public var session: SessionID
  /// The session's device id.
  public var device: DeviceID
  /// The session's manual items.
  public var items: Int
  /// The tester, or `nil` when nobody holds the device.
  public var tester: String?
}

extension Plan {
  /// Spreads the device sessions over `testers` by the devices they hold, balanced by item count.
  ///
  /// Sessions are dealt most constrained first (the fewest testers hold their device), then largest
  /// first (ties in plan order), to the tester with the fewest items so far among those who hold a unit
  /// of the session's device (ties in catalog order). A tester holding two
  /// units of a device counts once per session: a session needs one unit. A session whose device nobody
  /// holds stays unassigned. The same plan and catalog always give the same assignment.
  ///
  /// ```swift
  /// plan.assignments(testers: file.testers).map { "\($0.session) \($0.tester ?? "–")" }
  /// ```
  ///
  /// - Returns: One assignment per session, in plan order.
  /// - Complexity: O(*s* log *s* + *s* · *t*) for *s* sessions and *t* testers.
  public func assignments(testers: [MatrixFile.Tester]) -> [SessionAssignment] {
    let sessions = self.sessions
    let eligible = sessions.map { session in
      testers.indices.filter { testers[$0].devices.contains(session.device.rawValue) }
    }
    let order = sessions.indices.sorted { a, b in
      if eligible[a].count != eligible[b].count { return eligible[a].count < eligible[b].count }
      return sessions[a].itemIDs.count != sessions[b].itemIDs.count
        ? sessions[a].itemIDs.count > sessions[b].itemIDs.count : a < b
    }
    var load = [Int](repeating: 0, count: testers.count)
    var owner = [Int?](repeating: nil, count: sessions.count)
    for s in order {
      let eligible = eligible[s]
      guard let chosen = eligible.min(by: { load[$0] != load[$1] ? load[$0] < load[$1] : $0 < $1 }) else {
        continue
      }
      owner[s] = chosen
      load[chosen] += sessions[s].itemIDs.count
    }
    return sessions.indices.map { s in
      SessionAssignment(
        session: sessions[s].id, device: sessions[s].device, items: sessions[s].itemIDs.count,
        tester: owner[s].map { testers[$0].name })
    }
  }
}

extension Plan {
  /// The assignment as text: per tester their time zone, sessions and items, then each session.
  public func assignmentTable() -> String {
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
    return out + TextTable.render(rows, width: \.displayWidth)
  }
}
