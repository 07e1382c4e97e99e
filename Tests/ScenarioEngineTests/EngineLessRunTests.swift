import TestSupport
import Testing

@testable import ScenarioEngine

/// The run of a build without the input-method engines (the Mac build): items that type keystrokes are
/// listed as not run, never passed, and everything else still runs.
struct EngineLessRunTests {
  @Test func `without engines the composition items are not run and the rest still runs`() throws {
    let plan = try Fixtures.defaultPlan.get()
    let report = AutomatedRun.run(plan, subject: .core, engines: nil)
    let automated = plan.items.filter { $0.kind == .automated }
    let typed = automated.filter { AutomatedRun.needsEngine($0) }.map(\.id)
    // The default matrix: 73 composition items (C1–C3, R1–R6) need an engine; 28 paste/autofill/
    // dictation/programmatic items, 3 rule tables (P2), 3 timing items (T1) and 14 haptic items do not.
    #expect(typed.count == 73)
    #expect(report.notRun == typed)
    #expect(report.results.map(\.id) == automated.filter { !AutomatedRun.needsEngine($0) }.map(\.id))
    #expect(report.results.count == 48)
    #expect(report.results.allSatisfy { $0.status == .pass })
    let explanation = try #require(report.notRunExplanation)
    #expect(
      explanation.hasPrefix("73 automated items not run: qapass was built without the input-method engines"))
  }

  @Test func `the naive subject still fails its haptic and paste checks without engines`() throws {
    // Negative control: the items that do run without engines still catch the naive implementations.
    let report = AutomatedRun.run(try Fixtures.defaultPlan.get(), subject: .naive, engines: nil)
    #expect(report.summary.failures > 0)
    #expect(
      report.results.filter { $0.check.rawValue.hasPrefix("haptic.") }.allSatisfy { $0.status == .fail })
  }

  /// Issue 33: 48 Korean manual items worded their steps from libhangul's trace with the engines and from
  /// the recipe's keys without, so the Mac build's plan fingerprint differed from the Linux build's and
  /// `pass` there refused a pack exported on Linux ("the run was made for plan …").
  @Test(.needsEngines) func `the plan fingerprint is the same with and without the engines`() throws {
    let withEngines = try Fixtures.defaultPlan.get()
    let without = try Plan.make(file: Fixtures.loadMatrix(), engines: nil)
    #expect(without.fingerprint == withEngines.fingerprint)
    #expect(without.items.map(\.id) == withEngines.items.map(\.id))
    // The engine's wording is still what the checklists show: the fingerprint covers the recipe's.
    let worded = zip(withEngines.items, without.items).filter {
      $0.steps != $1.steps || $0.expected != $1.expected
    }
    #expect(worded.count == 48)
    for (traced, plain) in worded {
      #expect(traced.recipeWording?.steps == plain.steps && traced.recipeWording?.expected == plain.expected)
      #expect(plain.recipeWording == nil)
    }
    #expect(worded.allSatisfy { $0.0.configuration.inputMethod?.rawValue == "ko-2set" })
  }

  @Test func `the built-in engines follow the build`() {
    #expect((BuiltInEngines.factory != nil) == BuildTraits.hasEngines)
  }
}
