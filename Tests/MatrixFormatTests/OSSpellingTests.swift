import Diagnostics
import MatrixExpansion
import MatrixFormat
import TestSupport
import Testing

/// One rule for OS versions wherever a matrix file writes one (issue 23: a device's `os: [26]` passed
/// lint and silently removed its 26.x session; `os: ["26", "18.x"]` dropped 45 of 60 combinations with
/// no warning).
struct OSSpellingTests {
  /// A sound file with one device whose `os:` is `deviceOS` and a matrix whose `os:` is `matrixOS`;
  /// both may carry position markers.
  static func file(
    deviceOS: String = "{min: \"13.0\"}", matrixOS: String = "[\"27.x\", \"18.x\"]", extra: String = "",
    devices: String = "[iphone-11, iphone-16e]"
  ) -> MarkedText {
    MarkedText(
      """
      version: 1
      name: OS spellings
      input_methods:
        - {id: zh-pinyin, keyboard: zh_Hans-Pinyin@sw=Pinyin-Simplified;hw=Automatic, recipe: zhongwen3, expect: 中文}
      devices:
        - {id: iphone-11, name: iPhone 11, kind: device, haptics: true, os: \(deviceOS)}
        - {id: iphone-16e, name: iPhone 16e, kind: device, haptics: true, os: {min: "18.3"}}
      matrix:
        os: \(matrixOS)
        input_method: [zh-pinyin]
        device: \(devices)\(extra)

      """)
  }

  /// Every diagnostic of loading `text`, as `line:col: severity: message`.
  static func diagnostics(_ text: String) -> [String] {
    let found: [Diagnostic]
    do {
      found = try MatrixDocument.load(path: "m.yaml", bytes: Array(text.utf8)).warnings
    } catch {
      found = error.diagnostics
    }
    return found.map { d in
      "\(d.location.map { "\($0.line):\($0.column)" } ?? "-"): \(d.severity.rawValue): \(d.message)"
    }
  }

  static let number26 =
    "OS version 26 is a number here; OS versions are strings (YAML reads 17.10 as 17.1): write \"26.x\" "
    + "(any 26 release) or \"26.0\""

  struct Case: Sendable, CustomTestStringConvertible {
    var name: String
    var file: MarkedText
    var expected: [String]
    var testDescription: String { name }
  }

  static let refused = [
    Case(
      name: "a number in a device's list", file: file(deviceOS: "[1️⃣26, \"18.x\"]"),
      expected: ["1: error: \(number26)"]),
    Case(
      name: "a number as a device's minimum", file: file(deviceOS: "{min: 1️⃣26.0}"),
      expected: [
        "1: error: OS version 26.0 is a number here; OS versions are strings (YAML reads 17.10 as 17.1): "
          + "write \"26.0\""
      ]),
    Case(
      name: "a number in the matrix", file: file(matrixOS: "[1️⃣26, \"18.x\"]"),
      expected: ["1: error: \(number26)"]),
    Case(
      name: "a number in an exclude entry",
      file: file(extra: "\n  exclude:\n    - {device: iphone-11, os: 1️⃣18}"),
      expected: [
        "1: error: OS version 18 is a number here; OS versions are strings (YAML reads 17.10 as 17.1): "
          + "write \"18.x\" (any 18 release) or \"18.0\""
      ]),
    Case(
      name: "a text that is no version in a device's list", file: file(deviceOS: "[\"26.x\", 1️⃣\"26 beta\"]"),
      expected: [
        "1: error: '26 beta' is not an OS version; expected a form such as '27.x', '26.4' or '18.7.2'"
      ]),
    Case(
      name: "a boolean in a device's list", file: file(deviceOS: "[1️⃣true]"),
      expected: ["1: error: expected an OS version such as \"26.x\", found boolean true"]),
    Case(
      name: "an empty device list", file: file(deviceOS: "1️⃣[]"),
      expected: [
        "1: error: the device's 'os' list is empty; list the versions it runs ([\"26.x\", \"18.x\"]) or give a "
          + "range ({min: \"18.3\"})"
      ]),
  ]

  @Test(arguments: refused)
  func `every place refuses the same spellings, at the value`(_ c: Case) {
    let expected = c.expected.map { c.file.place(1) + String($0.dropFirst(1)) }
    #expect(Self.diagnostics(c.file.text) == expected)
  }

  @Test func `a bare major version in the matrix is a warning that says what to write`() {
    let marked = Self.file(matrixOS: "[1️⃣\"26\", \"18.x\"]")
    #expect(
      Self.diagnostics(marked.text) == [
        "\(marked.place(1)): warning: '26' names no release; qapass reads it as any 26 release: write \"26.x\" "
          + "to say so, or \"26.0\" for the first release"
      ])
  }

  @Test func `the same versions quoted are clean, and a bound may be a bare major`() {
    // The negative control of the cases above: each value spelt as the rule asks.
    for (device, matrix) in [
      ("[\"26.x\", \"18.x\"]", "[\"27.x\", \"26.x\", \"18.x\"]"), ("{min: \"26\"}", "[\"27.x\", \"26.4\"]"),
      ("{min: \"13.0\", max: \"18.7.2\"}", "[\"18.x\"]"),
    ] {
      #expect(
        Self.diagnostics(Self.file(deviceOS: device, matrixOS: matrix).text).isEmpty, "\(device) \(matrix)")
    }
  }

  @Test func `a device's list holds releases: 26.x runs 26.4 and 26, 26.4 runs 26.x`() throws {
    // Compared as text, a matrix "26" lost every cell of devices listing "26.x" (issue 23).
    let cases: [(list: String, os: String, runs: Bool)] = [
      ("[\"26.x\"]", "26.4", true), ("[\"26.x\"]", "26", true), ("[\"26.4\"]", "26.x", true),
      ("[\"26.4\"]", "26.3", false), ("[\"26.x\", \"18.x\"]", "27.x", false),
    ]
    for c in cases {
      let loaded = try MatrixDocument.load(
        path: "m.yaml", bytes: Array(Self.file(deviceOS: c.list, matrixOS: "[\"\(c.os)\"]").text.utf8))
      guard case .qapass(let file) = loaded.document else {
        Issue.record("not a qapass file")
        continue
      }
      let cells = try file.cells().cells
      #expect(cells.contains { $0.device == "iphone-11" } == c.runs, "\(c.list) runs \(c.os)")
    }
  }

  @Test func `an OS no device runs, and a device that runs none, are warned at the value`() {
    let marked = Self.file(
      deviceOS: "[\"26.x\"]", matrixOS: "[\"26.x\", 1️⃣\"17.x\"]",
      extra: "\n  exclude:\n    - {device: iphone-16e, os: \"26.x\"}")
    let device = Self.file(
      deviceOS: "{max: \"16.7\"}", matrixOS: "[\"27.x\", \"26.x\"]", devices: "[2️⃣iphone-11, iphone-16e]")
    #expect(
      Self.diagnostics(marked.text) == [
        "\(marked.place(1)): warning: no device of the matrix runs iOS 17.x (see their 'os'), so every cell of "
          + "'17.x' is impossible and nothing is planned for it"
      ])
    #expect(
      Self.diagnostics(device.text) == [
        "\(device.place(2)): warning: device 'iphone-11' runs none of the matrix's OS versions (it supports up to 16.7), so "
          + "every cell of it is impossible and nothing is planned for it"
      ])
  }
}
