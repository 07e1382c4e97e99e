import QAPassHarness
import ScenarioEngine

/// Writes `junit.xml`: one `<testcase>` per plan item and one for the verdict, valid against
/// `junit-10.xsd` (see ``JUnitDocument``).
///
/// Each item has one identity wherever qapass writes it (`qapass run --junit` and `qapass pass`):
/// `classname` `<kind>.<channel>.<check>` (`automated.composition.c1`) and `name` the item id; the
/// configuration (input method, field, variant, device, OS, …) goes to the case's `<system-out>`, or
/// to its properties in `junit-extended.xml`, never into the name. Failed items carry `<failure>`
/// with their problems and keystroke trace, or the tester's note and what was expected; automated
/// items that could not run carry `<error>`; untested, blocked, skipped and stale items carry
/// `<skipped>` with the reason. The case `qapass` / `verdict` fails for REJECTED and for
/// INCOMPLETE, so a gate that reads only JUnit counts cannot pass an incomplete pass; `qapass run
/// --junit` names its own verdict case `qapass.run` / `automated-verdict`, so the automated items'
/// outcome is never taken for the release verdict.
///
/// Each app subject's result of each automated item (`--automated`) is a case of its own after the
/// plan's: `classname` `app.<subject>.<channel>.<check>` (`app.SignUpCore.composition.c1`, the same
/// as in the JUnit that QAPassHarness writes for the subject, ``HarnessRun/junitClassname(subject:channel:check:)``)
/// and `name` the item id, so it is never mistaken for the reference core's case of the item and
/// keeps its history across the subject's versions; an item the subject did not run is `<skipped>`
/// with the reason.
package struct JUnitReportWriter: ReportWriter {
  package static let identifier = "junit"
  package static let description =
    "junit.xml: one test case per plan item and the verdict, valid junit-10.xsd"

  /// Creates the writer.
  package init() {}

  package func write(_ report: AcceptanceReport) -> [OutputFile] {
    [OutputFile(path: "junit.xml", contents: Self.document(report).xml(.strict))]
  }

  /// The strict JUnit XML text.
  package static func xml(_ report: AcceptanceReport) -> String { document(report).xml(.strict) }

  /// The classname of the release verdict's case (`qapass pass`, `qapass report`).
  package static let verdictClassname = "qapass"
  /// The name of the release verdict's case.
  package static let verdictName = "verdict"
  /// The classname of the verdict case of `qapass run --junit`: the automated items' outcome alone,
  /// which a gate or a test history must never take for the release verdict.
  package static let runVerdictClassname = "qapass.run"
  /// The name of the verdict case of `qapass run --junit`.
  package static let runVerdictName = "automated-verdict"

  /// The verdict case's identity for a report of `scope`: `qapass` / `verdict` for a pass,
  /// `qapass.run` / `automated-verdict` for a run.
  package static func verdictIdentity(_ scope: AcceptanceReport.Scope) -> (classname: String, name: String) {
    switch scope {
    case .pass: (verdictClassname, verdictName)
    case .run: (runVerdictClassname, runVerdictName)
    }
  }

  /// The report as a JUnit document.
  package static func document(_ report: AcceptanceReport) -> JUnitDocument {
    var properties: [JUnitDocument.Property] = [
      .init(key: "qapass.scope", value: report.scope.rawValue),
      .init(key: "qapass.plan", value: report.planName),
      .init(key: "qapass.plan_path", value: report.planPath),
      .init(key: "qapass.plan_fingerprint", value: report.planFingerprint),
    ]
    if let build = report.build { properties.append(.init(key: "qapass.build", value: build)) }
    if let time = report.generatedAt { properties.append(.init(key: "qapass.generated_at", value: time)) }
    properties.append(.init(key: "qapass.subject", value: report.subject))
    properties.append(.init(key: "qapass.verdict", value: report.verdict.rawValue))
    let prefix = report.scope == .run ? "qapass run: " : "qapass: "
    let timed = itemTimes(report)
    return JUnitDocument(
      name: prefix + report.planName, timestamp: report.generatedAt, properties: properties,
      cases: [verdictCase(report)] + report.unfinishedJobs.map(jobCase)
        + report.items.map { item in
          var testCase = testCase(item)
          testCase.time = timed[item.id]
          return testCase
        }
        + report.subjects.flatMap { subject in subject.items.map { appCase($0, of: subject) } }
        + report.appTestRuns.flatMap(appTestCases))
  }

  /// The JUnit identity of `subject`'s result of `item`: the report's own for the reference core,
  /// `app.<subject>.<channel>.<check>` / the item id for an app subject.
  package static func identity(_ item: ReportItem, subject: SubjectResults) -> (
    classname: String, name: String
  ) {
    guard !subject.isReference else { return (classname(item), item.id.rawValue) }
    let channel =
      PackItem.Channel(rawValue: item.channel.rawValue) ?? PackItem.Channel(check: item.scenario.rawValue)
    return (
      HarnessRun.junitClassname(subject: subject.name, channel: channel, check: item.scenario.rawValue),
      item.id.rawValue
    )
  }

  /// An app subject's case of `item`: the item's case under the subject's identity, with the subject
  /// among its properties; an item it did not run is skipped with the reason.
  static func appCase(_ item: ReportItem, of subject: SubjectResults) -> JUnitDocument.Case {
    var testCase = testCase(item)
    testCase.classname = identity(item, subject: subject).classname
    testCase.properties.insert(.init(key: "subject", value: subject.label), at: 0)
    if item.outcome == .untested {
      testCase.result = .skipped(message: "not run: " + (item.problems.first ?? "no result"))
    }
    return testCase
  }

  static func verdictCase(_ report: AcceptanceReport) -> JUnitDocument.Case {
    let body = report.reasons.joined(separator: "\n")
    let message = "\(report.verdict.rawValue): " + (report.reasons.first ?? "")
    let result: JUnitDocument.Result =
      report.verdict == .accepted
      ? .passed : .failure(message: message, type: report.verdict.rawValue, body: body)
    let identity = verdictIdentity(report.scope)
    return JUnitDocument.Case(classname: identity.classname, name: identity.name, result: result)
  }

  /// `automated.composition.c1`: stable whatever the item's configuration.
  package static func classname(_ item: ReportItem) -> String {
    "\(item.kind.rawValue).\(item.channel.rawValue).\(item.scenario)"
  }

  static func testCase(_ item: ReportItem) -> JUnitDocument.Case {
    var properties = [JUnitDocument.Property(key: "scenario_version", value: String(item.scenarioVersion))]
    properties += item.configuration.pairs.map { .init(key: $0.key, value: $0.value) }
    if !item.implementation.isEmpty {
      properties.append(.init(key: "implementation", value: item.implementation))
    }
    if let checklist = item.checklist { properties.append(.init(key: "checklist", value: checklist)) }
    for defect in item.defects {
      properties.append(.init(key: "defect", value: defect.url.map { "\(defect.id) \($0)" } ?? defect.id))
    }
    if let waiver = item.waiver { properties.append(.init(key: "waiver", value: waiver.sentence)) }
    if item.isCarried, let carried = item.observation?.carried {
      properties.append(.init(key: "carried_from_build", value: carried.fromBuild))
    }
    let result: JUnitDocument.Result
    switch item.outcome {
    case .pass:
      result = .passed
    case .fail:
      let message =
        item.kind == .automated
        ? item.failingTextsSentence ?? item.problems.first ?? "failed"
        : item.observation?.note ?? "failed on the device"
      result = .failure(message: message, type: item.scenario.rawValue, body: details(item))
    case .error:
      result = .error(
        message: item.problems.first ?? "could not run", type: item.scenario.rawValue, body: details(item))
    case .untested, .blocked, .skipped, .stale:
      var message = item.outcome.rawValue
      if let reason = item.staleReasonText {
        message += ": " + reason
      } else if let note = item.observation?.note, item.outcome != .untested {
        message += ": " + note
      }
      result = .skipped(message: message)
    }
    return JUnitDocument.Case(
      classname: classname(item), name: item.id.rawValue, result: result, properties: properties,
      file: item.checklist)
  }

  /// The plain-text body of a failure or error: problems, trace or haptic log; or the observation and
  /// what was expected.
  static func details(_ item: ReportItem) -> String {
    var lines: [String] = []
    if item.kind == .automated {
      if !item.implementation.isEmpty { lines.append("implementation: \(item.implementation)") }
      if item.texts.isEmpty {
        lines += item.problems.map { "problem: " + $0 }
      } else {
        lines += item.textLines.map { "text " + $0 }
      }
      if !item.steps.isEmpty {
        lines.append("trace:")
        lines += DriverStep.traceLines(item.steps)
      }
      if !item.hapticLog.isEmpty {
        lines.append("haptic log:")
        lines += item.hapticLog.map { "  " + $0 }
      }
    } else {
      lines += item.expected.map { "expected: " + $0 }
      if let observation = item.observation { lines += ObservationText.lines(observation) }
      lines += item.conflicts.map { "conflict: " + $0.summary }
    }
    return lines.joined(separator: "\n")
  }
}
