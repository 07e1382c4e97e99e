import Foundation
import TestSupport
import Testing

@testable import QAPassCLI

/// `lint` runs every check `run` and `pass` depend on (issue "Every mistake caught early; no output ever
/// destroys a file", part 4): each mistake below is one edit of the default matrix, found with its place.
struct LintChecksTests {
  struct Case: Sendable, CustomTestStringConvertible {
    var name: String
    var replace: String
    var with: String
    var code: ExitCode
    var firstLine: String
    var testDescription: String { name }
  }

  static let cases = [
    Case(
      name: "engine typo", replace: "engine: hangul:2\n", with: "engine: hangul:2set\n", code: .dataError,
      firstLine:
        "m.yaml:30:13: error: engine of 'ko-2set': unknown input method engine 'hangul:2set'; did you mean 'hangul:2'?"
    ),
    Case(
      name: "engine not on this machine", replace: "engine: hangul:2\n", with: "engine: m17n:xx-nothing\n",
      code: .success,
      firstLine:
        "m.yaml:30:13: warning: engine 'm17n:xx-nothing' of 'ko-2set' cannot be loaded on this machine (m17n-db "
        + "here has no such input method); its recipe is not checked, and run and pass here will report its "
        + "automated items as errors"),
    Case(
      name: "recipe key", replace: "recipe: \"yamada{space}{Return}\"",
      with: "recipe: \"yamada{space}{Enter}\"",
      code: .dataError,
      firstLine:
        "m.yaml:19:27: error: recipe of 'ja-romaji': unknown key name 'Enter'; did you mean 'Return'? valid names: "
        + "'BackSpace', 'Delete', 'Down', 'Escape', 'Henkan', 'Left', 'Return', 'Right', 'Tab', 'Up', 'braceleft', "
        + "'braceright', 'space'"),
    Case(
      name: "regex", replace: "rules: [required, han-name]", with: "rules: [required, {regex: \"[a-z\"}]",
      code: .dataError,
      firstLine: "m.yaml:70:31: error: field 'full-name': invalid regular expression '[a-z': expected ']'"),
    // Issue 23: at the `expect`, with what the engine commits.
    Case(
      name: "expect", replace: "expect: 张伟", with: "expect: 張伟", code: .dataError,
      firstLine:
        "m.yaml:14:13: error: 'expect' of 'zh-pinyin' is '張伟', but engine 'm17n:zh-py' commits '张伟' for its "
        + "recipe, so its automated items would fail as if the app were wrong; write what the engine commits, or "
        + "fix the recipe ('qapass trace --engine m17n:zh-py <recipe>' shows each step)"),
    Case(
      name: "a field's own expect", replace: "expect: 박서연}", with: "expect: 박서현}", code: .dataError,
      firstLine:
        "m.yaml:80:49: error: 'expect' of 'ko-2set' in field 'korean-name' is '박서현', but engine 'hangul:2' "
        + "commits '박서' and leaves '연' composing for its recipe, so its automated items would fail as if the "
        + "app were wrong; write what the engine commits, or fix the recipe ('qapass trace --engine hangul:2 "
        + "<recipe>' shows each step)"),
    Case(
      name: "a device's OS as a number", replace: "    os: {min: \"26.0\"}\n  - id: iphone-16e",
      with: "    os: [26]\n  - id: iphone-16e", code: .dataError,
      firstLine:
        "m.yaml:39:10: error: OS version 26 is a number here; OS versions are strings (YAML reads 17.10 as 17.1): "
        + "write \"26.x\" (any 26 release) or \"26.0\""),
    Case(
      name: "a bare major version in the matrix", replace: "os: [\"27.x\", \"26.x\", \"18.x\"]",
      with: "os: [\"27.x\", \"26\", \"18.x\"]", code: .success,
      firstLine:
        "m.yaml:91:16: warning: '26' names no release; qapass reads it as any 26 release: write \"26.x\" to say "
        + "so, or \"26.0\" for the first release"),
    Case(
      name: "Zhuyin under Simplified Chinese",
      replace: "keyboard: zh_Hans-Pinyin@sw=Pinyin-Simplified;hw=Automatic",
      with: "keyboard: zh_Hans-Zhuyin@sw=Zhuyin",
      code: .success,
      firstLine:
        "m.yaml:11:15: warning: keyboard 'zh_Hans-Zhuyin@sw=Zhuyin' is not an iOS keyboard identifier qapass knows "
        + "(DOMAIN 3.3); did you mean 'zh_Hant-Zhuyin@sw=Zhuyin'? If it is right, confirm it in the AppleKeyboards "
        + "list of a device that has the keyboard: simulator-setup writes it there"),
    Case(
      name: "a kana flick layout", replace: "keyboard: ja_JP-Kana@sw=Kana;hw=Automatic",
      with: "keyboard: ja_JP-Kana@sw=Kana-Flick", code: .success,
      firstLine:
        "m.yaml:23:15: warning: keyboard 'ja_JP-Kana@sw=Kana-Flick' is not an iOS keyboard identifier qapass knows "
        + "(DOMAIN 3.3); did you mean 'ja_JP-Kana@sw=Kana;hw=Automatic'? If it is right, confirm it in the "
        + "AppleKeyboards list of a device that has the keyboard: simulator-setup writes it there"),
    Case(
      name: "keyboard shape", replace: "keyboard: ko_KR@sw=Korean;hw=Automatic",
      with: "keyboard: \"ko_KR@sw=Korean - 2 Set\"", code: .dataError,
      firstLine:
        "m.yaml:29:15: error: keyboard 'ko_KR@sw=Korean - 2 Set' is not an iOS keyboard identifier; expected "
        + "'<language>[_<script>][-<mode>]@sw=<layout>[;hw=<hardware>]', such as "
        + "'zh_Hans-Pinyin@sw=Pinyin-Simplified;hw=Automatic'; for this language, such as "
        + "'ko_KR@sw=Korean;hw=Automatic'"),
    Case(
      name: "duplicate OS", replace: "os: [\"27.x\", \"26.x\", \"18.x\"]",
      with: "os: [\"27.x\", \"26.x\", \"26.x\"]",
      code: .dataError,
      firstLine:
        "m.yaml:91:24: error: '26.x' appears twice in 'os'; each value makes its own cells, so remove the second"
    ),
    Case(
      name: "bare number OS", replace: "os: [\"27.x\", \"26.x\", \"18.x\"]",
      with: "os: [\"27.x\", 26, \"18.x\"]",
      code: .dataError,
      firstLine:
        "m.yaml:91:16: error: OS version 26 is a number here; OS versions are strings (YAML reads 17.10 as 17.1): "
        + "write \"26.x\" (any 26 release) or \"26.0\""),
    Case(
      name: "haptics on an iPad", replace: "    haptics: false\n    os: {min: \"17.4\"}",
      with: "    haptics: true\n    os: {min: \"17.4\"}", code: .dataError,
      firstLine:
        "m.yaml:53:14: error: 'iPad Air 11-inch (M2)' cannot have 'haptics: true': no iPad has a Taptic Engine "
        + "(Core Haptics' supportsHaptics is false on iPads, DOMAIN 3.2); write 'haptics: false', so its testers "
        + "get the no-haptics item"),
  ]

  @Test(.needsEngines, arguments: cases)
  func `each mistake is found with its place, caret and suggestion`(_ c: Case) throws {
    let original = try String(
      contentsOf: repositoryRoot.appendingPathComponent("matrices/default.yaml"), encoding: .utf8)
    #expect(original.contains(c.replace))
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("qapass-lint-\(UUID())")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let text = original.replacingOccurrences(
      of: c.replace, with: c.with, range: original.range(of: c.replace))
    try text.write(to: directory.appendingPathComponent("m.yaml"), atomically: true, encoding: .utf8)
    let run = qapass("lint", "m.yaml", in: directory)
    #expect(run.code == c.code)
    let lines = run.err.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    #expect(lines.first == c.firstLine)
    // The source line and a caret under the column follow.
    let column = try #require(Int(c.firstLine.split(separator: ":")[2]))
    #expect(lines.count > 2 && lines[2].hasSuffix(String(repeating: " ", count: column - 1) + "^"))
    if c.code == .success { #expect(run.out.hasPrefix("m.yaml: ok")) }
  }

  /// Issue 23: one rule, one message, every command; nothing is written.
  @Test(
    .needsEngines,
    arguments: [
      ["lint", "m.yaml"], ["expand", "m.yaml"], ["plan", "m.yaml"], ["run", "m.yaml"],
      ["checklist", "m.yaml"],
      ["pass", "m.yaml"], ["report", "m.yaml"], ["export-scenarios", "m.yaml"],
      ["destinations", "m.yaml", "--simctl-json", "s.json"],
      exactOS(["record", "1", "--session", "iphone-16e.26.x", "--result", "pass", "--matrix", "m.yaml"]),
      ["ingest-junit", "j.xml", "--device", "iphone-16e", "--os", "26.x", "--matrix", "m.yaml"],
      ["ingest-xcresult", "s.json", "--matrix", "m.yaml"],
      ["simulator-setup", "sim-iphone-16e.26.x", "--matrix", "m.yaml", "--simctl-json", "s.json"],
    ])
  func `every command refuses a device's OS written as a number, the same way`(_ arguments: [String]) throws {
    let original = try String(
      contentsOf: repositoryRoot.appendingPathComponent("matrices/default.yaml"), encoding: .utf8)
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("qapass-os-\(UUID())")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let broken = original.replacingOccurrences(
      of: "os: {min: \"26.0\"}", with: "os: [26]", range: original.range(of: "os: {min: \"26.0\"}"))
    try broken.write(to: directory.appendingPathComponent("m.yaml"), atomically: true, encoding: .utf8)
    try "{}".write(to: directory.appendingPathComponent("s.json"), atomically: true, encoding: .utf8)
    try FileManager.default.copyItem(
      at: repositoryRoot.appendingPathComponent("Tests/QAPassCLITests/Fixtures/xcbeautify-junit.xml"),
      to: directory.appendingPathComponent("j.xml"))
    let run = qapass(arguments, in: directory.path)
    let expected =
      "m.yaml:39:10: error: OS version 26 is a number here; OS versions are strings (YAML reads 17.10 as 17.1): "
      + "write \"26.x\" (any 26 release) or \"26.0\""
    #expect(run.code == .dataError)
    #expect(run.err.split(separator: "\n").first.map(String.init) == expected)
    let left = try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted()
    #expect(left == ["j.xml", "m.yaml", "s.json"], "a refused matrix writes nothing")
  }

  @Test(.needsEngines) func `the default matrix lints clean, engines and texts included`() {
    let run = qapass("lint", "matrices/default.yaml")
    #expect(run.code == .success)
    #expect(run.err.isEmpty)
  }
}
