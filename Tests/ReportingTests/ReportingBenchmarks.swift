import Foundation
import Observations
import Testing

@testable import Reporting
@testable import ScenarioEngine

/// Timings of the report on a large matrix; run by `bench/report/run.sh` (QAPASS_BENCH=1), skipped
/// otherwise. Prints numbers, asserts none.
struct ReportingBenchmarks {
  /// `devices` devices × 8 OS versions × 4 input methods × 2 fields (about 29 manual items per device
  /// session), for the timings; the sizes use ``ScaleCase``.
  static func largeMatrix(devices: Int = 12) -> String {
    let systems = ["17.x", "18.x", "26.x", "27.x", "28.x", "29.x", "30.x", "31.x"]
    var yaml = """
      version: 1
      name: Large bench matrix
      build: "9.9 (999)"
      input_methods:
        - {id: zh-pinyin, keyboard: "zh_Hans-Pinyin@sw=Pinyin-Simplified;hw=Automatic", engine: "m17n:zh-py", recipe: zhang3wei7, expect: 张伟}
        - {id: ja-romaji, keyboard: "ja_JP-Romaji@sw=QWERTY-Japanese;hw=Automatic", engine: anthy, recipe: "yamada{space}{Return}", expect: 山田}
        - {id: ja-kana, keyboard: "ja_JP-Kana@sw=Kana;hw=Automatic", engine: anthy, recipe: "やまだ{space}{Return}", expect: 山田}
        - {id: ko-2set, keyboard: "ko_KR@sw=Korean;hw=Automatic", engine: "hangul:2", recipe: rlawlsdn, expect: 김진우}
      devices:

      """
    for index in 1...devices {
      let kind = index % 4 == 0 ? "simulator" : "device"
      yaml +=
        "  - {id: d\(index), name: Device \(index), kind: \(kind), haptics: \(index % 4 != 0 && index % 3 != 0), os: {min: \"17.0\"}}\n"
    }
    yaml += """
      fields:
        - {id: full-name, label: Full name, rules: [required, han-name]}
        - {id: nickname, label: Nickname, rules: [required]}
      haptics:
        confirmation:
          - {type: transient, time: 0, intensity: 1.0, sharpness: 0.5}
      matrix:
        os: [\(systems.map { "\"\($0)\"" }.joined(separator: ", "))]
        input_method: [zh-pinyin, ja-romaji, ja-kana, ko-2set]
        device: [\((1...devices).map { "d\($0)" }.joined(separator: ", "))]

      """
    return yaml
  }

  static func seconds(_ duration: Duration) -> String {
    let ms = Double(duration.components.seconds) * 1000 + Double(duration.components.attoseconds) / 1e15
    return String(format: "%.1f ms", ms)
  }

  /// A third of the manual items observed (one in ten of those failed, with a two-line note), the rest
  /// untested; by 26 testers.
  static func statuses(_ plan: Plan) -> [ItemOutcome] {
    plan.items.filter { $0.kind == .manual }.enumerated().compactMap { index, item in
      index % 3 == 0
        ? Ingested.outcome(
          index % 30 == 0 ? .fail : .pass,
          Ingested.recorded(
            item.id, index % 30 == 0 ? .fail : .pass, tester: "tester-\(index % 26)",
            time: "2026-11-29T10:00:00Z", device: item.configuration.device?.rawValue ?? "",
            os: item.configuration.os ?? "",
            note: index % 30 == 0
              ? "The message stayed after the candidate was chosen\nuntil another key" : "n"))
        : nil
    }
  }

  /// Whether `text` opens with the verdict: its first `## ` heading is `## Verdict:`.
  static func opensWithVerdict(_ text: String) -> Bool {
    text.split(separator: "\n").first { $0.hasPrefix("## ") }?.hasPrefix("## Verdict: ") == true
  }

  /// The `width` attribute of an SVG picture.
  static func pictureWidth(_ svg: String) -> String {
    svg.split(separator: "\"").dropFirst(3).first.map(String.init) ?? "?"
  }

  @Test(.enabled(if: ProcessInfo.processInfo.environment["QAPASS_BENCH"] == "1", "set QAPASS_BENCH=1 to run"))
  func `report sizes at 235, about 2,000 and about 12,000 manual items`() throws {
    var rows = [
      [
        "manual items", "blocked", "report.md bytes", "opens with verdict", "report-summary.md bytes",
        "opens with verdict", "report.json bytes", "junit.xml bytes", "pictures px",
      ],
      Array(repeating: "---", count: 9),
    ]
    let reports = [try Fixture.defaultReport()] + (try [2, 12].map { try ScaleCase.report(devices: $0) })
    for report in reports {
      let full = MarkdownReportWriter.markdown(report)
      let summary = MarkdownReportWriter.markdown(report, limits: .summary)
      rows.append([
        String(report.items.count { $0.kind == .manual }), String(report.blocked.count),
        String(full.utf8.count), Self.opensWithVerdict(full) ? "yes" : "no", String(summary.utf8.count),
        Self.opensWithVerdict(summary) ? "yes" : "no",
        String(JSONReportWriter.json(report).rendered().utf8.count),
        String(JUnitReportWriter.xml(report).utf8.count),
        Self.pictureWidth(report.compositionGrid.svg()) + ", " + Self.pictureWidth(report.hapticsGrid.svg()),
      ])
    }
    print(rows.map { "bench: | " + $0.joined(separator: " | ") + " |" }.joined(separator: "\n"))
  }

  @Test(.enabled(if: ProcessInfo.processInfo.environment["QAPASS_BENCH"] == "1", "set QAPASS_BENCH=1 to run"))
  func `report and checklists of a large matrix`() throws {
    let clock = ContinuousClock()
    let file = try Fixture.file(yaml: Self.largeMatrix(), path: "bench.yaml")
    let plan = try Plan.make(file: file)
    let run = SmallCase.run(plan)
    let manual = Self.statuses(plan)
    var lines = [
      "matrix: \(plan.summary.manualItems) manual items, \(plan.summary.automatedItems) automated, "
        + "\(plan.summary.deviceSessions) sessions, \(manual.count) statuses"
    ]
    var report: AcceptanceReport?
    let make = clock.measure {
      report = AcceptanceReport.make(
        plan: plan, run: run, manual: manual, generatedAt: "2026-11-29T12:00:00Z")
    }
    lines.append("AcceptanceReport.make: \(Self.seconds(make))")
    let made = try #require(report)
    for writer in ReportWriters.all {
      var bytes = 0
      let time = clock.measure { bytes = writer.init().write(made).reduce(0) { $0 + $1.contents.utf8.count } }
      lines.append("\(writer.identifier): \(Self.seconds(time)), \(bytes) bytes")
    }
    var checklists: [Checklist] = []
    let checklistTime = clock.measure { checklists = Checklists.render(plan: plan, file: file) }
    lines.append(
      "checklists: \(Self.seconds(checklistTime)), \(checklists.count) files, "
        + "\(checklists.reduce(0) { $0 + $1.markdown.utf8.count }) bytes")
    lines.append(
      "pair coverage: \(made.pairCoverage.covered)/\(made.pairCoverage.coverable), "
        + "\(made.pairCoverage.nextSessions.count) next sessions")
    print(lines.map { "bench: " + $0 }.joined(separator: "\n"))
  }
}

extension ReportingBenchmarks {
  @Test(.enabled(if: ProcessInfo.processInfo.environment["QAPASS_BENCH"] == "1", "set QAPASS_BENCH=1 to run"))
  func `the default matrix end to end`() throws {
    let clock = ContinuousClock()
    let file = try Fixture.defaultFile.get()
    var plan: Plan?
    let planTime = clock.measure { plan = try? Plan.make(file: file) }
    let made = try #require(plan)
    var run: RunReport?
    let runTime = clock.measure { run = AutomatedRun.run(made, subject: .core) }
    let ran = try #require(run)
    var files: [OutputFile] = []
    let reportTime = clock.measure {
      let report = AcceptanceReport.make(
        plan: made, run: ran, manual: Fixture.defaultStatuses(), generatedAt: Fixture.generatedAt)
      files = ReportWriters.all.flatMap { $0.init().write(report) }
    }
    let checklistTime = clock.measure { _ = Checklists.render(plan: made, file: file) }
    print(
      [
        "default matrix: Plan.make \(Self.seconds(planTime)), AutomatedRun.run \(Self.seconds(runTime)) "
          + "(\(ran.results.count) items), report + \(ReportWriters.all.count) writers \(Self.seconds(reportTime)) (\(files.count) files), "
          + "checklists \(Self.seconds(checklistTime))"
      ].map { "bench: " + $0 }.joined(separator: "\n"))
  }
}
