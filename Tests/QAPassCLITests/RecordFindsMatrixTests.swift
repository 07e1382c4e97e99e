import Foundation
import TestSupport
import Testing

/// `record` finds the matrix that made the checklists without `--matrix`, so the commands the README and
/// every checklist print work as printed for a team's own matrix (issue 22, point 6: `record` planned
/// `matrices/default.yaml` and failed, exit 66, for any other).
struct RecordFindsMatrixTests {
  /// The two commands a checklist prints in its "Record" row, as a tester would copy them.
  static func printedCommands(_ checklist: String) throws -> [[String]] {
    let row = try #require(checklist.split(separator: "\n").first { $0.hasPrefix("| Record | ") })
    return row.split(separator: "`").enumerated().filter { $0.offset % 2 == 1 }.map { part in
      Array(part.element.split(separator: " ").dropFirst().map(String.init))
    }
  }

  @Test(arguments: [nil, "qa"])
  func `the record commands a checklist prints work as printed`(_ folder: String?) throws {
    let ws = try TeamMatrix.workspace()
    defer { ws.remove() }
    let options = folder.map { ["--checklists", $0, "--create-folders"] } ?? []
    #expect(ws.run(["checklist", TeamMatrix.path] + options).code == .success)
    let directory = folder ?? "checklists"
    #expect(
      try ws.text("\(directory)/plan-source.yaml").contains("matrix: \"../\(TeamMatrix.path)\"\n"))
    let commands = try Self.printedCommands(try ws.text("\(directory)/\(TeamMatrix.session).md"))
    #expect(commands.count == 2)
    // Typed, not inferred inside `#expect`: the type checker took a second over the inferred sum.
    let checklists: [String] = folder.map { ["--checklists", $0] } ?? []
    // The session's OS is a series (26.x): the command gives an example release (issue 34).
    let printed: [String] =
      ["record", "3", "--session", TeamMatrix.session] + checklists + ["--result", "pass", "--os", "26.4.1"]
    #expect(commands[1] == printed)
    let run = ws.run(commands[1] + ["--tester", "minji"])
    #expect(run.code == .success, "\(run.err)")
    #expect(run.out.hasPrefix("recorded pass for manual.ime.m3.phone-a.26.x.ko-2set.given-name by minji"))
    #expect(
      try ws.text("observations/records.yaml").contains("manual.ime.m3.phone-a.26.x.ko-2set.given-name"))
  }

  // `record` refusing a number whose item is gone prints 'qapass checklist', which needed the matrix.
  @Test func `the commands record prints when it refuses a number work as printed`() throws {
    let ws = try TeamMatrix.workspace()
    defer { ws.remove() }
    #expect(ws.run("checklist", TeamMatrix.path).code == .success)
    // The field is renamed without renamed_from: item 1 is no longer planned.
    try ws.write(
      TeamMatrix.text.replacingOccurrences(of: "given-name", with: "first-name"), to: TeamMatrix.path)
    let refused = ws.run(
      exactOS("record", "1", "--session", TeamMatrix.session, "--result", "pass", "--tester", "minji"))
    #expect(refused.code == .usage)
    let printed = try #require(
      refused.err.split(separator: "'").map(String.init).first { $0.hasPrefix("qapass checklist") })
    #expect(printed == "qapass checklist")
    let checklist = ws.run(Array(printed.split(separator: " ").dropFirst().map(String.init)))
    #expect(checklist.code == .success, "\(checklist.err)")
    #expect(try ws.text("checklists/\(TeamMatrix.session).md").contains(".ko-2set.first-name`"))
    // So do the other commands of the pass: the plan and its assignment, and the report.
    let plan = ws.run("plan", "--assign")
    #expect(plan.code == .success, "\(plan.err)")
    #expect(plan.out.contains("\(TeamMatrix.session)  8      minji"), "\(plan.out)")
    #expect(ws.run("report").code == .incomplete)
  }

  @Test func `without the checklists' record of their matrix, record plans the default one and refuses`()
    throws
  {
    let ws = try TeamMatrix.workspace()
    defer { ws.remove() }
    #expect(ws.run("checklist", TeamMatrix.path).code == .success)
    try FileManager.default.removeItem(at: ws.url.appendingPathComponent("checklists/plan-source.yaml"))
    let run = ws.run(
      exactOS("record", "3", "--session", TeamMatrix.session, "--result", "pass", "--tester", "minji"))
    #expect(run.code == .usage)
    #expect(run.err.hasPrefix("Error: unknown session 'phone-a.26.x'"))
  }

  @Test func `the planning options the checklists were written with come along`() throws {
    let ws = try TeamMatrix.workspace()
    defer { ws.remove() }
    // The team's matrix expands to one combination: a limit of 1 is what the checklists were made with.
    #expect(ws.run("checklist", TeamMatrix.path, "--max-combinations", "1").code == .success)
    #expect(try ws.text("checklists/plan-source.yaml").contains("max_combinations: 1\n"))
    let run = ws.run(
      exactOS("record", "1", "--session", TeamMatrix.session, "--result", "pass", "--tester", "minji"))
    #expect(run.code == .success, "\(run.err)")
    // `pass` without a file is the pass these checklists belong to.
    let pass = ws.run("pass")
    #expect(pass.out.contains("plan: "))
    #expect(pass.out.contains("in 1 device sessions"), "\(pass.out)")
  }

  @Test func `a matrix the record names that is gone, or another matrix given, is said`() throws {
    let ws = try TeamMatrix.workspace()
    defer { ws.remove() }
    #expect(ws.run("checklist", TeamMatrix.path).code == .success)
    let other = ws.run(
      exactOS(
        "record", "1", "--session", "iphone-16e.26.x", "--result", "pass", "--matrix", "matrices/default.yaml"
      ))
    #expect(other.code == .success)
    #expect(
      other.err.contains(
        "warning: checklists/plan-source.yaml: the checklists in checklists/ were made from 'matrices/team.yaml'"
      ))
    try FileManager.default.removeItem(at: ws.url.appendingPathComponent(TeamMatrix.path))
    let gone = ws.run(
      exactOS("record", "1", "--session", TeamMatrix.session, "--result", "pass", "--tester", "minji"))
    #expect(gone.code == .noInput)
    #expect(
      gone.err
        == "matrices/team.yaml: error: no such file; checklists/plan-source.yaml names it as the matrix of "
        + "these checklists (give the matrix)\n")
  }
}

/// Testers are checked against the matrix's `testers:` (issue 22, point 7): an unknown name is refused
/// with a did-you-mean; recording in a session assigned to another tester is recorded with a warning
/// (devices change hands; the report's tester table shows who recorded what).
struct TesterCheckTests {
  @Test func `an unknown tester is refused with a suggestion, from the option or the environment`() throws {
    let ws = try TeamMatrix.workspace()
    defer { ws.remove() }
    #expect(ws.run("checklist", TeamMatrix.path).code == .success)
    let typo = ws.run(
      exactOS("record", "1", "--session", TeamMatrix.session, "--result", "pass", "--tester", "minjy"))
    #expect(typo.code == .usage)
    #expect(
      typo.err.hasPrefix(
        "Error: unknown tester 'minjy'; did you mean 'minji'? ('testers:' in matrices/team.yaml lists who "
          + "records; give --tester <name>)\n"))
    // The workspace's QAPASS_TESTER is qa-bot, who is not in the catalog.
    let fromEnvironment = ws.run(exactOS("record", "1", "--session", TeamMatrix.session, "--result", "pass"))
    #expect(fromEnvironment.code == .usage)
    #expect(fromEnvironment.err.hasPrefix("Error: unknown tester 'qa-bot' (from $QAPASS_TESTER); expected "))
    #expect(
      !FileManager.default.fileExists(atPath: ws.url.appendingPathComponent("observations/records.yaml").path)
    )
    // Without a catalog anyone records.
    let open = ws.run(
      exactOS(
        "record", "manual.haptic.h1.iphone-16e.26.x", "--result", "pass", "--matrix", "matrices/default.yaml")
    )
    #expect(open.code == .success, "\(open.err)")
  }

  @Test func `recording in another tester's session is recorded, with a warning`() throws {
    let ws = try TeamMatrix.workspace()
    defer { ws.remove() }
    #expect(ws.run("checklist", TeamMatrix.path).code == .success)
    #expect(try ws.text("checklists/phone-a.26.x.md").contains("| Assigned to | minji (Asia/Seoul) |"))
    let assignee = ws.run(
      exactOS("record", "1", "--session", TeamMatrix.session, "--result", "pass", "--tester", "minji"))
    #expect(assignee.code == .success)
    #expect(!assignee.err.contains("warning"))
    let other = ws.run(
      exactOS("record", "2", "--session", TeamMatrix.session, "--result", "pass", "--tester", "hana"))
    #expect(other.code == .success)
    #expect(other.err.contains("warning: session 'phone-a.26.x' is assigned to minji; recording as hana\n"))
    #expect(try ws.text("observations/records.yaml").contains("tester: hana"))
  }
}
