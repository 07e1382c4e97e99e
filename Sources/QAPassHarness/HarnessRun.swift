import Foundation
import QAModel
import TextFormats

/// The results of replaying a pack against one subject, as JUnit XML or JSON.
///
/// Both keep the pack's item ids. `qapass pass --automated RESULTS.json` puts them in the
/// acceptance report under the subject's name, version and the pack fingerprint.
public struct HarnessRun: Codable, Hashable, Sendable {
  /// The JSON format tag.
  public static let currentFormat = "qapass-harness-results/1"
  /// The generator named in both formats.
  public static let generator = "qapass-harness"

  /// The format tag, ``currentFormat``.
  public var format: String
  /// ``generator``.
  public var generatedBy: String
  /// The subject's name.
  public var subjectName: String
  /// The subject's version or build.
  public var subjectVersion: String
  /// The fingerprint of the pack replayed.
  public var packFingerprint: String
  /// The matrix the pack was exported from.
  public var matrixName: String
  /// The plan the pack's items come from.
  public var planFingerprint: String
  /// One result per item, in pack order (unexported items last, as errors).
  public var results: [HarnessItemResult]

  /// Creates a run.
  public init(
    subjectName: String, subjectVersion: String, packFingerprint: String, matrixName: String,
    planFingerprint: String, results: [HarnessItemResult]
  ) {
    format = Self.currentFormat
    generatedBy = Self.generator
    self.subjectName = subjectName
    self.subjectVersion = subjectVersion
    self.packFingerprint = packFingerprint
    self.matrixName = matrixName
    self.planFingerprint = planFingerprint
    self.results = results
  }

  /// Counts.
  public var summary: (items: Int, passes: Int, failures: Int, errors: Int) {
    (
      results.count, results.count { $0.status == .pass }, results.count { $0.status == .fail },
      results.count { $0.status == .error }
    )
  }

  /// Deterministic JSON (sorted keys, indented), ending with a newline.
  public func json() -> String {
    String(decoding: ScenarioPack.encode(self, pretty: true), as: UTF8.self) + "\n"
  }

  /// Reads results written by ``json()``.
  ///
  /// - Throws: ``PackError/malformed(_:codingPath:)`` or ``PackError/unsupportedResultsFormat(_:)``.
  public static func load(_ data: Data) throws(PackError) -> HarnessRun {
    let run: HarnessRun
    do {
      run = try JSONDecoder().decode(HarnessRun.self, from: data)
    } catch {
      throw PackError.decodingFailure(error, notA: "qapass harness results")
    }
    guard run.format == currentFormat else { throw .unsupportedResultsFormat(run.format) }
    if let index = run.results.firstIndex(where: { !Outcome.replay.contains($0.status) }) {
      throw .malformed(
        "results[\(index)].status: '\(run.results[index].status)' is not the outcome of a replay "
          + "(expected one of \(Outcome.spellings(Outcome.replay).joined(separator: ", ")))")
    }
    return run
  }

  /// JUnit XML: one `testsuite` named after the subject, one `testcase` per item.
  ///
  /// Each item has the identity the report gives this subject's result of it (the app's cases in the
  /// `junit.xml` of `qapass pass --automated`), so a CI's test history follows the app's result of
  /// the item from the app's own tests to the report, and never mixes it with the result of qapass's
  /// reference core (`automated.<channel>.<check>` there): `classname` =
  /// ``HarnessItemResult/junitClassname(subject:)`` (`app.<subject>.<channel>.<check>`, such as
  /// `app.SignUpForm.composition.c1`, the channel from the item's replay) and `name` = the item id.
  /// The configuration (input method, field, variant, …) and the subject's version are never in
  /// either. The suite's properties name the generator (`qapass.generator` = `qapass-harness`), the
  /// subject, its version and the pack fingerprint. No timings, so the same run writes the same bytes.
  public func junitXML() -> String {
    let (items, _, failures, errors) = summary
    var out = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
    out += "<testsuites name=\"qapass\" tests=\"\(items)\" failures=\"\(failures)\" errors=\"\(errors)\">\n"
    out +=
      "  <testsuite name=\"\(Escaping.xmlAttribute(subjectName))\" tests=\"\(items)\" failures=\"\(failures)\" "
      + "errors=\"\(errors)\" skipped=\"0\">\n"
    out += "    <properties>\n"
    for (name, value) in [
      ("qapass.generator", Self.generator), ("qapass.subject", subjectName),
      ("qapass.subject_version", subjectVersion), ("qapass.pack_fingerprint", packFingerprint),
      ("qapass.plan_fingerprint", planFingerprint),
    ] {
      out += "      <property name=\"\(name)\" value=\"\(Escaping.xmlAttribute(value))\"/>\n"
    }
    out += "    </properties>\n"
    for result in results {
      out +=
        "    <testcase name=\"\(Escaping.xmlAttribute(result.id))\" classname=\"\(Escaping.xmlAttribute(result.junitClassname(subject: subjectName)))\""
      guard result.status != .pass else {
        out += "/>\n"
        continue
      }
      out += ">\n"
      let element = result.status == .fail ? "failure" : "error"
      // An item that judges several texts names every failing one, and lists each text's result.
      var body =
        result.texts.isEmpty
        ? result.problems.joined(separator: "\n")
        : result.texts.map { "text " + $0.line }.joined(separator: "\n")
      for (index, step) in result.trace.enumerated() {
        body += "\n\(index + 1). \(step.label): " + Self.describe(step)
      }
      out +=
        "      <\(element) message=\"\(Escaping.xmlAttribute(TextResult.failingSentence(result.texts) ?? result.problem))\">\(Escaping.xmlText(body))</\(element)>\n"
      out += "    </testcase>\n"
    }
    out += "  </testsuite>\n</testsuites>\n"
    return out
  }

  /// The first word of every JUnit `classname` an app subject's result has: `app`, which no case of
  /// qapass's own (`automated.…`, `manual.…`, `qapass`) starts with.
  public static let junitClassPrefix = "app"

  /// `app.<subject>.<channel>.<check>`: the JUnit `classname` of `subject`'s result of an item of
  /// `check` in `channel`, in ``junitXML()`` and in the report's `junit.xml` alike. Stable across
  /// the subject's versions and the item's configuration.
  public static func junitClassname(subject: String, channel: PackItem.Channel, check: String) -> String {
    "\(junitClassPrefix).\(subject).\(channel.rawValue).\(check)"
  }

  /// One line per observed step: the field's state or the save flow's.
  static func describe(_ step: ObservedStep) -> String {
    if let result = step.saveResult {
      return "shows \(result.rawValue); player calls: \(step.player ?? "none")"
    }
    var parts = ["text \"\(step.text ?? "")\""]
    if let marked = step.marked { parts.append("marked \(marked)") }
    parts.append(step.messageShown == true ? "message shown" : "no message")
    parts.append(step.submitEnabled == true ? "submit enabled" : "submit disabled")
    if let submission = step.submission { parts.append(submission) }
    if let sent = step.sent { parts.append(PackRunner.describeSent(sent)) }
    if let time = step.time { parts.append("at \(time) ms") }
    return parts.joined(separator: ", ")
  }
}
