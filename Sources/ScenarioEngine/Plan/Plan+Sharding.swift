import QAModel

/// A device session: everything one person does with one device on one OS version.
package struct DeviceSession: Hashable, Sendable {
  /// The device and OS.
  package var id: SessionID
  /// The manual items of the session, in plan order.
  package var itemIDs: [ItemID]

  /// The device id.
  package var device: DeviceID { id.device }
  /// The OS version, as the matrix writes it.
  package var os: String { id.os }
}

extension Plan {
  /// The device sessions of the manual items, in plan order.
  package var sessions: [DeviceSession] {
    var order: [SessionID] = []
    var byID: [SessionID: DeviceSession] = [:]
    for item in items where item.kind == .manual {
      guard let id = item.configuration.session else { continue }
      if byID[id] == nil {
        order.append(id)
        byID[id] = DeviceSession(id: id, itemIDs: [])
      }
      byID[id]!.itemIDs.append(item.id)
    }
    return order.map { byID[$0]! }
  }

  /// Shard `index` (1-based) of `count`: the manual items of a balanced share of the device sessions.
  ///
  /// Sessions are dealt largest first to the shard with the fewest items so far (ties to the lower
  /// shard, sessions in plan order), so each tester gets whole sessions and about the same work; the
  /// same plan always shards the same way. Automated items go with shard 1 only. Observations are
  /// keyed by item id, so the results of all shards merge into one report.
  ///
  /// - Complexity: O(*s* log *s* + *s* · *n*) for *s* sessions and *n* shards.
  package func shard(_ index: Int, of count: Int) -> Plan {
    precondition(count >= 1 && (1...count).contains(index), "shard index out of range")
    let sessions = self.sessions
    let order = sessions.indices.sorted { a, b in
      sessions[a].itemIDs.count != sessions[b].itemIDs.count
        ? sessions[a].itemIDs.count > sessions[b].itemIDs.count : a < b
    }
    var load = [Int](repeating: 0, count: count)
    var owner = [Int](repeating: 0, count: sessions.count)
    for s in order {
      let target = load.indices.min { load[$0] != load[$1] ? load[$0] < load[$1] : $0 < $1 }!
      owner[s] = target
      load[target] += sessions[s].itemIDs.count
    }
    let mine = Set(sessions.indices.filter { owner[$0] == index - 1 }.flatMap { sessions[$0].itemIDs })
    var copy = self
    copy.items = items.filter { $0.kind == .automated ? index == 1 : mine.contains($0.id) }
    copy.summary = Self.summarize(copy.items, removed: summary.removedCells)
    copy.notes.append(
      "shard \(index) of \(count): \(copy.sessions.count) of \(sessions.count) device sessions")
    return copy
  }
}
