import QAModel

/// What one subject did with the plan's automated items: how many it ran, passed and failed, how many
/// it did not run and where those are (by field, input method and check, with counts), and what in
/// its results does not belong to the plan.
///
/// Its size does not grow with the plan: the tallies have one entry per field, input method or check
/// that has an item not run, and the lists of reasons and of ids are cut to ``listed`` entries with
/// their full counts beside them.
///
/// ```swift
/// let path = "matrices/default.yaml"
/// let bytes = Array(try Data(contentsOf: URL(fileURLWithPath: path)))
/// let document = try MatrixDocument.load(path: path, bytes: bytes).document
/// guard case .qapass(let file) = document else { return }
/// let plan = try Plan.make(file: file)
/// let run = AutomatedRun.run(plan, subject: .core)
/// let report = AcceptanceReport.make(plan: plan, run: run, manual: [], generatedAt: "2026-11-29T20:00:00Z")
/// let coverage = SubjectCoverage.make(items: report.items.filter { $0.kind == .automated })  // the core's
/// coverage.ran         // every automated item of the plan
/// coverage.notRun      // 0
/// coverage.byField     // []: no field has an item not run
/// ```
package struct SubjectCoverage: Hashable, Sendable {
  /// How many items of one value (a field, an input method or a check) were not run, of how many
  /// the plan has.
  package struct Tally: Hashable, Sendable {
    /// The field, input method or check.
    package var value: String
    /// Its items that were not run.
    package var notRun: Int
    /// Its items in the plan.
    package var planned: Int
  }

  /// One reason items were not run, and how many.
  package struct Reason: Hashable, Sendable {
    /// Why: the result's problem (`the subject has no composition subject for field 'kana'`), or
    /// that the results hold none for the item.
    package var reason: String
    /// How many items.
    package var items: Int
  }

  /// Some ids of a group and how many the group has.
  package struct Sample: Hashable, Sendable {
    /// How many in all.
    package var count: Int
    /// The first ``SubjectCoverage/listed``, in the order found.
    package var first: [ItemID]

    /// No ids.
    package static let none = Sample(count: 0, first: [])

    init(_ ids: [ItemID]) {
      count = ids.count
      first = Array(ids.prefix(SubjectCoverage.listed))
    }

    init(count: Int, first: [ItemID]) {
      self.count = count
      self.first = first
    }
  }

  /// At most this many reasons and sample ids are kept.
  package static let listed = 10

  /// The plan's automated items.
  package var planned: Int
  /// Items that passed.
  package var passed: Int
  /// Items that failed.
  package var failed: Int
  /// Items whose result says they could not run (`error`: not exported, no such field or flow, no
  /// engine).
  package var couldNotRun: Int
  /// Items the results hold nothing for.
  package var noResult: Int
  /// Items not run, by field (composition items only), in plan order.
  package var byField: [Tally]
  /// Items not run, by input method (items typed through one), in plan order.
  package var byInputMethod: [Tally]
  /// Items not run, by check, in plan order.
  package var byCheck: [Tally]
  /// Why items were not run, most items first, at most ``listed``.
  package var reasons: [Reason]
  /// Items not run for reasons left out of ``reasons``.
  package var otherReasons: Int
  /// Results for ids that are no automated item of the plan.
  package var unknown: Sample
  /// Items the results hold more than one result for.
  package var duplicated: Sample

  /// Items run: passed or failed.
  package var ran: Int { passed + failed }
  /// Items not run: could not run, or no result.
  package var notRun: Int { couldNotRun + noResult }
  /// Whether every planned item ran and the results hold nothing else.
  package var isComplete: Bool { notRun == 0 && unknown.count == 0 && duplicated.count == 0 }

  /// The coverage of `items`, the subject's outcome of each automated plan item (`untested` when the
  /// results hold none, with the reason as its problem).
  ///
  /// - Complexity: O(*n*) for *n* items.
  ///
  /// - Parameters:
  ///   - items: One per automated plan item, in plan order.
  ///   - unknown: Ids of results that name no automated item of the plan.
  ///   - duplicated: Items the results hold more than one result for.
  /// - Returns: The counts, tallies and reasons.
  package static func make(
    items: [ReportItem], unknown: [ItemID] = [], duplicated: [ItemID] = []
  ) -> SubjectCoverage {
    var coverage = SubjectCoverage(
      planned: items.count, passed: 0, failed: 0, couldNotRun: 0, noResult: 0, byField: [], byInputMethod: [],
      byCheck: [], reasons: [], otherReasons: 0, unknown: Sample(unknown), duplicated: Sample(duplicated))
    var fields = Tallies()
    var methods = Tallies()
    var checks = Tallies()
    var reasons = Tallies()
    for item in items {
      let notRun = !(item.outcome == .pass || item.outcome == .fail)
      switch item.outcome {
      case .pass: coverage.passed += 1
      case .fail: coverage.failed += 1
      case .error: coverage.couldNotRun += 1
      default: coverage.noResult += 1
      }
      if item.channel == .composition, let field = item.configuration.field {
        fields.add(field.rawValue, notRun: notRun)
      }
      if let method = item.configuration.inputMethod { methods.add(method.rawValue, notRun: notRun) }
      checks.add(item.scenario.rawValue, notRun: notRun)
      if notRun { reasons.add(item.problems.first ?? "no result", notRun: true) }
    }
    coverage.byField = fields.notRun
    coverage.byInputMethod = methods.notRun
    coverage.byCheck = checks.notRun
    let ranked = reasons.notRun.enumerated().sorted {
      $0.element.notRun != $1.element.notRun ? $0.element.notRun > $1.element.notRun : $0.offset < $1.offset
    }.map(\.element)
    coverage.reasons = ranked.prefix(listed).map { Reason(reason: $0.value, items: $0.notRun) }
    coverage.otherReasons = ranked.dropFirst(listed).reduce(0) { $0 + $1.notRun }
    return coverage
  }

  /// Counts per value in order of first appearance.
  struct Tallies {
    var order: [String] = []
    var counts: [String: Tally] = [:]

    mutating func add(_ value: String, notRun: Bool) {
      if counts[value] == nil {
        order.append(value)
        counts[value] = Tally(value: value, notRun: 0, planned: 0)
      }
      counts[value]?.planned += 1
      if notRun { counts[value]?.notRun += 1 }
    }

    /// The values with an item not run.
    var notRun: [Tally] { order.compactMap { counts[$0] }.filter { $0.notRun > 0 } }
  }
}
