import QAModel
import TextFormats

/// The subjects of `report.json`: each with what its results hold, whether they count, its coverage
/// of the plan's automated items and, for an app subject, its outcome of each item with the item's
/// JUnit identity in the report.
extension JSONReportWriter {
  static func subject(_ subject: SubjectResults) -> JSONValue {
    .object([
      ("name", .string(subject.name)), ("version", .string(subject.version)),
      ("reference", .bool(subject.isReference)),
      ("pack_fingerprint", .string(subject.packFingerprint)),
      ("plan_fingerprint", .string(subject.planFingerprint)),
      ("passes", .int(subject.counts[.pass])), ("failures", .int(subject.counts[.fail])),
      ("errors", .int(subject.counts[.error])),
      ("problems", .object(subject.problems.map { ($0.key, .string($0.value)) })),
      ("required_by", .optional(subject.requiredBy)),
      ("not_counted", .optional(subject.notCounted)),
      ("coverage", coverage(subject.coverage)),
      ("items", .array(subject.items.map { subjectItem($0, of: subject) })),
    ])
  }

  static func coverage(_ coverage: SubjectCoverage) -> JSONValue {
    func tallies(_ tallies: [SubjectCoverage.Tally]) -> JSONValue {
      .array(
        tallies.map {
          .object([("value", .string($0.value)), ("not_run", .int($0.notRun)), ("planned", .int($0.planned))])
        })
    }
    func sample(_ sample: SubjectCoverage.Sample) -> JSONValue {
      .object([("count", .int(sample.count)), ("first", .strings(sample.first.map(\.rawValue)))])
    }
    return .object([
      ("planned", .int(coverage.planned)), ("ran", .int(coverage.ran)), ("pass", .int(coverage.passed)),
      ("fail", .int(coverage.failed)), ("not_run", .int(coverage.notRun)),
      ("could_not_run", .int(coverage.couldNotRun)), ("no_result", .int(coverage.noResult)),
      (
        "not_run_by",
        .object([
          ("field", tallies(coverage.byField)), ("input_method", tallies(coverage.byInputMethod)),
          ("check", tallies(coverage.byCheck)),
        ])
      ),
      (
        "why_not_run",
        .array(coverage.reasons.map { .object([("reason", .string($0.reason)), ("items", .int($0.items))]) })
      ),
      ("other_reasons", .int(coverage.otherReasons)),
      ("unknown_items", sample(coverage.unknown)), ("duplicated_items", sample(coverage.duplicated)),
    ])
  }

  static func subjectItem(_ item: ReportItem, of subject: SubjectResults) -> JSONValue {
    let identity = JUnitReportWriter.identity(item, subject: subject)
    var members: [(String, JSONValue)] = [
      ("id", .string(item.id.rawValue)), ("outcome", .string(item.outcome.rawValue)),
      ("implementation", .string(item.implementation)), ("problems", .strings(item.problems)),
      ("junit", .object([("classname", .string(identity.classname)), ("name", .string(identity.name))])),
    ]
    if !item.texts.isEmpty { members.append(("texts", texts(item.texts))) }
    if !item.steps.isEmpty { members.append(("steps", .array(item.steps.map(step)))) }
    if !item.hapticLog.isEmpty { members.append(("haptic_log", .strings(item.hapticLog))) }
    return .object(members)
  }

  static func requiredSubjects(_ report: AcceptanceReport) -> JSONValue {
    let given = Set(report.subjects.filter { !$0.isReference }.map(\.name))
    return .array(
      report.requiredSubjects.map {
        .object([
          ("name", .string($0.name)), ("required_by", .string($0.requiredBy)),
          ("given", .bool(given.contains($0.name))),
        ])
      })
  }
}
