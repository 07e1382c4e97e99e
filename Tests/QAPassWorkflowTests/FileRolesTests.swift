import Testing

@testable import QAPassWorkflow

/// What a use case may write is decided from the roles it declared, never from the order of its reads
/// and writes (issue 22, point 1: the walk's records file was read first, so its first append was
/// refused, exit 73, and the answer lost).
struct FileRolesTests {
  typealias Declaration = FileRoles.Declaration

  static func roles(_ declarations: [Declaration]) -> (FileRoles, [FileRoles.Conflict]) {
    var roles = FileRoles()
    var conflicts: [FileRoles.Conflict] = []
    for var declaration in declarations {
      declaration.given = declaration.path
      if let conflict = roles.add(declaration) { conflicts.append(conflict) }
    }
    return (roles, conflicts)
  }

  @Test func `a store inside a folder of inputs is a store, whatever is read first`() {
    for order in [
      [Declaration.inputs(in: "/w/observations", suffix: ".yaml"), .store("/w/observations/records.yaml")],
      [.store("/w/observations/records.yaml"), .inputs(in: "/w/observations", suffix: ".yaml")],
    ] {
      let (roles, conflicts) = Self.roles(order)
      #expect(conflicts.isEmpty)
      #expect(roles.role(of: "/w/observations/records.yaml") == .store)
      #expect(roles.conflictWriting("/w/observations/records.yaml") == nil)
      // The other files of the folder stay inputs: none may be written.
      #expect(roles.role(of: "/w/observations/first-pass.yaml") == .input)
      #expect(roles.conflictWriting("/w/observations/first-pass.yaml") != nil)
    }
  }

  @Test func `an output over an input is refused in either order, naming the output`() {
    for order in [
      [Declaration.input("/w/m.yaml"), .output("/w/m.yaml")], [.output("/w/m.yaml"), .input("/w/m.yaml")],
    ] {
      let (_, conflicts) = Self.roles(order)
      #expect(
        conflicts == [
          FileRoles.Conflict(
            path: "/w/m.yaml",
            message: "cannot write: this command reads it; qapass never writes an output over an input")
        ])
    }
    // An output in a folder of inputs, with the suffix read, is refused too; another name is not.
    let (_, refused) = Self.roles([.inputs(in: "/w/obs", suffix: ".yaml"), .output("/w/obs/x.yaml")])
    #expect(refused.count == 1)
    let (_, allowed) = Self.roles([.inputs(in: "/w/obs", suffix: ".yaml"), .output("/w/obs/x.json")])
    #expect(allowed.isEmpty)
  }

  @Test func `a file written into an output folder is refused when it is an input, and folders are not deep`()
  {
    let (roles, conflicts) = Self.roles([
      .outputs(in: "/w/checklists"), .stores(in: "/w/checklists", suffix: ".observations.yaml"),
      .input("/w/checklists/m.md"),
    ])
    #expect(conflicts.isEmpty)
    #expect(roles.role(of: "/w/checklists/a.md") == .output)
    #expect(roles.role(of: "/w/checklists/a.observations.yaml") == .store)
    #expect(roles.conflictWriting("/w/checklists/m.md") != nil)
    #expect(roles.role(of: "/w/checklists/sub/a.md") == nil)
  }

  @Test func `a file both an input and a store, or written twice, is refused`() {
    let (_, overInput) = Self.roles([.input("/w/results.xml"), .store("/w/results.xml")])
    #expect(overInput.map(\.message) == [FileRoles.Message.overInput])
    let (_, twice) = Self.roles([.output("/w/r.yaml"), .store("/w/r.yaml")])
    #expect(twice.map(\.message) == [FileRoles.Message.writtenTwice])
  }
}
