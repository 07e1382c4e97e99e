import Effects
import Foundation
import Testing

@testable import QAPassCLI

/// `destinations` and `simulator-setup` on the saved simctl output in SimulatorsTests/Fixtures.
struct SimulatorCommandTests {
  static let fixtures = "Tests/SimulatorsTests/Fixtures"
  static let matrix = "\(fixtures)/simulators.yaml"
  static let simctl = "\(fixtures)/simctl-list-devices.json"

  @Test func `destinations prints one destination per session and fails on the sessions it cannot resolve`() {
    let strict = qapass("destinations", Self.matrix, "--simctl-json", Self.simctl)
    #expect(strict.code == .dataError)
    #expect(strict.out.isEmpty)
    #expect(strict.err.split(separator: "\n").count == 3)
    #expect(strict.err.hasPrefix("error: session 'sim-iphone-17-pro.27.x': no available 'iPhone 17 Pro'"))

    let run = qapass(
      "destinations", Self.matrix, "--simctl-json", Self.simctl, "--allow-missing", "--format", "json")
    #expect(run.code == .success)
    let rows = (try? JSONSerialization.jsonObject(with: Data(run.out.utf8))) as? [[String: Any]] ?? []
    #expect(
      rows.map { "\($0["session"]!) \($0["udid"]!)" } == [
        "sim-iphone-17-pro.26.x 9A2D4B3C-1E5F-4A6B-8C7D-26020000D001",
        "sim-iphone-16e.26.x 9A2D4B3C-1E5F-4A6B-8C7D-26020000D002",
        "sim-iphone-air.26.x 9A2D4B3C-1E5F-4A6B-8C7D-26020000D004",
        "sim-iphone-16e.18.x 4B6E2C1D-0A3F-4D5E-9C8B-18030000B001",
      ])
    #expect(run.err.hasPrefix("warning: session 'sim-iphone-17-pro.27.x'"))
  }

  @Test func `the github matrix is one line with the ids resolved`() {
    let run = qapass(
      "destinations", Self.matrix, "--simctl-json", Self.simctl, "--session", "sim-iphone-16e.18.x",
      "--format",
      "github-matrix")
    #expect(run.code == .success)
    #expect(run.out.hasPrefix(#"{"include":[{"session":"sim-iphone-16e.18.x","device":"sim-iphone-16e","#))
    #expect(
      run.out.contains(#""destination":"platform=iOS Simulator,id=4B6E2C1D-0A3F-4D5E-9C8B-18030000B001""#))
    #expect(run.out.filter { $0 == "\n" }.count == 1)
  }

  @Test func `without saved output off macOS the command says what to pass`() {
    let run = qapass("destinations", Self.matrix)
    #expect(run.code == .usage)
    #expect(
      run.err.hasPrefix(
        "Error: 'xcrun simctl list devices available --json' failed: Apple's command-line tools run on macOS "
          + "only; elsewhere, pass '--simctl-json <path>' with its saved output"))
  }

  @Test func `simulator-setup prints the script, and apply runs it through the runner`() {
    let printed = qapass(
      "simulator-setup", "sim-iphone-16e.26.x", "--matrix", Self.matrix, "--simctl-json", Self.simctl)
    #expect(printed.code == .success)
    #expect(printed.out.contains("xcrun simctl bootstatus 9A2D4B3C-1E5F-4A6B-8C7D-26020000D002 -b\n"))

    final class Recorder: CommandRunner, @unchecked Sendable {
      var commands: [String] = []
      func run(_ arguments: [String]) throws(CommandFailure) -> [UInt8] {
        commands.append(ShellCommand(arguments).text)
        return []
      }
    }
    let recorder = Recorder()
    var out = ""
    let console = Console(currentDirectory: repositoryRoot.path, out: { out += $0 }, err: { _ in })
    let code = Tool.run(
      arguments: [
        "simulator-setup", "sim-iphone-16e.26.x", "--matrix", Self.matrix, "--simctl-json", Self.simctl,
        "--apply",
      ], console: console, runner: recorder)
    #expect(code == .success)
    #expect(recorder.commands.count == 6)
    #expect(recorder.commands.allSatisfy { printed.out.contains($0 + "\n") })
    #expect(out.contains("Now confirm on the simulator"))

    let linux = qapass(
      "simulator-setup", "sim-iphone-16e.26.x", "--matrix", Self.matrix, "--simctl-json", Self.simctl,
      "--apply")
    #expect(linux.code == .failure)
    #expect(linux.out.hasPrefix("failed: 'xcrun simctl bootstatus"))
  }

  @Test func `an unknown session is a usage error with a suggestion`() {
    let run = qapass(
      "simulator-setup", "sim-iphone-16e.26", "--matrix", Self.matrix, "--simctl-json", Self.simctl)
    #expect(run.code == .usage)
    #expect(run.err.hasPrefix("Error: unknown simulator session 'sim-iphone-16e.26'; did you mean"))
  }
}

struct ShowDestinationsCommandTests {
  @Test func `destinations reads xcodebuild's list too`() {
    let run = qapass(
      "destinations", SimulatorCommandTests.matrix, "--xcodebuild-destinations",
      "\(SimulatorCommandTests.fixtures)/xcodebuild-showdestinations.txt", "--session",
      "sim-iphone-17-pro.26.x")
    #expect(run.code == .success)
    #expect(run.out.contains("-destination 'platform=iOS Simulator,id=9A2D4B3C-1E5F-4A6B-8C7D-26020000D001'"))
  }
}

struct NoSimulatorSessionTests {
  @Test func `a plan without simulator sessions is an error, not an empty list`() throws {
    let ws = try Workspace()
    defer { ws.remove() }
    let matrix = try ws.text("matrices/default.yaml").replacingOccurrences(
      of: ", sim-iphone-17-pro, sim-iphone-16e]", with: "]")
    try matrix.write(to: ws.url.appendingPathComponent("devices.yaml"), atomically: true, encoding: .utf8)
    let run = ws.run(
      "destinations", "devices.yaml", "--simctl-json",
      repositoryRoot.appendingPathComponent(SimulatorCommandTests.simctl).path)
    #expect(run.code == .dataError)
    #expect(run.err == "error: the plan has no simulator sessions (no device has 'kind: simulator')\n")
  }
}
