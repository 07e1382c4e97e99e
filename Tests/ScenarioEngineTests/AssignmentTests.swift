import MatrixFormat
import QAModel
import Testing

@testable import ScenarioEngine

/// `testers:` and `qapass plan --assign` (issue 13, part 3).
struct AssignmentTests {
  @Test func `sessions go to testers who hold the device, balanced by item count`() throws {
    let file = try Fixtures.loadMatrix(FieldScopeTests.newUser)
    let plan = try Plan.make(file: file)
    let assignments = plan.assignments
    #expect(assignments.map(\.session) == plan.sessions.map(\.id))
    for assignment in assignments {
      let tester = try #require(file.testers.first { $0.name == assignment.tester })
      #expect(tester.devices.contains(assignment.device.rawValue), "\(assignment.session)")
    }
    var load: [String: Int] = [:]
    for assignment in assignments { load[assignment.tester ?? "", default: 0] += assignment.items }
    // jiwoo alone holds the iPhone 13 mini and the iPad (60 items), mei alone the iPhone 17 Pro and its
    // simulator; the iPhone 16e and its simulator are shared and go where the load is lower.
    #expect(load == ["mei": 53, "yuki": 68, "jiwoo": 60])
    #expect(try Plan.make(file: file).assignments == assignments)
  }

  @Test func `a session nobody can take stays unassigned and the plan says so`() throws {
    var file = try Fixtures.loadMatrix(FieldScopeTests.newUser)
    file.testers.removeAll { $0.name == "jiwoo" }
    let plan = try Plan.make(file: file)
    let unassigned = plan.assignments.filter { $0.tester == nil }.map(\.session.description)
    #expect(unassigned == ["iphone-13-mini.26.x", "ipad-10.26.x", "iphone-13-mini.18.x", "ipad-10.18.x"])
    #expect(plan.notes.contains { $0.hasPrefix("no tester holds the device of 4 session(s)") })
  }

  @Test func `without testers nothing is assigned`() throws {
    #expect(try Fixtures.defaultPlan.get().assignments.isEmpty)
  }

  /// The assignment of `plan` by session, as the checklist ledger keeps it.
  static func previous(_ plan: Plan) -> [SessionID: String?] {
    Dictionary(uniqueKeysWithValues: plan.assignments.map { ($0.session, $0.tester) })
  }

  // Issue 22, point 3: re-planning moved sessions between testers.
  @Test func `a re-plan keeps every session a tester still holds, whatever the balance`() throws {
    let file = try Fixtures.loadMatrix(FieldScopeTests.newUser)
    let first = try Plan.make(file: file)
    var smaller = file
    // yuki leaves; jiwoo stops holding the shared iPhone 16e.
    smaller.testers.removeAll { $0.name == "yuki" }
    smaller.testers = smaller.testers.map { tester in
      var tester = tester
      if tester.name == "jiwoo" { tester.devices.removeAll { $0 == "iphone-16e" } }
      return tester
    }
    let replanned = try Plan.make(file: smaller, assignedBefore: Self.previous(first))
    let before = Self.previous(first)
    for assignment in replanned.assignments {
      guard let had = before[assignment.session] ?? nil else { continue }
      let holds =
        smaller.testers.first { $0.name == had }?.devices.contains(assignment.device.rawValue) ?? false
      if holds { #expect(assignment.tester == had, "\(assignment.session) stays with \(had)") }
    }
    let changes = replanned.assignmentChanges
    #expect(!changes.isEmpty)
    for change in changes {
      let had = try #require(change.from)
      #expect(before[change.session] == .some(had))
      switch change.reason {
      case .testerGone:
        #expect(had == "yuki" && change.description.contains("yuki is no longer in 'testers:'"))
      case .deviceGone: #expect(had == "jiwoo" && change.description.contains("jiwoo no longer holds"))
      default: Issue.record("unexpected \(change)")
      }
    }
    // Every change is listed: each session whose tester differs, and nothing else.
    let moved = replanned.assignments.filter { before[$0.session] != .some($0.tester) }.map(\.session)
    #expect(changes.map(\.session) == moved)
    #expect(replanned.notes.filter { $0.hasPrefix("assignment: ") }.count == changes.count)
  }

  @Test func `a new tester takes no session from the others; dealt afresh, sessions would move`() throws {
    let file = try Fixtures.loadMatrix(FieldScopeTests.newUser)
    let first = try Plan.make(file: file)
    var more = file
    var kai = try #require(file.testers.first)
    kai.name = "kai"
    kai.devices = ["iphone-16e", "sim-iphone-16e", "iphone-17-pro", "iphone-se-3"]
    more.testers.append(kai)
    let replanned = try Plan.make(file: more, assignedBefore: Self.previous(first))
    #expect(replanned.assignments == first.assignments)
    #expect(replanned.assignmentChanges.isEmpty)
    // Negative control: without the earlier assignment kai would be dealt sessions others hold.
    let fresh = try Plan.make(file: more)
    #expect(fresh.assignments.contains { $0.tester == "kai" })
  }

  @Test func `sessions that are new, gone or newly held are listed with their reason`() throws {
    let file = try Fixtures.loadMatrix(FieldScopeTests.newUser)
    let plan = try Plan.make(file: file)
    var previous = Self.previous(plan)
    let first = try #require(plan.assignments.first)
    previous[first.session] = .some(nil)  // nobody held it before
    let second = plan.assignments[1]
    previous[second.session] = nil  // not planned before
    let gone = SessionID(device: "iphone-12", os: "17.x")
    previous[gone] = .some("mei")
    let (assignments, changes) = plan.assignments(testers: file.testers, previous: previous)
    #expect(assignments.map(\.tester) == plan.assignments.map(\.tester))
    #expect(
      changes.map(\.description) == [
        "\(first.tester ?? "") gained \(first.session): nobody held \(first.device) before",
        "\(second.tester ?? "") gained \(second.session): a new session",
        "mei lost iphone-12.17.x: the plan no longer has the session",
      ])
  }
}
