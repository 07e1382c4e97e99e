import Foundation
import TestSupport
import Testing

/// `record` asks for the exact OS as the HTML checklist does (issue 34, item 7): an item planned for a
/// series of releases (`26.x`) is recorded with the release the device runs, never as `26.x`; an item of
/// one release takes it as planned.
struct RecordExactOSTests {
  static let item = "manual.haptic.h1.iphone-16e.26.x"
  static let records = "observations/records.yaml"

  @Test func `record without --os on an item of a series is refused, naming the series and an example`()
    throws
  {
    let ws = try Workspace()
    defer { ws.remove() }
    let run = ws.run("record", Self.item, "--result", "pass")
    #expect(run.code == .usage)
    #expect(
      run.err.hasPrefix(
        "Error: missing option '--os <version>': '\(Self.item)' is planned for iOS 26.x, a series of "
          + "releases; give the exact release the device runs (Settings > General > About), such as --os "
          + "26.4.1\nUsage: qapass record "), "\(run.err)")
    #expect(!FileManager.default.fileExists(atPath: ws.url.appendingPathComponent(Self.records).path))
    // An empty --os is none given.
    #expect(
      ws.run("record", Self.item, "--result", "pass", "--os", "").err.hasPrefix("Error: missing option"))
  }

  @Test func `an exact release of the series is recorded as given`() throws {
    let ws = try Workspace()
    defer { ws.remove() }
    let run = ws.run("record", Self.item, "--result", "pass", "--os", "26.1")
    #expect(run.code == .success, "\(run.err)")
    let records = try ws.text(Self.records)
    #expect(records.contains("    os: \"26.1\"\n"), "\(records)")
    #expect(!records.contains("26.x\"\n"))
  }

  @Test(arguments: [
    (
      "27.0",
      "'--os 27.0' is not a release of iOS 26.x, which '\(item)' is planned for; give the exact release the "
        + "device runs (Settings > General > About), such as 26.4.1"
    ),
    (
      "26.x",
      "'--os 26.x' is not one release; give the exact release the device runs (Settings > General > About), "
        + "such as 26.4.1"
    ),
    (
      "26.+4",
      "'--os 26.+4' is not a release of iOS 26.x, which '\(item)' is planned for; give the exact release the "
        + "device runs (Settings > General > About), such as 26.4.1"
    ),
  ])
  func `a release outside the series, or the series itself, is refused`(os: String, message: String) throws {
    let ws = try Workspace()
    defer { ws.remove() }
    let run = ws.run("record", Self.item, "--result", "pass", "--os", os)
    #expect(run.code == .usage)
    #expect(run.err.hasPrefix("Error: \(message)\nUsage: "), "\(run.err)")
    #expect(!FileManager.default.fileExists(atPath: ws.url.appendingPathComponent(Self.records).path))
  }

  @Test func `an item of one release needs no --os, and its checklist prints none`() throws {
    let ws = try TeamMatrix.workspace(
      TeamMatrix.text.replacingOccurrences(of: #"os: ["26.x"]"#, with: #"os: ["26.1"]"#))
    defer { ws.remove() }
    #expect(ws.run("checklist", TeamMatrix.path).code == .success)
    let checklist = try ws.text("checklists/phone-a.26.1.md")
    #expect(checklist.contains("`qapass record 3 --session phone-a.26.1 --result pass` records item 3 |"))
    let item = "manual.haptic.h1.phone-a.26.1"
    let run = ws.run("record", item, "--result", "pass", "--tester", "minji")
    #expect(run.code == .success, "\(run.err)")
    #expect(try ws.text(Self.records).contains("    os: \"26.1\"\n"))
    #expect(
      ws.run("record", item, "--result", "pass", "--tester", "minji", "--os", "26.1.2").code == .success)
    #expect(try ws.text(Self.records).contains("    os: \"26.1.2\"\n"))
    let other = ws.run("record", item, "--result", "pass", "--tester", "minji", "--os", "26.2")
    #expect(other.code == .usage)
    #expect(
      other.err.hasPrefix("Error: '--os 26.2' is not a release of iOS 26.1, which '\(item)' is planned for"))
    let series = ws.run("record", item, "--result", "pass", "--tester", "minji", "--os", "26.x")
    #expect(
      series.err.hasPrefix(
        "Error: '--os 26.x' is not one release; give the exact release the device runs (Settings > General > "
          + "About), such as 26.1.4, or leave --os out to record the item's iOS 26.1\n"), "\(series.err)")
  }

  @Test func `the checklist of a series prints the record command with an example release`() throws {
    let ws = try TeamMatrix.workspace()
    defer { ws.remove() }
    #expect(ws.run("checklist", TeamMatrix.path).code == .success)
    let checklist = try ws.text("checklists/phone-a.26.x.md")
    #expect(
      checklist.contains(
        "`qapass record 3 --session phone-a.26.x --result pass --os 26.4.1` records item 3, run on iOS 26.4.1 "
          + "(give the release the device runs) |"))
  }
}
