import Observations
import QAModel

/// How far one device session (one device on one OS) has got: done of total manual items, and the
/// span of its observations.
///
/// An item is *done* when it has a current result a tester decided: pass, fail, blocked or skipped
/// (untested and stale items are not). qapass has no durations of manual work; the time it shows
/// is the span from the first to the last deciding observation of the session.
package struct SessionProgress: Hashable, Sendable {
  /// `iphone-16e.26.x`.
  package var session: SessionID
  /// The device id.
  package var device: String
  /// The OS version, as the matrix writes it.
  package var os: String
  /// The checklist, if known (`checklists/iphone-16e.26.x.md`).
  package var checklist: String?
  /// The outcomes of the session's items.
  package var counts: OutcomeCounts
  /// The time of the earliest deciding observation, if any.
  package var firstObservation: Timestamp?
  /// The time of the latest deciding observation, if any.
  package var lastObservation: Timestamp?

  /// Items with a decided result: pass, fail, blocked or skipped.
  package var done: Int { counts.results }
  /// Every manual item of the session.
  package var total: Int { counts.total }
  /// Seconds from the first to the last observation, when both are known.
  package var spanSeconds: Int? { ObservationSpan.seconds(from: firstObservation, to: lastObservation) }

  /// The sessions of the manual `items`, in order of first appearance.
  package static func sessions(_ items: [ReportItem]) -> [SessionProgress] {
    // Each session is changed where it is in the list, found by its place: an item's session is
    // most often the one before's, which needs no lookup.
    var sessions: [SessionProgress] = []
    var places: [SessionID: Int] = [:]
    var last: (id: SessionID, place: Int)?
    for index in items.indices where items[index].kind == .manual {
      let id = SessionID(
        device: items[index].configuration.device ?? "", os: items[index].configuration.os ?? "")
      let place: Int
      if let last, last.id == id {
        place = last.place
      } else if let known = places[id] {
        place = known
      } else {
        place = sessions.count
        places[id] = place
        sessions.append(
          SessionProgress(
            session: id, device: id.device.rawValue, os: id.os, checklist: items[index].checklist,
            counts: OutcomeCounts(), firstObservation: nil, lastObservation: nil))
      }
      last = (id, place)
      sessions[place].counts.add(items[index].outcome)
      if let time = ObservationSpan.decidingTime(items[index]) {
        sessions[place].firstObservation = min(sessions[place].firstObservation ?? time, time)
        sessions[place].lastObservation = max(sessions[place].lastObservation ?? time, time)
      }
    }
    return sessions
  }
}

/// What one tester decided: the items whose current result is their observation.
package struct TesterProgress: Hashable, Sendable {
  /// The tester's name, as recorded.
  package var tester: String
  /// The outcomes of the items they decided.
  package var counts: OutcomeCounts
  /// The sessions they worked in, in plan order.
  package var sessions: [SessionID]
  /// The time of their earliest deciding observation.
  package var firstObservation: Timestamp?
  /// The time of their latest deciding observation.
  package var lastObservation: Timestamp?
  /// The sessions `plan --assign` gave them, in plan order (empty without a `testers:` catalog).
  package var assignedSessions: [SessionID] = []
  /// The manual items of those sessions.
  package var assignedItems: Int = 0
  /// Of those, the items with a current result, whoever recorded it.
  package var assignedDone: Int = 0

  /// One device session `plan --assign` gave a tester.
  package struct Assignment: Hashable, Sendable {
    package var tester: String
    package var session: SessionID
    /// The session's manual items.
    package var items: Int
    /// Of those, the items with a current result.
    package var done: Int
  }

  /// Items they decided (pass, fail, blocked or skipped).
  package var done: Int { counts.results }
  /// Seconds from their first to their last observation, when both are known.
  package var spanSeconds: Int? { ObservationSpan.seconds(from: firstObservation, to: lastObservation) }

  /// One entry per tester named by a deciding observation of `items` or by an assignment, sorted by
  /// name.
  package static func testers(
    _ items: [ReportItem], assignments: [Assignment] = []
  ) -> [TesterProgress] {
    var byName: [String: TesterProgress] = [:]
    for item in items where item.kind == .manual {
      guard let time = ObservationSpan.decidingTime(item), let tester = item.observation?.tester else {
        continue
      }
      let session = SessionID(device: item.configuration.device ?? "", os: item.configuration.os ?? "")
      // Changed where it is in the table, found once: not copied out, changed and put back.
      func add(to entry: inout TesterProgress) {
        entry.counts.add(item.outcome)
        if !entry.sessions.contains(session) { entry.sessions.append(session) }
        entry.firstObservation = min(entry.firstObservation ?? time, time)
        entry.lastObservation = max(entry.lastObservation ?? time, time)
      }
      add(
        to: &byName[
          tester,
          default: TesterProgress(
            tester: tester, counts: OutcomeCounts(), sessions: [], firstObservation: nil, lastObservation: nil
          )
        ])
    }
    for assignment in assignments {
      var entry =
        byName[assignment.tester]
        ?? TesterProgress(
          tester: assignment.tester, counts: OutcomeCounts(), sessions: [], firstObservation: nil,
          lastObservation: nil)
      entry.assignedSessions.append(assignment.session)
      entry.assignedItems += assignment.items
      entry.assignedDone += assignment.done
      byName[assignment.tester] = entry
    }
    return byName.keys.sorted().compactMap { byName[$0] }
  }
}

/// Times of observations, for progress spans.
enum ObservationSpan {
  /// The time of the observation that decides `item`, when it is done (not untested or stale).
  static func decidingTime(_ item: ReportItem) -> Timestamp? {
    guard item.outcome.isResult else { return nil }
    return item.observation?.time
  }

  static func seconds(from first: Timestamp?, to last: Timestamp?) -> Int? {
    guard let first, let last else { return nil }
    let fraction = Double(last.nanoseconds - first.nanoseconds) / 1_000_000_000
    return Int((Double(last.secondsSince1970 - first.secondsSince1970) + fraction).rounded())
  }

  /// `1 h 05 min`, `12 min`, `40 s`.
  static func text(_ seconds: Int) -> String {
    if seconds < 60 { return "\(seconds) s" }
    let minutes = seconds / 60
    if minutes < 60 { return "\(minutes) min" }
    let rest = minutes % 60
    return "\(minutes / 60) h " + (rest < 10 ? "0" : "") + "\(rest) min"
  }
}
