import Foundation
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
      ShellCommand(["defaults", "zh_Hans-Pinyin@sw=Pinyin-Simplified;hw=Automatic", "it's", "-bool", ""]).text
        == #"defaults 'zh_Hans-Pinyin@sw=Pinyin-Simplified;hw=Automatic' 'it'\''s' -bool ''"#)
  }

  /// Issue 32: a line break in a matrix's `language` or a keyboard's label, or in a simulator's name
  /// from simctl, left the script's `#` comments and ran as a command.
  static let injected = "\ntouch injected-by-data\n"

  @Test func `the printed script runs no command hidden in a session's values`() throws {
    var session = try Fixture.session("sim-iphone-air.26.x")
    session.language = "ja" + Self.injected
    session.region = "JP" + Self.injected
    session.keyboardLabels = session.keyboardLabels.map { $0 + Self.injected }
    var destination = try DestinationResolver.resolve(session, in: Fixture.inventory())
    destination.device.name += Self.injected + "\r\u{1B}]0;title\u{07}"
    let script = SimulatorSetup(destination).script
    #expect(!script.contains("\ntouch"), "a value's line break starts a line of the script")
    #expect(!script.unicodeScalars.contains { $0 != "\n" && $0.value < 0x20 }, "a raw control character")
    let run = try ShellRun(script)
    #expect(run.status == 0, "\(run.output)")
    #expect(!run.injectedRan, "the injected command ran:\n\(script)")
    // The values still reach the commands exactly, line breaks included.
    #expect(
      run.calls.contains(
        "xcrun simctl spawn \(destination.device.udid) defaults write .GlobalPreferences "
          + "AppleLanguages -array ja\ntouch injected-by-data\n"))
  }

  @Test func `a destination's UDID stays inside its quoted -destination argument`() throws {
    var destination = try DestinationResolver.resolve(
      try Fixture.session("sim-iphone-16e.26.x"), in: Fixture.inventory())
    destination.device.udid = "X'; touch injected-by-data; '"
    let run = try ShellRun("xcrun xcodebuild \(destination.xcodebuildArguments)\n")
    #expect(!run.injectedRan, "\(destination.xcodebuildArguments)")
    #expect(
      run.calls == "xcrun xcodebuild -destination platform=iOS Simulator,id=X'; touch injected-by-data; '\n")
  }

  @Test func `the script of the old printer ran the injected line`() throws {
    // The negative control: the same values under comments written without the one-line rule.
    let run = try ShellRun("# 3. set the language to 'ja\(Self.injected)'\n")
    #expect(run.injectedRan)
  }
}

/// A script run by bash in a temporary folder, with `xcrun`, `defaults` and `open` replaced by stubs
/// that log their arguments.
struct ShellRun {
  var status: Int32
  var output: String
  /// Each stub call: its name and arguments, separated by spaces.
  var calls: String
  /// Whether `touch injected-by-data` ran.
  var injectedRan: Bool

  init(_ script: String) throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "qapass-shell-\(UUID().uuidString)")
    let bin = folder.appendingPathComponent("bin")
    try FileManager.default.createDirectory(at: bin, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    for name in ["xcrun", "defaults", "open"] {
      let stub = bin.appendingPathComponent(name)
      try
        "#!/bin/bash\nprintf '%s' \"$(basename \"$0\")\" >> \"$CALLS\"; printf ' %s' \"$@\" >> \"$CALLS\"; echo >> \"$CALLS\"\n"
        .write(to: stub, atomically: true, encoding: .utf8)
      try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: stub.path)
    }
    let file = folder.appendingPathComponent("setup.sh")
    try script.write(to: file, atomically: true, encoding: .utf8)
    let calls = folder.appendingPathComponent("calls.log")
    (status, output) = try Program.run(
      URL(fileURLWithPath: "/bin/bash"), [file.path], in: folder,
      environment: ["PATH": bin.path + ":/usr/bin:/bin", "CALLS": calls.path])
    self.calls = (try? String(contentsOf: calls, encoding: .utf8)) ?? ""
    injectedRan = FileManager.default.fileExists(
      atPath: folder.appendingPathComponent("injected-by-data").path)
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
