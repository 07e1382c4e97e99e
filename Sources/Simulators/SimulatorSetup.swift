import Effects
import TextFormats

/// The commands that prepare a simulator for a session's manual keyboard items, and what the tester must
/// still confirm by eye.
///
/// 1. Boot the simulator (`simctl bootstatus -b` boots it when needed and waits).
/// 2. Enable the session's keyboards: `AppleKeyboards` in the simulator's global preferences
///    (DOMAIN 3.3), with US English last so Latin text can still be typed.
/// 3. Language and region, when the session's matrix cell has `language` or `region`.
/// 4. Turn off Simulator's Connect Hardware Keyboard, so keys reach the software keyboard and its
///    composition (DOMAIN 1.6: the preference is what CI scripts use; that it still works is unverified).
/// 5. Reboot, since keyboards and languages are read at boot.
///
/// ```swift
/// let json = """
///   {"devices": {"com.apple.CoreSimulator.SimRuntime.iOS-26-2": [
///     {"udid": "6F1C2A3B-4D5E-4F60-8A9B-26020000C001", "name": "iPhone 17 Pro", "isAvailable": true,
///      "deviceTypeIdentifier": "com.apple.CoreSimulator.SimDeviceType.iPhone-17-Pro"}]}}
///   """
/// let inventory = try SimulatorInventory.parse(path: "simctl.json", bytes: Array(json.utf8))
/// let session = SimulatorSession(
///   id: "sim-iphone-17-pro.26.x", device: "sim-iphone-17-pro", model: "iPhone 17 Pro", os: "26.x",
///   keyboards: ["zh_Hans-Pinyin@sw=Pinyin-Simplified;hw=Automatic"])
/// let setup = SimulatorSetup(try DestinationResolver.resolve(session, in: inventory))
/// print(setup.script)
/// ```
package struct SimulatorSetup: Hashable, Sendable {
  /// One command and why it runs.
  package struct Step: Hashable, Sendable {
    /// What the command does, one line.
    package var purpose: String
    /// The command.
    package var command: ShellCommand
  }

  /// The simulator prepared.
  package var destination: SimulatorDestination
  /// The commands, in order.
  package var steps: [Step]
  /// What only a person looking at the simulator can confirm, in order.
  package var confirmations: [String]

  /// The keyboard added after the session's own, for Latin text.
  package static let fallbackKeyboard = "en_US@sw=QWERTY;hw=Automatic"

  /// The setup of `destination`'s simulator for its session.
  package init(_ destination: SimulatorDestination) {
    self.destination = destination
    let session = destination.session
    let udid = destination.device.udid
    let spawn = ["xcrun", "simctl", "spawn", udid, "defaults", "write", ".GlobalPreferences"]
    var keyboards = session.keyboards
    if !keyboards.contains(Self.fallbackKeyboard) { keyboards.append(Self.fallbackKeyboard) }
    var steps = [
      Step(purpose: "boot the simulator and wait until it is ready", command: Self.bootstatus(udid)),
      Step(
        purpose: "enable the session's keyboards (AppleKeyboards)",
        command: ShellCommand(spawn + ["AppleKeyboards", "-array"] + keyboards)),
    ]
    if let language = session.language {
      steps.append(
        Step(
          purpose: "set the language to '\(language)'",
          command: ShellCommand(spawn + ["AppleLanguages", "-array", language])))
    }
    if session.language != nil || session.region != nil {
      let locale = (session.language ?? "en") + (session.region.map { "_\($0)" } ?? "")
      steps.append(
        Step(
          purpose: "set the region format to '\(locale)'",
          command: ShellCommand(spawn + ["AppleLocale", "-string", locale])))
    }
    steps += [
      Step(
        purpose: "turn off Connect Hardware Keyboard in Simulator (read when Simulator starts)",
        command: ShellCommand([
          "defaults", "write", "com.apple.iphonesimulator", "ConnectHardwareKeyboard", "-bool", "false",
        ])),
      Step(
        purpose: "shut down, so the keyboards and language are read at the next boot",
        command: ShellCommand(["xcrun", "simctl", "shutdown", udid])),
      Step(purpose: "boot again and wait", command: Self.bootstatus(udid)),
      Step(
        purpose: "show the simulator",
        command: ShellCommand(["open", "-a", "Simulator", "--args", "-CurrentDeviceUDID", udid])),
    ]
    self.steps = steps
    let names =
      session.keyboards.isEmpty
      ? "the session's keyboards"
      : zip(session.keyboardLabels, session.keyboards).map { "\($0) (\($1))" }.joined(separator: ", ")
    confirmations = [
      "Connect Hardware Keyboard is off: in Simulator, I/O > Keyboard > Connect Hardware Keyboard (shift-cmd-K) "
        + "is unchecked and tapping the field shows the software keyboard. If Simulator was already "
        + "running, quit and reopen it first. Whether the preference written above still takes effect is "
        + "unverified (one report says Simulator now keeps this per device); the menu is what counts.",
      "The keyboards are enabled: Settings > General > Keyboard > Keyboards lists \(names).",
      "The keyboard under test is active before each item: the active keyboard cannot be set from outside "
        + "the simulator; choose it with the globe key (long-press for the list).",
    ]
  }

  private static func bootstatus(_ udid: String) -> ShellCommand {
    ShellCommand(["xcrun", "simctl", "bootstatus", udid, "-b"])
  }

  /// The steps as a commented shell script, then the confirmations as comments.
  package var script: String {
    let session = destination.session
    var out = Escaping.shellComment(
      "qapass simulator-setup \(session.id): \(destination.device.name), \(destination.device.runtime)")
    out += "\n# The UDID below is valid on this Mac only; do not commit this script.\n"
    for (index, step) in steps.enumerated() {
      out += "\n\(Escaping.shellComment("\(index + 1). \(step.purpose)"))\n\(step.command.text)\n"
    }
    out += "\n# Then confirm on the simulator, before the checklist:\n"
    for (index, line) in confirmations.enumerated() {
      out += Escaping.shellComment("  \(index + 1). \(line)") + "\n"
    }
    return out
  }
}
