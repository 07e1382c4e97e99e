import Foundation
import MatrixFormat
import Testing

@testable import ScenarioEngine

/// A field names the input methods that apply to it; the plan crosses only those (issue 13, part 1).
struct FieldScopeTests {
  static let newUser = "matrices/new-user.yaml"

  /// The same matrix as a version 1 file without per-field lists: every keyboard on every field.
  static func unscoped() throws -> MatrixFile {
    let url = Fixtures.repositoryRoot.appendingPathComponent(newUser)
    let text = try String(contentsOf: url, encoding: .utf8)
    let lines = text.split(separator: "\n", omittingEmptySubsequences: false).filter {
      !$0.hasPrefix("    input_methods:")
    }
    return try Fixtures.loadMatrix(text: lines.joined(separator: "\n"), path: "unscoped.yaml")
  }

  static func keyboardItemsPerSession(_ plan: Plan) -> Set<Int> {
    let keyboard = plan.items.filter { $0.kind == .manual && $0.channel == .composition }
    let sessions = Dictionary(grouping: keyboard) {
      "\($0.configuration.device ?? "").\($0.configuration.os ?? "")"
    }
    return Set(sessions.values.map(\.count))
  }

  @Test func `the new-user matrix plans only the declared crossings`() throws {
    let file = try Fixtures.loadMatrix(Self.newUser)
    let plan = try Plan.make(file: file)
    #expect(plan.summary.automatedItems == 110)
    #expect(plan.summary.manualItems == 181)
    #expect(plan.summary.deviceSessions == 12)
    // Pinyin and Zhuyin on the Han name, romaji and 10-key on the Japanese name: 4 x 3 per session.
    #expect(Self.keyboardItemsPerSession(plan) == [12])
    for item in plan.items {
      guard let method = item.configuration.inputMethod, let fieldID = item.configuration.field else {
        continue
      }
      let field = try #require(file.field(fieldID.rawValue))
      #expect(field.applies(method.rawValue), "\(item.id) crosses an undeclared pair")
    }
    let ids = plan.items.map(\.id.rawValue)
    #expect(!ids.contains { $0.contains(".email") && $0.hasPrefix("manual.ime.") })
    #expect(!ids.contains { $0.contains(".ko-2set.") })
    #expect(ids.contains("auto.p1.autofill.email.valid"))
    #expect(ids.contains("manual.ime.m2.iphone-16e.26.x.zh-zhuyin.full-name"))
    // 10-key flick has no engine: manual items only, and the plan says so.
    #expect(ids.contains("manual.ime.m1.iphone-se-3.18.x.ja-10key.japanese-name"))
    #expect(!ids.contains { $0.hasPrefix("auto.") && $0.contains(".ja-10key.") })
    #expect(plan.notes.contains { $0.hasPrefix("input method 'ja-10key': no engine") })
    #expect(plan.notes.contains("input method 'ko-2set': no field lists it, so nothing is planned for it"))
  }

  @Test func `without per-field lists every input method is crossed with every field, as before`() throws {
    let plan = try Plan.make(file: Self.unscoped())
    #expect(plan.summary.automatedItems == 263)
    #expect(plan.summary.manualItems == 577)
    #expect(Self.keyboardItemsPerSession(plan) == [45])
    #expect(plan.items.contains { $0.id == "manual.ime.m1.iphone-16e.26.x.ko-2set.full-name" })
  }

  @Test(.needsEngines) func `the new-user matrix passes against the core and its controls fail`() throws {
    let plan = try Plan.make(file: Fixtures.loadMatrix(Self.newUser))
    let core = AutomatedRun.run(plan, subject: .core)
    #expect(core.summary.passes == 110, "\(core.results.filter { $0.status != .pass }.map(\.id))")
    let naive = AutomatedRun.run(plan, subject: .naive)
    // ㄓ and ㄓㄤ are bopomofo, not Han: the naive validator shows its error while composing.
    #expect(
      naive.results.contains { $0.id == "auto.c1.zh-zhuyin.full-name.every-update" && $0.status == .fail })
  }

  @Test func `a field's own recipe and expected text replace the input method's`() throws {
    let plan = try Fixtures.defaultPlan.get()
    let korean = plan.items.filter { $0.configuration.inputMethod == "ko-2set" }
    #expect(!korean.isEmpty && korean.allSatisfy { $0.configuration.field == "korean-name" })
    let c2 = try #require(korean.first { $0.scenario == "c2" })
    #expect(c2.steps.first?.contains("qkrtjdus") == true)
    #expect(c2.steps.last?.contains("박서연") == true)
    let m2 = try #require(korean.first { $0.scenario == "m2" })
    #expect(m2.expected.first?.contains("박서연") == true)
    let report = try Fixtures.coreReport.get()
    #expect(report.results.filter { $0.id.rawValue.contains(".ko-2set.") }.allSatisfy { $0.status == .pass })
  }

  @Test func `lint warns about a keyboard in the matrix that no field lists`() throws {
    let url = Fixtures.repositoryRoot.appendingPathComponent(Self.newUser)
    let (_, warnings) = try MatrixDocument.load(path: Self.newUser, bytes: Array(try Data(contentsOf: url)))
    #expect(
      warnings.map { "\($0.location?.line ?? 0):\($0.location?.column ?? 0) \($0.message)" } == [
        "77:61 input method 'ko-2set' is in the matrix but no field lists it in 'input_methods', so nothing is "
          + "planned for it"
      ])
    #expect(try Fixtures.defaultPlan.get().notes.allSatisfy { !$0.contains("no field lists it") })
  }
}
