import Foundation
import MatrixFormat
import Observations
import ScenarioEngine
import TestSupport
import Testing

/// `qapass record --session S` on a pseudo-terminal, resumed over a records file that already exists
/// (issue 22, point 1: the walk failed with exit 73 on its first answer as soon as
/// `observations/records.yaml` existed, and the typed answer was lost), then killed with SIGKILL.
struct SessionWalkTests {
  /// The observations recorded in the workspace's records file, oldest first, after an ingest against
  /// the team's plan that must find no error.
  static func recorded(_ ws: Workspace) throws -> [Observation] {
    let records = ObservationFile(
      path: "records.yaml", bytes: Array(try ws.text("observations/records.yaml").utf8))
    let loaded = try MatrixDocument.load(path: "team.yaml", bytes: Array(TeamMatrix.text.utf8)).document
    guard case .qapass(let file) = loaded else { throw CocoaError(.fileReadCorruptFile) }
    let ingest = Ingest.run(files: [records], catalog: ObservableCatalog(plan: try Plan.make(file: file)))
    #expect(ingest.diagnostics.isEmpty, "\(ingest.diagnostics)")
    return ingest.items.flatMap(\.observations).sorted { $0.position < $1.position }.map(\.observation)
  }

  @Test
  func
    `a resumed walk appends to the records file, as the options say, and a kill loses nothing acknowledged`()
    throws
  {
    try #require(FileManager.default.isExecutableFile(atPath: "/usr/bin/script"))
    let qapass = InteractiveRecordTests.executable
    try #require(FileManager.default.isExecutableFile(atPath: qapass.path), "build qapass first")
    let ws = try TeamMatrix.workspace()
    defer { ws.remove() }
    #expect(ws.run("checklist", TeamMatrix.path).code == .success)
    // Item 1 is recorded first, so observations/records.yaml exists before the walk starts; no --matrix:
    // the checklists name theirs.
    let first = ws.run(
      "record", "1", "--session", TeamMatrix.session, "--result", "pass", "--tester", "minji", "--os", "26.2")
    #expect(first.code == .success, "\(first.err)")

    let walk = try InteractiveRecordTests.TerminalSession(
      "\(qapass.path) record --session \(TeamMatrix.session) --tester minji --os 26.4.1 --build '2.3.0 (78)'",
      in: ws.url)
    walk.wait(for: "Result [p/f/b/s")
    #expect(walk.text.contains("warning: '--build 2.3.0 (78)' is not the build under test, '2.3.0 (77)'"))
    // Resumed: what is recorded is known before the first prompt.
    #expect(walk.text.contains("1 of 8 items of phone-a.26.x have a result already."))
    #expect(walk.text.contains("7 items without a result."))
    #expect(walk.text.contains("[1/7] #2 M2 · "))
    #expect(walk.text.contains("Keyboard: switch to Korean – 2-Set now (\(TeamMatrix.keyboard))."))
    walk.send("f")
    walk.send("the last jamo vanished")
    walk.send("")
    walk.wait(for: "Added to #2's fail: the note.")
    walk.send("")  // #3 left untested
    walk.wait(for: "Result [p/f/b/s", count: 3)
    #expect(walk.text.contains("#4 H1 · "))
    walk.send("p")
    walk.send("")
    walk.send("")
    walk.wait(for: "Intensity felt, 0 to 1 (Enter: 0.800 as planned): ")
    walk.send("0.7")
    walk.wait(for: "Sharpness felt")
    walk.send("2")  // out of range: asked again, with the reason
    walk.wait(for: "sharpness takes a number from 0 to 1")
    walk.send("")
    walk.wait(for: "Added to #4's pass: intensity felt.")
    // Killed with SIGKILL, qapass itself, at the note of the next answer: the result given is recorded
    // already (issue 34: the walk wrote an answer only after its note and links, so it was lost).
    walk.wait(for: "Result [p/f/b/s", count: 4)
    walk.send("f")
    walk.wait(for: "Recorded fail for #5")
    walk.wait(for: "Note (optional): ", count: 3)
    #expect(walk.kill(executable: qapass), "qapass was running under the terminal")
    #expect(walk.process.terminationStatus == 128 + SIGKILL, "script reports the child's death by SIGKILL")

    // Each answer, then the record that completes it (same result and time): the later decides.
    let observations = try Self.recorded(ws)
    let m2 = "manual.ime.m2.phone-a.26.x.ko-2set.given-name"
    #expect(
      observations.map(\.itemID.rawValue) == [
        TeamMatrix.m1, m2, m2, TeamMatrix.h1, TeamMatrix.h1, "manual.haptic.h2.phone-a.26.x",
      ])
    #expect(observations.map(\.result) == [.pass, .fail, .fail, .pass, .pass, .fail])
    #expect(observations.map(\.os) == ["26.2"] + Array(repeating: "26.4.1", count: 5))
    #expect(observations.map(\.build) == ["2.3.0 (77)"] + Array(repeating: "2.3.0 (78)", count: 5))
    #expect(observations[1].note == nil && observations[2].note == "the last jamo vanished")
    #expect(observations[1].time == observations[2].time)
    #expect(observations[2].keyboard == TeamMatrix.keyboard)
    #expect(observations[3].hapticParameters["intensity"] == "0.800", "as planned, until the tester says")
    #expect(observations[4].hapticParameters["intensity"] == "0.7")
    #expect(observations[4].hapticParameters["sharpness"] == "0.400")
    #expect(observations[5].note == nil)

    // Stopped at once: nothing recorded, and no file is named. The answers of another build than the
    // one under test are stale: walked again, with the reason.
    let quit = try InteractiveRecordTests.TerminalSession(
      "\(qapass.path) record --session \(TeamMatrix.session) --tester minji", in: ws.url)
    // Without --os, a session planned for 26.x asks which release the device runs first, with nothing
    // filled in, until the answer is a release of the series, by the HTML checklist's rule (issue 34).
    quit.wait(
      for: "Which iOS 26.x release does the device run (Settings > General > About), such as 26.4.1? ")
    quit.send("26.x")
    quit.wait(
      for: "'26.x' is not one release; give the exact release the device runs (Settings > General > About), "
        + "such as 26.4.1.")
    quit.send("27.0")
    quit.wait(
      for:
        "'27.0' is not a release of iOS 26.x; give the exact release the device runs (Settings > General > "
        + "About), such as 26.4.1.")
    quit.send("")
    quit.wait(for: "Nothing given; give the exact release the device runs")
    quit.send("26.4")
    quit.wait(for: "Result [p/f/b/s")
    #expect(quit.text.contains("[1/7] #2 M2 · "))
    #expect(quit.text.contains("Recorded before, now stale: build '2.3.0 (78)' was tested; "))
    quit.send("q")
    quit.wait(for: "nothing recorded")
    quit.process.waitUntilExit()
    #expect(quit.process.terminationStatus == 0)
    #expect(!quit.text.contains("records.yaml"))
  }

  @Test func `a walk refuses the options it cannot use, before any prompt, and an OS that is no release`()
    throws
  {
    let ws = try TeamMatrix.workspace()
    defer { ws.remove() }
    #expect(ws.run("checklist", TeamMatrix.path).code == .success)
    for option in [
      ["--result", "pass"], ["--note", "x"], ["--felt", "intensity=0.5"], ["--time", "2026-11-29T09:00:00Z"],
    ] {
      let run = ws.run(["record", "--session", TeamMatrix.session, "--tester", "minji"] + option)
      #expect(run.code == .usage)
      #expect(run.err.hasPrefix("Error: '\(option[0])' needs <item>: it is part of one observation; "))
    }
    // The session's OS as planned is no exact release (the HTML checklist refuses it too; the walk
    // checks --os the same way before its first prompt).
    let planned = ws.run(
      "record", "1", "--session", TeamMatrix.session, "--tester", "minji", "--os", "26.x", "--result", "pass")
    #expect(planned.code == .usage)
    #expect(
      planned.err.hasPrefix(
        "Error: '--os 26.x' is not one release; give the exact release the device runs (Settings > General > "
          + "About), such as 26.4.1\n"), "\(planned.err)")
    // The same options record one item.
    let one = ws.run(
      exactOS([
        "record", "1", "--session", TeamMatrix.session, "--tester", "minji", "--result", "pass", "--note",
        "x",
      ]))
    #expect(one.code == .success, "\(one.err)")
  }
}
