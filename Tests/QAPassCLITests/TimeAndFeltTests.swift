import Effects
import Foundation
import TestSupport
import Testing

@testable import QAPassCLI

/// Times and felt parameters (issue "Every mistake caught early; no output ever destroys a file",
/// part 5): offsets kept and compared in UTC, times ahead of the clock refused, `--felt` checked.
struct TimeAndFeltTests {
  /// 2026-12-01T10:00:00Z.
  static let clock = FixedWallClock(secondsSince1970: 1_796_119_200)
  static let item = "manual.haptic.h1.iphone-16e.26.x"

  static func run(_ ws: Workspace, _ arguments: String...) -> ToolRun { run(ws, arguments) }

  /// The same run, its arguments as an array.
  static func run(_ ws: Workspace, _ arguments: [String]) -> ToolRun {
    qapass(
      arguments, in: ws.url.path, environment: ["QAPASS_TESTER": "mei", "SOURCE_DATE_EPOCH": "1796000000"],
      clock: clock)
  }

  @Test func `record refuses a time ahead of the clock, exit 64, and takes one a few minutes ahead`() throws {
    let ws = try Workspace()
    defer { ws.remove() }
    let future = Self.run(
      ws, exactOS("record", Self.item, "--result", "pass", "--time", "2030-12-01T10:00:00Z"))
    #expect(future.code == .usage)
    #expect(
      future.err.hasPrefix(
        "Error: '--time': time '2030-12-01T10:00:00Z' is 4 years ahead of the clock (2026-12-01T10:00:00Z); a "
          + "time from the future would decide its item for good, so at most 5 minutes ahead is accepted\n"))
    #expect(
      !FileManager.default.fileExists(atPath: ws.url.appendingPathComponent("observations/records.yaml").path)
    )
    let skewed = Self.run(
      ws, exactOS("record", Self.item, "--result", "pass", "--time", "2026-12-01T10:04:00Z"))
    #expect(skewed.code == .success)
  }

  @Test func `an offset is kept as written and counts by its moment in UTC`() throws {
    let ws = try Workspace()
    defer { ws.remove() }
    let earlier = Self.run(
      ws, exactOS("record", Self.item, "--result", "fail", "--time", "2026-12-01T09:00:00Z"))
    #expect(earlier.code == .success)
    // 18:30 in Tokyo is 09:30 UTC: later than the failure, so the pass decides.
    let tokyo = Self.run(
      ws, exactOS("record", Self.item, "--result", "pass", "--time", "2026-12-01T18:30:00+09:00"))
    #expect(tokyo.code == .success)
    #expect(try ws.text("observations/records.yaml").contains("time: \"2026-12-01T18:30:00+09:00\""))
    let report = Self.run(ws, "report", "matrices/default.yaml", "--format", "json")
    #expect(report.code == .incomplete)
    let json = try ws.text("reports/report.json")
    let entry = try #require(json.range(of: "\"id\": \"\(Self.item)\""))
    let after = json[entry.upperBound...].prefix(400)
    #expect(after.contains("\"outcome\": \"pass\""))
  }

  @Test func `a sheet entry timed ahead of the clock is an error at its place; the report is still written`()
    throws
  {
    let ws = try Workspace()
    defer { ws.remove() }
    try ws.write(
      "version: 1\nobservations:\n" + Workspace.entry(Self.item, time: "2030-12-01T10:00:00Z"),
      to: "observations/late.yaml")
    let run = Self.run(ws, "report", "matrices/default.yaml")
    #expect(run.code == .dataError)
    #expect(
      run.err.hasPrefix(
        "observations/late.yaml:6:11: error: time '2030-12-01T10:00:00Z' is 4 years ahead of the clock "
          + "(2026-12-01T10:00:00Z); a time from the future would decide its item for good, so at most 5 minutes "
          + "ahead is accepted\n"))
    #expect(try ws.text("reports/report.md").contains("- `observations/late.yaml` (1 error): 6:11: time"))
  }

  struct Felt: Sendable, CustomTestStringConvertible {
    var felt: String
    var message: String?
    var testDescription: String { felt }
  }

  @Test(arguments: [
    Felt(
      felt: "strength=2",
      message:
        "Error: '--felt': 'strength' is not a haptic parameter of 'manual.haptic.h1.iphone-16e.26.x'; expected "
        + "'intensity', 'sharpness', 'time' or 'type'\n"),
    Felt(
      felt: "intensity=2",
      message: "Error: '--felt': intensity takes a number from 0 to 1, such as 1.000, not '2'\n"),
    Felt(
      felt: "sharpness=high",
      message: "Error: '--felt': sharpness takes a number from 0 to 1, such as 0.500, not 'high'\n"),
    Felt(
      felt: "type=continuous",
      message: "Error: '--felt': type is 'transient' for this item, not 'continuous'\n"),
    Felt(felt: "intensity=0.8", message: nil),
  ])
  func `--felt takes only the item's parameters, with values they can have`(_ c: Felt) throws {
    let ws = try Workspace()
    defer { ws.remove() }
    let run = Self.run(ws, exactOS("record", Self.item, "--result", "pass", "--felt", c.felt))
    if let message = c.message {
      #expect(run.code == .usage)
      #expect(run.err.hasPrefix(message))
    } else {
      #expect(run.code == .success)
      #expect(try ws.text("observations/records.yaml").contains("intensity: \"0.8\""))
    }
  }
}
