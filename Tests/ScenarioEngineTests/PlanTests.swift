import AcceptanceCore
import Diagnostics
import Foundation
import QAModel
import TestSupport
import Testing

@testable import ScenarioEngine

struct PlanTests {
  @Test func `item ids are unique and follow the documented scheme`() throws {
    let plan = try Fixtures.defaultPlan.get()
    let ids = plan.items.map(\.id.rawValue)
    #expect(Set(ids).count == ids.count)
    #expect(ids.contains("auto.c1.zh-pinyin.full-name.every-update"))
    #expect(ids.contains("auto.c3.ja-romaji.japanese-name.no-change-on-commit.return"))
    #expect(ids.contains("auto.p1.paste.full-name.invalid"))
    #expect(ids.contains("auto.haptic.engine-reset"))
    #expect(ids.contains("manual.ime.m2.iphone-16e.26.x.zh-pinyin.full-name"))
    #expect(ids.contains("manual.haptic.h1.iphone-16e.26.x"))
    #expect(ids.contains("manual.haptic.v1.ipad-air-m2.26.x"))
    let allowed = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_.")
    #expect(ids.allSatisfy { $0.allSatisfy(allowed.contains) })
  }

  @Test func `the same file gives the same plan, byte for byte`() throws {
    let first = try Plan.make(file: Fixtures.loadMatrix())
    let second = try Plan.make(file: Fixtures.loadMatrix())
    #expect(first.fingerprint == second.fingerprint)
    #expect(first.json() == second.json())
    #expect(first.markdown() == second.markdown())
    #expect(first.table() == second.table())
  }

  @Test func `haptic feel items go exactly to physical devices with haptics`() throws {
    let plan = try Fixtures.defaultPlan.get()
    let file = try Fixtures.loadMatrix()
    let feel = plan.items.filter {
      $0.kind == .manual && ["h1", "h2", "h3", "h4", "h5"].contains($0.scenario)
    }
    let feelDevices = Set(feel.compactMap(\.configuration.device))
    #expect(feelDevices == ["iphone-17-pro", "iphone-16e", "iphone-11"])
    for device in feelDevices {
      #expect(file.device(device.rawValue)?.kind == .device && file.device(device.rawValue)?.haptics == true)
    }
    #expect(feel.allSatisfy { $0.haptic?.fingerprint == HapticPattern.savedConfirmation().fingerprint })
    #expect(feel.allSatisfy { $0.record.contains { $0.contains("one parameter at a time") } })
    #expect(feel.first?.haptic?.parameters == ["transient t=0.000 i=1.000 s=0.500"])
  }

  @Test func `the iPad gets the visibility item and simulators get a note instead of feel items`() throws {
    let plan = try Fixtures.defaultPlan.get()
    let visibility = plan.items.filter { $0.scenario == "v1" }
    #expect(
      visibility.map(\.id) == [
        "manual.haptic.v1.ipad-air-m2.27.x", "manual.haptic.v1.ipad-air-m2.26.x",
        "manual.haptic.v1.ipad-air-m2.18.x",
      ])
    let simulatorHaptic = plan.items.filter {
      $0.channel == .haptics && ($0.configuration.device?.rawValue ?? "").hasPrefix("sim-")
    }
    #expect(simulatorHaptic.isEmpty)
    let simulatorSessions = Set(
      plan.items.filter { ($0.configuration.device?.rawValue ?? "").hasPrefix("sim-") }.map {
        "\($0.configuration.device ?? "") on \($0.configuration.os ?? "")"
      })
    #expect(simulatorSessions.count == 5)
    for session in simulatorSessions {
      #expect(plan.notes.contains { $0.hasPrefix(session + ": no haptic feel items") }, "\(session)")
    }
    let simulatorKeyboard = plan.items.first {
      $0.id == "manual.ime.m1.sim-iphone-16e.26.x.zh-pinyin.full-name"
    }
    #expect(
      simulatorKeyboard?.preconditions.contains { $0.contains("Connect Hardware Keyboard is off") } == true)
    #expect(
      simulatorKeyboard?.preconditions.contains { $0.contains("zh_Hans-Pinyin@sw=Pinyin-Simplified") } == true
    )
  }

  @Test func `impossible cells are listed with their reasons`() throws {
    let plan = try Fixtures.defaultPlan.get()
    #expect(plan.removedCells.count == 8)
    #expect(plan.removedCells.allSatisfy { $0.reason.contains("does not run iOS") })
    #expect(plan.removedCells.allSatisfy { $0.combination.contains { $0.key == "os" && $0.value == "18.x" } })
    #expect(
      plan.items.allSatisfy { !($0.configuration.device == "iphone-17-pro" && $0.configuration.os == "18.x") }
    )
    #expect(plan.summary.removedCells == 8)
  }

  @Test func `the summary counts items and device sessions`() throws {
    let plan = try Fixtures.defaultPlan.get()
    #expect(plan.summary.automatedItems == 121)
    #expect(plan.summary.manualItems == plan.items.count - 121)
    // 6 devices x 3 OS versions, minus iPhone 17 Pro and its simulator on 18.x.
    #expect(plan.summary.deviceSessions == 16)
    #expect(plan.summary.automatedPerScenario.first == PlanItem.Pair(key: "c1", value: "10"))
    // One keyboard per session and field pair declared: pinyin for the Han name, romaji and kana for
    // the Japanese name, 2-set for the Korean name; three keyboard items each.
    let perSession = Dictionary(grouping: plan.items.filter { $0.scenario.rawValue.hasPrefix("m") }) {
      "\($0.configuration.device ?? "").\($0.configuration.os ?? "")"
    }
    #expect(perSession.count == 16 && perSession.values.allSatisfy { $0.count == 12 })
    #expect(plan.summary.manualItems == 16 * 12 + 8 * 5 + 3)
  }

  @Test func `a bad recipe is reported at its place in the file`() throws {
    let text = """
      version: 1
      name: Broken
      input_methods:
        - {id: zh, keyboard: "zh_Hans-Pinyin@sw=Pinyin-Simplified;hw=Automatic", engine: "m17n:zh-py", recipe: "zh{Enter}", expect: 中}
      devices:
        - {id: d, name: D, kind: device, haptics: true, os: {min: "18.0"}}
      fields:
        - {id: f, rules: [han-name]}
      matrix:
        os: ["26.x"]
        input_method: [zh]
        device: [d]
      """
    let file = try Fixtures.loadMatrix(text: text)
    let error = #expect(throws: (any Error).self) { try Plan.make(file: file) }
    let diagnostic = try #require((error as? DiagnosticList)?.diagnostics.first)
    #expect(diagnostic.location?.line == 4)
    #expect(diagnostic.message.hasPrefix("recipe of 'zh': "))
  }

  @Test func `scenario ids are unique and text versions are bumped with the texts`() throws {
    let ids = ScenarioCatalog.all.map(\.id)
    #expect(Set(ids).count == ids.count)
    let table = ScenarioCatalog.all.map { "\($0.id) v\($0.version) \($0.textFingerprint)\n" }.joined()
    // The recorded table says which text each version had: a changed text under the same version
    // is a missing bump (observations of the old text would silently count for the new one).
    let url = Snapshot.url(named: "scenario-versions.txt")
    if let recorded = try? String(contentsOf: url, encoding: .utf8) {
      for line in recorded.split(separator: "\n") {
        let parts = line.split(separator: " ").map(String.init)
        guard parts.count == 3, let scenario = ScenarioCatalog.scenario(CheckID(rawValue: parts[0])) else {
          continue
        }
        if "v\(scenario.version)" == parts[1] && scenario.textFingerprint != parts[2] {
          Issue.record(
            "scenario \(scenario.id): its text changed but its version is still \(scenario.version); bump it")
        }
      }
    }
    assertSnapshot(table, named: "scenario-versions.txt")
  }

  /// Golden renderings are for a person to review: they come from a small fixture; the default
  /// matrix is checked by its counts and ids above.
  @Test(.needsEngines) func `golden plan renderings of a small matrix`() throws {
    let plan = try Plan.make(file: Fixtures.loadMatrix("Tests/ScenarioEngineTests/Fixtures/small.yaml"))
    assertSnapshot(plan.table(), named: "small-plan.txt")
    assertSnapshot(plan.markdown(), named: "small-plan.md")
    // Every P1 item has the same JSON shape as the others; the JSON golden comes from the same matrix
    // with a regex rule (no samples, so no P1 items), which keeps it short enough to review.
    #expect(plan.json().contains("\"id\": \"auto.p1.paste.name.incomplete\""))
    let json = try Plan.make(file: Fixtures.loadMatrix("Tests/ScenarioEngineTests/Fixtures/small-json.yaml"))
    #expect(json.items.contains { $0.id == "auto.c1.ko-2set.name.every-update" })
    #expect(!json.items.contains { $0.id.rawValue.hasPrefix("auto.p1.") })
    assertSnapshot(json.json(), named: "small-plan.json")
  }
}

extension PlanTests {
  static let smallMatrix = """
    version: 1
    name: Small
    input_methods:
      - {id: zh-pinyin, keyboard: "zh_Hans-Pinyin@sw=Pinyin-Simplified;hw=Automatic", engine: "m17n:zh-py", recipe: zhongwen3, expect: 中文}
    devices:
      - {id: iphone-16e, name: iPhone 16e, kind: device, haptics: true, os: {min: "18.3"}}
    fields:
      - {id: full-name, label: Full name, rules: [required, han-name]}
    haptics:
      confirmation:
        - {type: transient, time: 0, intensity: 0.8, sharpness: 0.4}
        - {type: continuous, time: 0.05, intensity: 0.5, sharpness: 0.2, duration: 0.2}
    plan:
      strategy: {kind: pairwise, strength: 2}
    matrix:
      os: ["26.x"]
      input_method: [zh-pinyin]
      device: [iphone-16e]
      orientation: [portrait, landscape]
    """

  @Test func `extra dimensions make manual ids distinct and appear in the configuration`() throws {
    let plan = try Plan.make(file: Fixtures.loadMatrix(text: Self.smallMatrix))
    let m1 = plan.items.filter { $0.scenario == "m1" }
    #expect(
      m1.map(\.id) == [
        "manual.ime.m1.iphone-16e.26.x.zh-pinyin.full-name.portrait",
        "manual.ime.m1.iphone-16e.26.x.zh-pinyin.full-name.landscape",
      ])
    #expect(m1.first?.configuration.extras == [PlanItem.Pair(key: "orientation", value: "portrait")])
    // Haptic items are per device session, not per orientation.
    #expect(plan.items.filter { $0.scenario == "h1" }.map(\.id) == ["manual.haptic.h1.iphone-16e.26.x"])
    #expect(
      plan.notes.contains {
        $0.hasPrefix("manual items follow a 2-way covering array (seed 0): 2 cells instead of 2")
      })
  }

  @Test func `a two-event contract is more than the core's one-event savedConfirmation can express`() throws {
    let plan = try Plan.make(file: Fixtures.loadMatrix(text: Self.smallMatrix))
    let reference = try #require(plan.items.first { $0.id == "manual.haptic.h1.iphone-16e.26.x" }?.haptic)
    #expect(
      reference.parameters == [
        "transient t=0.000 i=0.800 s=0.400", "continuous t=0.050 d=0.200 i=0.500 s=0.200",
      ])
    // The flow plays the pattern it is given, so the core passes; the plan says that the shared
    // one-event function cannot build this contract, so the app must pass the declared pattern.
    let report = AutomatedRun.run(plan, subject: .core)
    #expect(
      report.results.filter { $0.check.rawValue.hasPrefix("haptic.") }.allSatisfy { $0.status == .pass })
    #expect(
      plan.notes.contains {
        $0.hasPrefix("haptics.confirmation: savedConfirmation(intensity:sharpness:delay:) cannot build it")
      })
  }

  @Test func `without a haptic contract no haptic item is planned`() throws {
    var text = Self.smallMatrix
    let start = try #require(text.range(of: "haptics:\n"))
    let end = try #require(text.range(of: "plan:\n"))
    text.removeSubrange(start.lowerBound..<end.lowerBound)
    let plan = try Plan.make(file: Fixtures.loadMatrix(text: text))
    #expect(plan.items.allSatisfy { $0.channel == .composition })
    #expect(plan.notes.contains("the matrix declares no 'haptics.confirmation': no haptic items are planned"))
  }
}

extension PlanTests {
  static func matrix(rules: String) -> String {
    """
    version: 1
    name: Regex
    input_methods:
      - {id: zh-pinyin, keyboard: "zh_Hans-Pinyin@sw=Pinyin-Simplified;hw=Automatic", engine: "m17n:zh-py", recipe: zhongwen3, expect: 中文}
    devices:
      - {id: iphone-16e, name: iPhone 16e, kind: device, haptics: true, os: {min: "18.3"}}
    fields:
      - {id: code, label: Code, rules: \(rules)}
    matrix:
      os: ["26.x"]
      input_method: [zh-pinyin]
      device: [iphone-16e]
    """
  }

  @Test func `a regex that does not compile is reported at its field`() throws {
    let file = try Fixtures.loadMatrix(text: Self.matrix(rules: "[{regex: '(ab'}]"))
    let error = #expect(throws: DiagnosticList.self) { try Plan.make(file: file) }
    let diagnostic = try #require(error?.diagnostics.first)
    #expect(diagnostic.location?.line == 8)
    #expect(diagnostic.message.hasPrefix("field 'code': invalid regular expression '(ab'"))
  }

  @Test(.needsEngines) func `samples come from the oracle, never from the rule under test`() throws {
    // The oracle has no verdicts for a regex: no samples, a note, and the field's items are not
    // exported (errors in a run), rather than judged by the rule being checked.
    let postcode = try Plan.make(
      file: Fixtures.loadMatrix(text: Self.matrix(rules: #"[required, {regex: '\d{3}-\d{4}'}]"#)))
    let field = try #require(postcode.automation.field("code"))
    // `required` comes first, so the empty text is a known invalid sample.
    #expect(field.validSample == nil && field.invalidSample == "")
    #expect(postcode.notes.contains { $0.hasPrefix("field 'code': no valid sample text found") })
    #expect(
      !postcode.items.contains { $0.id.rawValue.hasPrefix("auto.p1.") && $0.id.rawValue.hasSuffix(".valid") })
    let pack = PackExport.make(postcode, generator: "test")
    #expect(
      pack.unexported.allSatisfy {
        $0.reason.hasPrefix("no verdict for a text this item types, pastes or leaves: the regex rule")
      })
    // Exported: what needs no verdict of the regex (composing steps, the blanks `required` judges, the
    // text after an astral character).
    #expect(Set(pack.items.map(\.check)) == ["c1", "p1", "p2", "r1", "r5"])
    #expect(pack.items.count + pack.unexported.count == postcode.summary.automatedItems)
    let names = try Plan.make(
      file: Fixtures.loadMatrix(text: Self.matrix(rules: "[required, japanese-name]")))
    let japanese = try #require(names.automation.field("code"))
    #expect(japanese.validSample == "佐々木みゆき" && japanese.invalidSample == "sasaki")
  }
}
