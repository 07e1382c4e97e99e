import Foundation
import TestSupport
import Testing

@testable import QAPassCLI

/// Control characters from a matrix, a records file or the command line reach the terminal only as
/// `\u{1B}` (issue 32: ESC, BEL and OSC sequences were printed raw by `lint`, the `plan` table, the
/// terminal walk and error messages quoting a value, so a file could retitle the terminal or hide text).
struct TerminalEscapesTests {
  /// OSC 0 (retitle the terminal), then a CSI that would hide what follows, then BEL.
  static let osc = "\u{1B}]0;owned\u{07}\u{1B}[8m"
  /// How ``osc`` is shown.
  static let shown = #"\u{1B}]0;owned\u{7}\u{1B}[8m"#

  /// Checks that `text` holds no raw control character but tab and line feed, and shows ``osc``.
  static func expectShown(_ text: String, sourceLocation: SourceLocation = #_sourceLocation) {
    let raw = text.unicodeScalars.filter { ($0.value < 0x20 && $0 != "\n" && $0 != "\t") || $0.value == 0x7F }
    #expect(raw.isEmpty, "raw control characters \(raw.map(\.value))", sourceLocation: sourceLocation)
    #expect(text.contains(shown), "\(text)", sourceLocation: sourceLocation)
  }

  /// The team's matrix with the session's keyboard spelled with ``osc`` in the matrix (`lint` quotes it).
  @Test func `lint shows the control characters of a value it quotes`() throws {
    let ws = try TeamMatrix.workspace(
      TeamMatrix.text.replacingOccurrences(
        of: "input_method: [ko-2set]", with: #"input_method: ["ko-2set\e]0;owned\a\e[8m"]"#))
    defer { ws.remove() }
    let run = ws.run("lint", TeamMatrix.path)
    #expect(run.code == .dataError)
    Self.expectShown(run.err)
  }

  @Test func `an error message quoting an argument shows its control characters`() throws {
    let ws = try TeamMatrix.workspace()
    defer { ws.remove() }
    #expect(ws.run("checklist", TeamMatrix.path).code == .success)
    let run = ws.run(exactOS("record", "1", "--session", "phone-a\(Self.osc)", "--result", "pass"))
    #expect(run.code != .success)
    Self.expectShown(run.err)
  }

  @Test func `the terminal walk shows the control characters of a records file`() throws {
    let ws = try TeamMatrix.workspace()
    defer { ws.remove() }
    #expect(ws.run("checklist", TeamMatrix.path).code == .success)
    // An earlier observation, for another build, whose build carries the sequence: the walk shows it as
    // the reason the item is walked again.
    let first = ws.run(
      exactOS(
        "record", "1", "--session", TeamMatrix.session, "--result", "pass", "--tester", "minji", "--build",
        "2.3.0 (76)\(Self.osc)"))
    #expect(first.code == .success, "\(first.err)")
    final class Box: @unchecked Sendable { var out = "" }
    let box = Box()
    var answers = ["q"]
    let console = Console(
      environment: ["QAPASS_TESTER": "minji"], currentDirectory: ws.url.path, standardInputIsTerminal: true,
      out: { box.out += $0 }, err: { box.out += $0 },
      readLine: { answers.isEmpty ? nil : answers.removeFirst() })
    let code = Tool.run(
      arguments: ["record", "--session", TeamMatrix.session, "--os", "26.4"], console: console)
    #expect(code == .success, "\(box.out)")
    #expect(box.out.contains("Recorded before, now stale"), "\(box.out)")
    Self.expectShown(box.out)
  }
}
