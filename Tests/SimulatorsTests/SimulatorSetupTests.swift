import TestSupport
import Testing

@testable import Effects
@testable import Simulators

struct SimulatorSetupTests {
  @Test func `the setup script of a session matches its golden file`() throws {
    let destination = try DestinationResolver.resolve(
      try Fixture.session("sim-iphone-16e.26.x"), in: Fixture.inventory())
    assertSnapshot(SimulatorSetup(destination).script, named: "setup-sim-iphone-16e.26.x.sh")
  }

  @Test func `a session that asks for a language and region sets them`() throws {
    let session = try Fixture.session("sim-iphone-air.26.x")
    #expect(session.language == "ja" && session.region == "JP")
    let setup = SimulatorSetup(try DestinationResolver.resolve(session, in: Fixture.inventory()))
    assertSnapshot(setup.script, named: "setup-sim-iphone-air.26.x.sh")
  }

  @Test func `apply runs every command in order and stops at the first failure`() throws {
    let destination = try DestinationResolver.resolve(
      try Fixture.session("sim-iphone-17-pro.26.x"), in: Fixture.inventory())
    let setup = SimulatorSetup(destination)
    let recorder = RecordingRunner()
    let run = SimulatorSetupRun.apply(setup, runner: recorder)
    #expect(run.failure == nil)
    #expect(recorder.commands == setup.steps.map(\.command.arguments))
    #expect(run.text.contains("Now confirm on the simulator"))

    let failing = RecordingRunner(failOn: "shutdown")
    let stopped = SimulatorSetupRun.apply(setup, runner: failing)
    #expect(stopped.failure?.command == "xcrun simctl shutdown 9A2D4B3C-1E5F-4A6B-8C7D-26020000D001")
    #expect(failing.commands.count == stopped.ran.count + 1)
    #expect(!stopped.text.contains("Now confirm"))
  }

  @Test func `on Linux the process runner refuses instead of running`() throws {
    #expect(ProcessCommandRunner.isSupported == false)
    let error = #expect(throws: CommandFailure.self) {
      try ProcessCommandRunner().run(["xcrun", "simctl", "list", "devices", "available", "--json"])
    }
    #expect(error?.reason.hasPrefix("Apple's command-line tools run on macOS only") == true)
  }

  @Test func `shell quoting keeps keyboard identifiers intact`() {
    #expect(
      ShellCommand.quoted("zh_Hans-Pinyin@sw=Pinyin-Simplified;hw=Automatic")
        == "'zh_Hans-Pinyin@sw=Pinyin-Simplified;hw=Automatic'")
    #expect(ShellCommand.quoted("it's") == #"'it'\''s'"#)
    #expect(ShellCommand.quoted("-bool") == "-bool")
    #expect(ShellCommand.quoted("") == "''")
  }
}

/// Records the commands instead of running them; fails the first whose arguments contain `failOn`.
final class RecordingRunner: CommandRunner, @unchecked Sendable {
  private(set) var commands: [[String]] = []
  let failOn: String?

  init(failOn: String? = nil) { self.failOn = failOn }

  func run(_ arguments: [String]) throws(CommandFailure) -> [UInt8] {
    commands.append(arguments)
    if let failOn, arguments.contains(failOn) {
      throw CommandFailure(command: ShellCommand(arguments).text, reason: "exit status 149: simulated")
    }
    return []
  }
}
