import AcceptanceCore
import Diagnostics
import TextFormats

extension RunReport {
  /// The trace of a failed item as an aligned table: one row per driver step with the field's
  /// text, marked range, selection, events, message, button, phase and submission outcome.
  public static func traceTable(_ steps: [DriverStep]) -> String {
    var rows = [
      ["#", "action", "text", "marked", "selection", "events", "message", "submit", "phase", "outcome"]
    ]
    for (index, step) in steps.enumerated() {
      rows.append([
        String(index + 1), step.action, "\"\(step.text)\"", step.markedRange?.description ?? "-",
        step.selection.description, step.events.map(\.rawValue).joined(separator: ","),
        step.message.map { "\"\($0)\"" } ?? "-", step.isSubmitEnabled ? "enabled" : "disabled",
        step.phase.rawValue,
        step.submitOutcome?.label ?? "-",
      ])
    }
    return TextTable.render(rows, width: \.displayWidth)
  }

  /// A short text summary: totals, then passes and failures per check.
  public func summaryText() -> String {
    let summary = summary
    var out = "subject: \(subject.rawValue)\n"
    out +=
      "items: \(summary.items), passed: \(summary.passes), failed: \(summary.failures), errors: \(summary.errors)\n"
    var rows = [["check", "passed", "failed", "errors"]]
    for check in summary.perCheck {
      rows.append([check.check, String(check.passes), String(check.failures), String(check.errors)])
    }
    return out + TextTable.render(rows, width: \.displayWidth)
  }

  /// Deterministic JSON: the configuration, the summary, and every result (traces for failures);
  /// ends with a newline.
  public func json() -> String {
    let summary = summary
    let results = results.map { result -> JSONValue in
      var members: [(String, JSONValue)] = [
        ("id", .string(result.id)), ("check", .string(result.check)),
        ("scenarioVersion", .int(result.scenarioVersion)), ("status", .string(result.status.rawValue)),
        ("implementation", .string(result.implementation)),
        ("configuration", .object(result.configuration.map { ($0.key, .string($0.value)) })),
        ("problems", .strings(result.problems)),
      ]
      if !result.steps.isEmpty {
        members.append(("steps", .array(result.steps.map(Self.json))))
      }
      if !result.hapticLog.isEmpty {
        members.append(("hapticLog", .strings(result.hapticLog)))
      }
      return .object(members)
    }
    let document = JSONValue.object([
      ("format", .string("qapass-run/1")), ("subject", .string(subject.rawValue)),
      ("plan", .string(planName)),
      ("matrix", .string(planPath)), ("build", .optional(build)),
      ("planFingerprint", .string(planFingerprint)),
      (
        "summary",
        .object([
          ("items", .int(summary.items)), ("passes", .int(summary.passes)),
          ("failures", .int(summary.failures)),
          ("errors", .int(summary.errors)),
          (
            "perCheck",
            .array(
              summary.perCheck.map {
                .object([
                  ("check", .string($0.check)), ("passes", .int($0.passes)), ("failures", .int($0.failures)),
                  ("errors", .int($0.errors)),
                ])
              })
          ),
        ])
      ),
      ("results", .array(results)),
    ])
    return document.rendered(trailingNewline: true)
  }

  static func json(_ step: DriverStep) -> JSONValue {
    .object([
      ("action", .string(step.action)), ("text", .string(step.text)),
      ("marked", step.markedRange.map { .array([.int($0.location), .int($0.length)]) } ?? .null),
      ("selection", .array([.int(step.selection.location), .int(step.selection.length)])),
      ("events", .strings(step.events.map(\.rawValue))), ("message", .optional(step.message)),
      ("submitEnabled", .bool(step.isSubmitEnabled)), ("phase", .string(step.phase.rawValue)),
      ("outcome", .optional(step.submitOutcome?.label)),
    ])
  }

  /// JUnit XML: one `testcase` per item, `classname` `qapass.<check>`, the run's configuration as
  /// suite properties and each item's configuration as testcase properties; failures carry the
  /// problems and the trace. No timings, so the same run always writes the same bytes.
  public func junitXML() -> String {
    let summary = summary
    var out = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
    out +=
      "<testsuites name=\"qapass\" tests=\"\(summary.items)\" failures=\"\(summary.failures)\" "
      + "errors=\"\(summary.errors)\">\n"
    out +=
      "  <testsuite name=\"qapass.\(subject.rawValue)\" tests=\"\(summary.items)\" failures=\"\(summary.failures)\" "
      + "errors=\"\(summary.errors)\" skipped=\"0\">\n"
    out += "    <properties>\n"
    var suiteProperties = [
      ("subject", subject.rawValue), ("plan", planName), ("matrix", planPath),
      ("plan_fingerprint", planFingerprint),
    ]
    if let build { suiteProperties.append(("build", build)) }
    for (name, value) in suiteProperties { out += Self.property(name, value, indent: "      ") }
    out += "    </properties>\n"
    for result in results {
      out +=
        "    <testcase name=\"\(Escaping.xmlAttribute(result.id))\" "
        + "classname=\"qapass.\(Escaping.xmlAttribute(result.check))\">\n"
      out += "      <properties>\n"
      let properties =
        [("scenario_version", String(result.scenarioVersion)), ("implementation", result.implementation)]
        + result.configuration.map { ($0.key, $0.value) }
      for (name, value) in properties { out += Self.property(name, value, indent: "        ") }
      out += "      </properties>\n"
      if result.status != .pass {
        let element = result.status == .fail ? "failure" : "error"
        var body = result.problems.joined(separator: "\n")
        if !result.steps.isEmpty { body += "\n\n" + Self.traceTable(result.steps) }
        if !result.hapticLog.isEmpty { body += "\n\n" + result.hapticLog.joined(separator: "\n") }
        out +=
          "      <\(element) message=\"\(Escaping.xmlAttribute(result.problems.first ?? ""))\" "
          + "type=\"\(Escaping.xmlAttribute(result.check))\">\(Escaping.xmlText(body))</\(element)>\n"
      }
      out += "    </testcase>\n"
    }
    out += "  </testsuite>\n</testsuites>\n"
    return out
  }

  private static func property(_ name: String, _ value: String, indent: String) -> String {
    "\(indent)<property name=\"\(Escaping.xmlAttribute(name))\" value=\"\(Escaping.xmlAttribute(value))\"/>\n"
  }
}
