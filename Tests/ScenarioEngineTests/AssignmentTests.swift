import MatrixFormat
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
}
