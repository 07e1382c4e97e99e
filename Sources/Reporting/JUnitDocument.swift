import ScenarioEngine
import TextFormats

/// A JUnit XML document as qapass writes it: one `<testsuites>` holding one `<testsuite>`.
///
/// Two dialects share this model. ``Dialect/strict`` is valid against the Ant/Jenkins schema
/// `junit-10.xsd` (in `schemas/`): properties only on the suite, no `skipped` on `<testsuites>`,
/// and each case's configuration and checklist as lines of its `<system-out>`. ``Dialect/extended``
/// adds what many readers take but that schema does not allow: `<properties>` inside a test case (the
/// configuration, one property per key) and a `file` attribute (the checklist of a manual item).
///
/// Every suite carries the property `qapass.generator` = `qapass` and the root is named
/// `qapass: <plan>`, so a JUnit reader can tell qapass's own files from a test runner's. There is
/// one suite because readers such as xunitparser merge the properties of all suites and refuse a
/// name that repeats. Times are `0` where nothing timed a case (qapass does not time its own items):
/// a case the app's test run timed (its own tests, and a manual item a test names) carries that time,
/// in seconds to the millisecond, and the suite the sum; the same inputs give the same bytes.
package struct JUnitDocument: Hashable, Sendable {
  /// Which JUnit dialect to write.
  package enum Dialect: String, Hashable, Sendable, CaseIterable {
    /// Valid against `junit-10.xsd`.
    case strict
    /// `strict` plus test-case properties and `file` attributes.
    case extended
  }

  /// What became of one case.
  package enum Result: Hashable, Sendable {
    /// Passed: no child element.
    case passed
    /// `<failure message type>body</failure>`.
    case failure(message: String, type: String, body: String)
    /// `<error message type>body</error>`.
    case error(message: String, type: String, body: String)
    /// `<skipped message/>`.
    case skipped(message: String)
  }

  /// A property: `<property name="key" value="value"/>`.
  package typealias Property = PlanItem.Pair

  /// One `<testcase>`.
  package struct Case: Hashable, Sendable {
    /// `classname`: stable across runs and passes (`automated.composition.c1`).
    package var classname: String
    /// `name`: the item id, never its configuration.
    package var name: String
    /// The outcome.
    package var result: Result
    /// The configuration and other facts, as `<system-out>` lines (strict) or properties (extended).
    package var properties: [Property]
    /// The checklist of a manual item (`file`, extended dialect only).
    package var file: String?
    /// How long it ran, in seconds, when a test run timed it (the app's own tests); `0` is written
    /// otherwise.
    package var time: Double?

    /// Creates a case.
    package init(
      classname: String, name: String, result: Result, properties: [Property] = [],
      file: String? = nil, time: Double? = nil
    ) {
      self.classname = classname
      self.name = name
      self.result = result
      self.properties = properties
      self.file = file
      self.time = time
    }

  }

  /// The `name` of `<testsuites>` and `<testsuite>`.
  package var name: String
  /// The suite's `timestamp` (ISO 8601), if known.
  package var timestamp: String?
  /// The suite's properties, `qapass.generator` first.
  package var properties: [Property]
  /// The cases, in order.
  package var cases: [Case]

  /// The property every suite qapass writes carries.
  package static let generatorProperty = Property(key: "qapass.generator", value: "qapass")

  /// The XML text in `dialect`, ending with a newline.
  package func xml(_ dialect: Dialect) -> String {
    var failures = 0
    var errors = 0
    var skipped = 0
    var total = 0.0
    var timed = false
    for testCase in cases {
      if let time = testCase.time {
        total += time
        timed = true
      }
      switch testCase.result {
      case .passed: break
      case .failure: failures += 1
      case .error: errors += 1
      case .skipped: skipped += 1
      }
    }
    let counts = "tests=\"\(cases.count)\" failures=\"\(failures)\" errors=\"\(errors)\""
    var out = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
    let time = timed ? Self.seconds(total) : "0"
    out += "<testsuites name=\"\(Self.attr(name))\" \(counts) time=\"\(time)\">\n"
    out += "  <testsuite name=\"\(Self.attr(name))\" \(counts) skipped=\"\(skipped)\" time=\"\(time)\""
    if let timestamp { out += " timestamp=\"\(Self.attr(timestamp))\"" }
    out += ">\n"
    out += "    <properties>\n"
    for property in [Self.generatorProperty] + properties {
      out += "      <property name=\"\(Self.attr(property.key))\" value=\"\(Self.attr(property.value))\"/>\n"
    }
    out += "    </properties>\n"
    for testCase in cases { Self.xml(testCase, dialect, to: &out) }
    out += "  </testsuite>\n"
    out += "</testsuites>\n"
    return out
  }

  static func attr(_ text: String) -> String { Escaping.xmlAttribute(text) }

  /// `0.812`: seconds to the millisecond.
  static func seconds(_ time: Double) -> String { JSONValue.decimal(time, fractionDigits: 3).rendered() }

  /// One test case, appended to `out` (a report has thousands: each is written in place).
  static func xml(_ testCase: Case, _ dialect: Dialect, to out: inout String) {
    out +=
      "    <testcase classname=\"\(attr(testCase.classname))\" name=\"\(attr(testCase.name))\" time=\""
      + (testCase.time.map(seconds) ?? "0") + "\""
    if dialect == .extended, let file = testCase.file { out += " file=\"\(attr(file))\"" }
    let hasBody = testCase.result != .passed || !testCase.properties.isEmpty
    guard hasBody else {
      out += "/>\n"
      return
    }
    out += ">\n"
    if dialect == .extended, !testCase.properties.isEmpty {
      out += "      <properties>\n"
      for property in testCase.properties {
        out += "        <property name=\"\(attr(property.key))\" value=\"\(attr(property.value))\"/>\n"
      }
      out += "      </properties>\n"
    }
    switch testCase.result {
    case .passed: break
    case .failure(let message, let type, let body):
      out +=
        "      <failure message=\"\(attr(message))\" type=\"\(attr(type))\">\(Escaping.xmlText(body))</failure>\n"
    case .error(let message, let type, let body):
      out +=
        "      <error message=\"\(attr(message))\" type=\"\(attr(type))\">\(Escaping.xmlText(body))</error>\n"
    case .skipped(let message):
      out += "      <skipped message=\"\(attr(message))\"/>\n"
    }
    if dialect == .strict, !testCase.properties.isEmpty {
      let lines = testCase.properties.map { "\($0.key): \($0.value)" }.joined(separator: "\n")
      out += "      <system-out>\(Escaping.xmlText(lines))</system-out>\n"
    }
    out += "    </testcase>\n"
  }
}
