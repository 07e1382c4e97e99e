import Foundation
import TestSupport
import Testing

/// Every ```swift example in the doc comments of `Sources/` type-checks against the modules this test
/// run built (one `swiftc` per module), so an example cannot go stale when the API it shows changes.
/// Planted broken examples show that the check fails, at the doc comment's line and column.
@Suite(.needsEngines)  // InputMethods, whose examples are checked too, is built only with the engines.
struct DocCommentExampleTests {
  static let modules = (try? ModuleExamples.all()) ?? []

  static func modulesFolder() throws -> URL {
    try #require(Swiftc.modulesFolder(), "the test run's Modules folder is not beside the tests")
  }

  @Test func `the examples of every module are found`() throws {
    let modules = try ModuleExamples.all()
    #expect(modules.count == Self.modules.count)
    #expect(modules.map(\.name).contains("QAPassWorkflow") && modules.map(\.name).contains("Diagnostics"))
    #expect(modules.reduce(0) { $0 + $1.blocks.count } >= 100, "the doc comments' examples were not found")
  }

  @Test(arguments: modules.filter { !$0.blocks.isEmpty })
  func `the examples type-check`(_ module: ModuleExamples) throws {
    let problems = module.typecheck(modules: try Self.modulesFolder())
    if !problems.isEmpty { Issue.record(Comment(rawValue: problems.joined(separator: "\n"))) }
  }

  /// A broken example, in a doc comment of Effects (`1️⃣` marks where the error must point).
  struct Planted: Sendable, CustomTestStringConvertible {
    var testDescription: String
    var comment: String
    var error: String
  }

  @Test(arguments: [
    Planted(
      testDescription: "a renamed argument label",
      comment: """
        /// ```swift
        /// let clock = FixedWallClock1️⃣(seconds: 0)
        /// ```
        """,
      error: "incorrect argument label in call"),
    Planted(
      testDescription: "an input the example does not declare",
      comment: """
        /// ```swift
        /// try AtomicFile.write(Array(1️⃣report.utf8), to: "out/report.md")
        /// ```
        """,
      error: "cannot find 'report' in scope"),
    Planted(
      testDescription: "a declaration that no longer conforms",
      comment: """
        /// ```swift
        /// struct 1️⃣Midnight: WallClock {
        ///   func seconds() -> Int { 0 }
        /// }
        /// ```
        """,
      error: "type 'Midnight' does not conform to protocol 'WallClock'"),
    Planted(
      testDescription: "a member the module does not have",
      comment: """
        /// ```swift
        /// let clock: any WallClock = SystemWallClock()
        /// clock.1️⃣now()
        /// ```
        """,
      error: "value of type 'any WallClock' has no member 'now'"),
  ])
  func `a broken example fails, at its place in the doc comment`(_ planted: Planted) throws {
    // Inside a type, so the comment is indented: the columns must still be the file's.
    let indented = planted.comment.split(separator: "\n").map { "  " + $0 }.joined(separator: "\n")
    let marked = MarkedText(
      "extension FixedWallClock {\n  /// A clock.\n  ///\n\(indented)\n  func f() {}\n}\n")
    let blocks = try CodeBlock.docComments(marked.text, path: "Sources/Effects/Planted.swift")
    #expect(blocks.count == 1)
    let effects = try #require(Self.modules.first { $0.name == "Effects" })
    let problems = effects.typecheck(modules: try Self.modulesFolder(), blocks: blocks)
    let place = "Sources/Effects/Planted.swift:\(marked.place(1)): error: \(planted.error)"
    #expect(
      problems.contains { $0.contains(place) }, "expected '\(place)' in:\n\(problems.joined(separator: "\n"))"
    )
  }

  @Test func `the same example fixed type-checks`() throws {
    // Negative control for the planted examples: they fail for what was planted, not for their frame.
    let source = """
      /// ```swift
      /// let clock = FixedWallClock(secondsSince1970: 0)
      /// clock.secondsSince1970()  // 0
      /// struct Midnight: WallClock {
      ///   func secondsSince1970() -> Int64 { 0 }
      /// }
      /// ```
      """
    let blocks = try CodeBlock.docComments(source, path: "Sources/Effects/Planted.swift")
    let effects = try #require(Self.modules.first { $0.name == "Effects" })
    let problems = effects.typecheck(modules: try Self.modulesFolder(), blocks: blocks)
    #expect(problems.isEmpty, "\(problems.joined(separator: "\n"))")
  }
}
