import Foundation
import TestSupport
import Testing

@testable import Reporting
@testable import ScenarioEngine

/// The Python test oracles in `.oracles/` (installed by `scripts/ensure-oracles`, which `make test` runs).
enum Oracles {
  /// `.oracles/bin/python`, or `$QAPASS_ORACLES/bin/python`.
  static let python = PythonOracles.python
  /// Whether the venv is there (or `make test` requires it).
  static let available = PythonOracles.available
  static let skipReason = PythonOracles.skipReason

  /// Runs `script` with `arguments` under the venv's python; returns the exit status and the output.
  static func run(_ script: String, _ arguments: [String]) throws -> (status: Int32, output: String) {
    try PythonOracles.run(script, arguments)
  }

  /// A fresh temporary folder holding `files`.
  static func folder(_ files: [OutputFile]) throws -> URL {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "qapass-oracles-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    for file in files { try Data(file.contents.utf8).write(to: folder.appendingPathComponent(file.path)) }
    return folder
  }

  static let xsd = Fixture.root.appendingPathComponent("schemas/junit-10.xsd").path
  static let schema = Fixture.root.appendingPathComponent("schemas/report.schema.json").path
}

/// The files qapass writes, fed to the readers real consumers use.
@Suite(.enabled(if: Oracles.available, Oracles.skipReason))
struct OracleTests {
  static func reports() throws -> [(name: String, report: AcceptanceReport)] {
    let plan = try Fixture.defaultPlan.get()
    return [
      ("default", try Fixture.defaultReport()), ("tiny", try TinyCase.report()),
      ("naive", try GoldenTests.naiveReport()),
      (
        "run",
        AcceptanceReport.makeRun(plan: plan, run: AutomatedRun.run(plan, subject: .naive), generatedAt: nil)
      ),
      ("apps", try appsReport()), ("decided", try DecidedCase.report()),
      ("replanned", try ReplannedCase.report()),
    ]
  }

  /// App subjects beside the reference core: one that failed an item and left one without a result
  /// (compared with an earlier report where it passed everything), one that could not run some, and a
  /// required subject without results.
  static func appsReport() throws -> AcceptanceReport {
    let plan = try SmallCase.plan()
    let automated = AppSubjectTests.automated(plan)
    let earlier = AppSubjectTests.report(plan, apps: [AppSubjectTests.harness(plan)])
    let previous = try PreviousReport.parse(
      Array(JSONReportWriter.json(earlier).rendered().utf8), path: "reports/report.json")
    return AppSubjectTests.report(
      plan,
      apps: [
        AppSubjectTests.harness(plan, items: Array(automated.dropLast()), failing: [automated[0].id]),
        AppSubjectTests.harness(plan, erroring: [automated[1].id], name: "Team & <UI>"),
      ],
      required: [RequiredSubject(name: "Missing", requiredBy: "--require-automated")], previous: previous)
  }

  /// Validates each file after the schema against it: one line per file, its name, the number of errors
  /// and the first error's reason. One interpreter for every file: building the schema is most of the time.
  static let validateXSD = """
    import sys, xmlschema
    schema = xmlschema.XMLSchema(sys.argv[1])
    for path in sys.argv[2:]:
        errors = list(schema.iter_errors(path))
        print(path.rsplit("/", 1)[-1], len(errors), errors[0].reason if errors else "")
    """

  @Test func `junit.xml is valid against junit-10.xsd, and junit-extended.xml is not`() throws {
    let reports = try Self.reports()
    var files: [OutputFile] = []
    for (name, report) in reports {
      files += (JUnitReportWriter().write(report) + JUnitExtendedReportWriter().write(report)).map {
        OutputFile(path: "\(name)-\($0.path)", contents: $0.contents)
      }
    }
    let folder = try Oracles.folder(files)
    let result = try Oracles.run(
      Self.validateXSD, [Oracles.xsd] + files.map { folder.appendingPathComponent($0.path).path })
    #expect(result.status == 0, "\(result.output)")
    let errors = Dictionary(
      result.output.split(separator: "\n").map { line in
        let parts = line.split(separator: " ", maxSplits: 1).map(String.init)
        return (parts[0], parts.count > 1 ? parts[1] : "")
      }, uniquingKeysWith: { first, _ in first })
    for (name, _) in reports {
      let strict = errors["\(name)-junit.xml"] ?? "missing"
      #expect(strict.hasPrefix("0 "), "\(name): \(strict)")
      // Negative control: the validator does reject what the schema forbids (properties in a test case).
      let extended = errors["\(name)-junit-extended.xml"] ?? "missing"
      #expect(extended != "missing" && !extended.hasPrefix("0 "), "\(name): \(extended)")
    }
  }

  static let readJUnit = """
    import sys, xunitparser, junitparser
    suite, result = xunitparser.parse(open(sys.argv[1]))
    print("xunitparser", result.testsRun, len(result.failures), len(result.errors), len(result.skipped))
    xml = junitparser.JUnitXml.fromfile(sys.argv[1])
    tests = failures = errors = skipped = 0
    generator = set()
    for s in xml:
        cases = list(s)
        tests += len(cases)
        for case in cases:
            for r in case.result:
                kind = type(r).__name__
                failures += kind == "Failure"
                errors += kind == "Error"
                skipped += kind == "Skipped"
            assert case.time is not None
        generator |= {p.value for p in s.properties() if p.name == "qapass.generator"}
    print("junitparser", tests, failures, errors, skipped, sorted(generator))
    """

  @Test func `xunitparser, junitparser and junit2html read junit.xml with the report's counts`() throws {
    for (name, report) in try Self.reports() {
      let folder = try Oracles.folder(JUnitReportWriter().write(report))
      let path = folder.appendingPathComponent("junit.xml").path
      // One case per plan item, per app subject's item and the verdict.
      let cases = report.items + report.subjects.flatMap(\.items)
      let counts = OutcomeCounts(cases)
      let verdictFails = report.verdict == .accepted ? 0 : 1
      let expected = [
        "\(cases.count + 1)", "\(counts[.fail] + verdictFails)", "\(counts[.error])",
        "\(counts[.untested] + counts[.blocked] + counts[.skipped] + counts[.stale])",
      ].joined(separator: " ")
      let read = try Oracles.run(Self.readJUnit, [path])
      #expect(read.status == 0, "\(name): \(read.output)")
      #expect(read.output.contains("xunitparser \(expected)\n"), "\(name): \(read.output)")
      #expect(read.output.contains("junitparser \(expected) ['qapass']\n"), "\(name): \(read.output)")

      let html = folder.appendingPathComponent("junit.html").path
      let junit2html = try Oracles.run(
        "import sys; from junit2htmlreport.runner import start; sys.argv = ['junit2html'] + sys.argv[1:]; start()",
        [path, html])
      #expect(junit2html.status == 0, "\(name): \(junit2html.output)")
      let page = try String(contentsOfFile: html, encoding: .utf8)
      #expect(page.contains("verdict"), "\(name): junit2html lost the verdict case")
    }
  }

  static let validateJSON = """
    import sys, json, jsonschema
    schema = json.load(open(sys.argv[1]))
    jsonschema.Draft202012Validator.check_schema(schema)
    validator = jsonschema.Draft202012Validator(schema)
    for path in sys.argv[2:]:
        errors = sorted(validator.iter_errors(json.load(open(path))), key=lambda e: list(e.path))
        print(path.rsplit("/", 1)[-1], len(errors), errors[0].message[:200] if errors else "")
    """

  @Test func `report.json and run.json are valid against the shipped JSON Schema, and broken ones are not`()
    throws
  {
    var files: [OutputFile] = []
    for (name, report) in try Self.reports() {
      let text = JSONReportWriter.json(report).rendered(trailingNewline: true)
      files.append(OutputFile(path: "\(name).json", contents: text))
      // Negative controls: a percentage as a string, an outcome outside the vocabulary, a sentence as a time.
      files.append(
        OutputFile(
          path: "\(name)-broken-percent.json",
          contents: text.replacingOccurrences(
            of: "\"percent\": ", with: "\"percent\": \"", options: [], range: nil
          ).replacingOccurrences(of: ",\n    \"per_dimension_pair\"", with: "\",\n    \"per_dimension_pair\"")
        ))
      files.append(
        OutputFile(
          path: "\(name)-broken-outcome.json",
          contents: text.replacingOccurrences(of: "\"outcome\": \"pass\"", with: "\"outcome\": \"passed\"")))
    }
    // An app subject's case under the reference core's identity is refused.
    let apps = JSONReportWriter.json(try Self.appsReport()).rendered()
    #expect(apps.contains("\"classname\": \"app.TeamApp."))
    files.append(
      OutputFile(
        path: "apps-broken-identity.json",
        contents: apps.replacingOccurrences(of: "\"classname\": \"app.", with: "\"classname\": \"automated."))
    )
    files.append(
      OutputFile(
        path: "sentence-time.json",
        contents: JSONReportWriter.json(try TinyCase.report()).rendered().replacingOccurrences(
          of: "\"generated_at\": \"2026-11-29T12:00:00Z\"",
          with: "\"generated_at\": \"as of the latest observation, 2026-11-29T12:00:00Z\"")))
    let folder = try Oracles.folder(files)
    let result = try Oracles.run(
      Self.validateJSON, [Oracles.schema] + files.map { folder.appendingPathComponent($0.path).path })
    #expect(result.status == 0, "\(result.output)")
    let lines = result.output.split(separator: "\n")
    #expect(lines.count == files.count, "\(result.output)")
    for line in lines {
      let parts = line.split(separator: " ", maxSplits: 2)
      let valid = parts.count > 1 && parts[1] == "0"
      let broken = line.contains("broken") || line.hasPrefix("sentence-time")
      #expect(valid != broken, "\(line)")
    }
  }
}
