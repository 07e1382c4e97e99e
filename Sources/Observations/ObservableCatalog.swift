import QAModel

/// The manual plan items observations are checked against, with the build under test.
///
/// ```swift
/// let item = ObservableItem(
///   id: "manual.haptic.h1.iphone-16e.26.x", textVersion: 3, device: "iphone-16e", os: "26.x",
///   title: "Saving plays the confirmation haptic")
/// let catalog = ObservableCatalog(items: [item], build: "4.12.0 (812)", planFingerprint: "sha256:0f1e2d3c")
/// catalog.item("manual.haptic.h1.iphone-16e.26.x")?.textVersion   // 3
/// ```
package struct ObservableCatalog: Hashable, Sendable {
  /// Every manual item of the plan, in plan order.
  package let items: [ObservableItem]
  /// The app build under test (`4.12.0 (812)`), or `nil` when the plan names none.
  package let build: String?
  /// A fingerprint of the plan the items come from, for reports.
  package let planFingerprint: String
  /// Item id to its index in ``items``; the first item wins when ids repeat.
  private let index: [ItemID: Int]
  /// A former id (``ObservableItem/formerIDs``) to the index of the item it now names; a current id is
  /// never one.
  private let formerIndex: [ItemID: Int]
  /// Items the plan no longer has that a checklist numbered before a re-plan dropped them (its keyboard,
  /// device or field left the matrix), each with where it was: `item 3 of the checklist of session
  /// 'iphone-16e.26.x'`. An id the item had before a rename is one too, its place naming the id it
  /// had since: `item 3 of the checklist of session 'iphone-16e.26.x' under its new id '…'`. What was
  /// recorded for them is not counted; only a failure is listed, so it never leaves the verdict unsaid,
  /// while an id never planned (a typo) stays an error.
  package var dropped: [ItemID: String] = [:]
  /// For an id of ``dropped``, the items that were planned beside it (numbered before it was retired):
  /// a did-you-mean never suggests one of them as what it was renamed to.
  package var plannedBeside: [ItemID: Set<ItemID>] = [:]
  /// For an id of ``dropped`` that its item had before a rename, the id the item had since (the one
  /// the report lists it by): retiring that id retires what was recorded under this one too.
  package var droppedRenamed: [ItemID: ItemID] = [:]

  /// Creates a catalog.
  ///
  /// - Parameters:
  ///   - items: The manual items, in plan order; ids should be unique (the first of a repeated id wins).
  ///   - build: The build under test, if the plan names one.
  ///   - planFingerprint: A fingerprint of the plan.
  package init(items: [ObservableItem], build: String?, planFingerprint: String) {
    self.items = items
    self.build = build
    self.planFingerprint = planFingerprint
    var index: [ItemID: Int] = [:]
    index.reserveCapacity(items.count)
    for (offset, item) in items.enumerated() where index[item.id] == nil {
      index[item.id] = offset
    }
    self.index = index
    var formerIndex: [ItemID: Int] = [:]
    for (offset, item) in items.enumerated() {
      for former in item.formerIDs where index[former] == nil && formerIndex[former] == nil {
        formerIndex[former] = offset
      }
    }
    self.formerIndex = formerIndex
  }

  /// The item with id `id`, or `nil`.
  ///
  /// - Complexity: O(1).
  package func item(_ id: ItemID) -> ObservableItem? {
    index[id].map { items[$0] }
  }

  /// The position of item `id` in ``items``, or `nil`.
  package func position(of id: ItemID) -> Int? {
    index[id]
  }

  /// The item `id` names now: the item of that id, else the item it was a former id of (a rename the
  /// matrix declares), or `nil`.
  ///
  /// - Complexity: O(1).
  package func item(following id: ItemID) -> ObservableItem? {
    (index[id] ?? formerIndex[id]).map { items[$0] }
  }

  /// The ids of every item, for suggestions.
  var ids: [String] { items.map(\.id.rawValue) }

  /// The device sessions of the plan, each once, in the order their first item appears.
  package var sessions: [SessionID] {
    var seen: Set<SessionID> = []
    return items.compactMap { seen.insert($0.session).inserted ? $0.session : nil }
  }

  /// The items of one device session, in plan order (what ``SheetWriter`` writes for it).
  package func items(inSession session: SessionID) -> [ObservableItem] {
    items.filter { $0.session == session }
  }

  /// What to add after "unknown item id 'x'": `; did you mean 'y'?` or a short list of valid ids,
  /// as ingest words it.
  ///
  /// - Complexity: O(*n*) for *n* items, with a bounded edit distance per item.
  package func hint(forUnknownID id: String) -> String {
    suggester.hint(for: id)
  }

  /// The did-you-mean maker for unknown ids of this catalog.
  var suggester: ItemIDSuggester {
    ItemIDSuggester(
      ids: ids, listLimit: ObservationReader.Message.itemListLimit, items: items,
      plannedBeside: Dictionary(
        plannedBeside.map { ($0.key.rawValue, Set($0.value.map(\.rawValue))) },
        uniquingKeysWith: { a, _ in a }))
  }
}
