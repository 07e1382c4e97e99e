import ScenarioEngine
import TextFormats

/// Writes `junit.xml`: one `<testcase>` per plan item, automated and manual, for CI dashboards.
///
/// Suites group items by kind and channel (`automated.composition`, `manual.haptics`, …); a
/// test case's `classname` is `<kind>.<channel>.<check>` and its name is the item id followed by its
/// configuration, which also appears as `<properties>`. Failed items carry `<failure>` with their
/// problems, the keystroke trace or the tester's note; automated items that could not run carry
/// `<error>`; untested, blocked, skipped and stale items carry `<skipped>`. Times are 0: qapass
/// does not time items, and the file stays byte-identical across runs.
public struct JUnitReportWriter: ReportWriter {
  public static let identifier = "junit"
  public static let description = "junit.xml: one test case per plan item, for CI test dashboards"

  /// Creates the writer.
  public init() {}

  public func write(_ report: AcceptanceReport) -> [OutputFile] {
    [OutputFile(path: "junit.xml", contents: Self.xml(report))]
  }

  /// The JUnit XML text.
  public static func xml(_ report: AcceptanceReport) -> String {
    var groups: [(name: String, items: [ReportItem])] = []
    for kind in Scenario.Kind.allCases {
      for channel in Scenario.Channel.allCases {
        let items = report.items.filter { $0.kind == kind && $0.channel == channel }
        if !items.isEmpty { groups.append(("\(kind.rawValue).\(channel.rawValue)", items)) }
      }
    }
    let all = OutcomeCounts(report.items)
    var out = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
    out +=
      "<testsuites name=\"\(attr("qapass: " + report.planName))\" tests=\"\(all.total)\" "
      + "failures=\"\(all.fail)\" errors=\"\(all.error)\" skipped=\"\(skipped(all))\" time=\"0\">\n"
    for group in groups {
      let counts = OutcomeCounts(group.items)
      out +=
        "  <testsuite name=\"\(attr(group.name))\" tests=\"\(counts.total)\" failures=\"\(counts.fail)\" "
        + "errors=\"\(counts.error)\" skipped=\"\(skipped(counts))\" time=\"0\">\n"
      out += "    <properties>\n"
      for (name, value) in [
        ("plan", report.planName), ("plan_path", report.planPath),
        ("plan_fingerprint", report.planFingerprint),
        ("build", report.build ?? ""), ("generated_at", report.generatedAt), ("subject", report.subject),
        ("verdict", report.verdict.rawValue),
      ] {
        out += "      <property name=\"\(attr(name))\" value=\"\(attr(value))\"/>\n"
      }
      out += "    </properties>\n"
      for item in group.items { out += testCase(item) }
      out += "  </testsuite>\n"
    }
    out += "</testsuites>\n"
    return out
  }

  static func skipped(_ counts: OutcomeCounts) -> Int {
    counts.untested + counts.blocked + counts.skipped + counts.stale
  }

  static func attr(_ text: String) -> String { Escaping.xmlAttribute(text) }

  static func testCase(_ item: ReportItem) -> String {
    let pairs = item.configuration.pairs
    let name =
      pairs.isEmpty
      ? item.id : item.id + " (" + pairs.map { "\($0.key)=\($0.value)" }.joined(separator: ", ") + ")"
    var out =
      "    <testcase classname=\"\(attr("\(item.kind.rawValue).\(item.channel.rawValue).\(item.scenario)"))\" "
      + "name=\"\(attr(name))\" time=\"0\">\n"
    if !pairs.isEmpty {
      out += "      <properties>\n"
      for pair in pairs {
        out += "        <property name=\"\(attr(pair.key))\" value=\"\(attr(pair.value))\"/>\n"
      }
      out += "      </properties>\n"
    }
    switch item.outcome {
    case .pass:
      break
    case .fail:
      let message =
        item.kind == .automated
        ? item.problems.first ?? "failed" : item.observation?.note ?? "failed on the device"
      out += "      <failure message=\"\(attr(message))\" type=\"\(attr(item.scenario))\">"
      out += Escaping.xmlText(details(item)) + "</failure>\n"
    case .error:
      out +=
        "      <error message=\"\(attr(item.problems.first ?? "could not run"))\" type=\"\(attr(item.scenario))\">"
      out += Escaping.xmlText(details(item)) + "</error>\n"
    case .untested, .blocked, .skipped, .stale:
      var message = item.outcome.rawValue
      if let reason = item.staleReason {
        message += ": " + reason
      } else if let note = item.observation?.note, item.outcome != .untested {
        message += ": " + note
      }
      out += "      <skipped message=\"\(attr(message))\"/>\n"
    }
    out += "    </testcase>\n"
    return out
  }

  /// The plain-text body of a failure or error: problems, trace or haptic log; or the observation.
  static func details(_ item: ReportItem) -> String {
    var lines: [String] = []
    if item.kind == .automated {
      if !item.implementation.isEmpty { lines.append("implementation: \(item.implementation)") }
      lines += item.problems.map { "problem: " + $0 }
      if !item.steps.isEmpty {
        lines.append("trace:")
        lines += TraceText.lines(item.steps)
      }
      if !item.hapticLog.isEmpty {
        lines.append("haptic log:")
        lines += item.hapticLog.map { "  " + $0 }
      }
    } else if let observation = item.observation {
      lines += ObservationText.lines(observation)
      lines += item.conflicts.map { "conflict: " + $0 }
    }
    return lines.joined(separator: "\n")
  }
}
