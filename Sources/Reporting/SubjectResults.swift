import QAModel
import QAPassHarness
import ScenarioEngine

/// One implementation the automated items ran against, as the report names it: the reference
/// core qapass ships, or a team's own code replayed through QAPassHarness.
///
/// Each subject is matched with the plan's automated items: its ``coverage`` says how many it ran,
/// passed, failed and did not run, and an app subject keeps its outcome of every item in ``items``
/// (the reference core's are the report's own ``AcceptanceReport/items``). Results replayed from
/// another plan or another pack than the reference core's do not count (``notCounted``).
package struct SubjectResults: Hashable, Sendable {
  /// The subject's name (`AcceptanceCore`, `SignUpCore`).
  package var name: String
  /// Its version or build (several, comma-separated, when its results files name several).
  package var version: String
  /// Whether it is qapass's own reference core (or its naive controls) rather than the app's code.
  package var isReference: Bool
  /// The fingerprint of the scenario pack replayed.
  package var packFingerprint: String
  /// The plan the pack came from.
  package var planFingerprint: String
  /// What its results hold, as given: one count per result, before they are matched with the plan.
  package var counts: OutcomeCounts
  /// Results that failed or could not run, with the first problem of each, in the results' order.
  package var problems: [PlanItem.Pair]
  /// Why its results do not count (another plan, another pack), or `nil` when they do.
  package var notCounted: String?
  /// What it ran of the plan's automated items.
  package var coverage: SubjectCoverage
  /// App subjects: the subject's outcome of every automated plan item, in plan order (`untested`
  /// when its results hold none); empty for the reference core.
  package var items: [ReportItem] = []
  /// Where its results are required (``RequiredSubject/requiredBy``), or `nil`.
  package var requiredBy: String? = nil

  /// Whether any of its results count: an item it ran or could not run.
  package var hasCountedResults: Bool { coverage.ran + coverage.couldNotRun > 0 }

  /// `SignUpCore 1.0.0`.
  package var label: String { version.isEmpty ? name : "\(name) \(version)" }

  /// The app subjects of `runs`, one per subject name in the order first given: the results files of
  /// one name are taken together.
  ///
  /// A file replayed from a pack of another plan, or from another pack than the reference core
  /// replayed (`referencePack`, when not empty), does not count: its items are `untested` with the
  /// reason, and ``notCounted`` says why. An item with several results takes the worst (fail, then
  /// error, then pass) and is listed in ``SubjectCoverage/duplicated``.
  ///
  /// - Complexity: O(*n* + *r*) for *n* automated plan items and *r* results.
  ///
  /// - Parameters:
  ///   - runs: The harness results, in the order given.
  ///   - plan: The plan of the report.
  ///   - referencePack: The fingerprint of the pack the reference core replayed (empty: not checked).
  /// - Returns: One subject per name.
  package static func apps(_ runs: [HarnessRun], plan: Plan, referencePack: String) -> [SubjectResults] {
    // Most passes have no app results: no subject, and no list of the plan's automated items to make.
    guard !runs.isEmpty else { return [] }
    var names: [String] = []
    var byName: [String: [HarnessRun]] = [:]
    for run in runs {
      if byName[run.subjectName] == nil { names.append(run.subjectName) }
      byName[run.subjectName, default: []].append(run)
    }
    let automated = plan.items.filter { $0.kind == .automated }
    return names.map { app(byName[$0] ?? [], automated: automated, plan: plan, referencePack: referencePack) }
  }

  static func app(
    _ runs: [HarnessRun], automated: [PlanItem], plan: Plan, referencePack: String
  ) -> SubjectResults {
    var versions: [String] = []
    for run in runs where !versions.contains(run.subjectVersion) { versions.append(run.subjectVersion) }
    var subject = SubjectResults(
      name: runs.first?.subjectName ?? "", version: versions.joined(separator: ", "), isReference: false,
      packFingerprint: runs.first?.packFingerprint ?? "", planFingerprint: runs.first?.planFingerprint ?? "",
      counts: OutcomeCounts(), problems: [], notCounted: nil, coverage: .make(items: []))
    var why: [String] = []
    var counted: [HarnessItemResult] = []
    var dropped: [String: String] = [:]
    for run in runs {
      for result in run.results {
        subject.counts.add(result.status)
        if result.status != .pass { subject.problems.append(.init(key: result.id, value: result.problem)) }
      }
      let mismatch: String?
      if run.planFingerprint != plan.fingerprint {
        mismatch = Message.otherPlan(run.planFingerprint, plan.fingerprint)
      } else if !referencePack.isEmpty, run.packFingerprint != referencePack {
        mismatch = Message.otherPack(run.packFingerprint, referencePack)
      } else {
        mismatch = nil
      }
      if let mismatch {
        if !why.contains(mismatch) { why.append(mismatch) }
        for result in run.results where dropped[result.id] == nil { dropped[result.id] = mismatch }
      } else {
        counted += run.results
      }
    }
    subject.notCounted = why.isEmpty ? nil : why.joined(separator: "; ")

    var best: [ItemID: HarnessItemResult] = [:]
    for result in counted {
      let id = ItemID(rawValue: result.id)
      if let seen = best[id], rank(seen.status) >= rank(result.status) { continue }
      best[id] = result
    }
    subject.items = automated.map { item in
      let result = best[item.id].map {
        AutomatedRun.itemResult($0, configuration: item.configuration.pairs)
      }
      var report = AcceptanceReport.reportItem(item, result: result, ingested: nil)
      if result == nil {
        report.problems = [dropped[item.id.rawValue].map { "not counted: \($0)" } ?? Message.noResult]
      }
      return report
    }
    let planned = Set(automated.map(\.id))
    let ids = counted.map { ItemID(rawValue: $0.id) }
    subject.coverage = SubjectCoverage.make(
      items: subject.items, unknown: ids.filter { !planned.contains($0) }, duplicated: repeated(ids))
    return subject
  }

  /// Fail outranks error, error outranks pass.
  static func rank(_ outcome: Outcome) -> Int {
    switch outcome {
    case .fail: 3
    case .error: 2
    case .pass: 1
    default: 0
    }
  }

  /// The ids that occur more than once, each once, in the order of their second occurrence.
  static func repeated(_ ids: [ItemID]) -> [ItemID] {
    var seen = Set<ItemID>()
    var twice = Set<ItemID>()
    var order: [ItemID] = []
    for id in ids where !seen.insert(id).inserted {
      if twice.insert(id).inserted { order.append(id) }
    }
    return order
  }

  enum Message {
    static let noResult = "no result given"
    static let noEngines = "not run: this build has no input-method engines"
    static func otherPlan(_ theirs: String, _ ours: String) -> String {
      "replayed from a pack of plan \(theirs), not of this plan (\(ours))"
    }
    static func otherPack(_ theirs: String, _ ours: String) -> String {
      "replayed pack \(theirs), not the pack the reference core replayed (\(ours))"
    }
  }
}

extension SubjectResults {
  /// The reference run's subject, over the report's automated items.
  ///
  /// - Parameters:
  ///   - run: The reference run.
  ///   - items: The report's automated items, made from `run`.
  ///   - planFingerprint: The plan's fingerprint.
  package init(reference run: RunReport, items: [ReportItem], planFingerprint: String) {
    name = run.subjectName
    version = run.subjectVersion
    isReference = true
    packFingerprint = run.packFingerprint
    self.planFingerprint = run.planFingerprint
    counts = OutcomeCounts()
    problems = []
    for result in run.results {
      counts.add(result.status)
      if result.status != .pass {
        problems.append(.init(key: result.id.rawValue, value: result.problems.first ?? ""))
      }
    }
    let matches = run.planFingerprint == planFingerprint
    notCounted =
      matches ? nil : "the run was made for plan \(run.planFingerprint), not \(planFingerprint)"
    let planned = Set(items.map(\.id))
    let ids = matches ? run.results.map(\.id) : []
    let withoutEngines = Set(run.notRun)
    let why = notCounted ?? ""
    let explained = items.map { item in
      guard item.outcome == .untested, item.problems.isEmpty else { return item }
      var item = item
      item.problems = [
        !matches
          ? "not counted: \(why)"
          : withoutEngines.contains(item.id) ? Message.noEngines : "no result in the run"
      ]
      return item
    }
    coverage = SubjectCoverage.make(
      items: explained, unknown: ids.filter { !planned.contains($0) }, duplicated: Self.repeated(ids))
  }
}

/// A subject whose automated results the report needs: named by the matrix's `subjects:` or by
/// `--require-automated`. When no results of that name are given, the report is INCOMPLETE.
package struct RequiredSubject: Hashable, Sendable {
  /// The subject's name, as its ``HarnessRun/subjectName`` spells it (`SignUpCore`).
  package var name: String
  /// Where it is required: the matrix entry (`matrices/team.yaml:41:5`) or `--require-automated`.
  package var requiredBy: String

  /// Creates a requirement.
  package init(name: String, requiredBy: String) {
    self.name = name
    self.requiredBy = requiredBy
  }
}

/// The app's own automated results a pass report weighs: the QAPassHarness runs given
/// (`--automated`) and the subjects whose results are required.
package struct AppResults: Hashable, Sendable {
  /// The harness results, in the order given.
  package var runs: [HarnessRun]
  /// The subjects that must be among them.
  package var required: [RequiredSubject]

  /// Creates the app results of a pass.
  package init(runs: [HarnessRun] = [], required: [RequiredSubject] = []) {
    self.runs = runs
    self.required = required
  }
}
