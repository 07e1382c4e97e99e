import Diagnostics
import Simulators

/// The `--simctl-json` and `--xcodebuild-destinations` options of `destinations` and `simulator-setup`:
/// where the list of installed simulators comes from.
enum SimulatorInput {
  static let simctlOption = CommandSpec.Option.value(
    "simctl-json", "<path>",
    help: "Saved output of 'xcrun simctl list devices available --json' (default: run it; macOS only).")

  static let destinationsOption = CommandSpec.Option.value(
    "xcodebuild-destinations", "<path>",
    help: "Saved output of 'xcodebuild -showdestinations -scheme S' (the simulators the scheme can run on).")

  /// The simulators of this Mac: read from `--simctl-json` or `--xcodebuild-destinations`, or listed by
  /// running simctl.
  static func inventory(_ arguments: ParsedArguments, _ context: CommandContext) throws -> SimulatorInventory
  {
    if let path = arguments.value("xcodebuild-destinations") {
      guard arguments.value("simctl-json") == nil else {
        throw UsageError("'--simctl-json' and '--xcodebuild-destinations' are two sources; give one")
      }
      return try SimulatorInventory.parseShowDestinations(path: path, bytes: try context.read(path))
    }
    if let path = arguments.value("simctl-json") {
      return try SimulatorInventory.parse(path: path, bytes: try context.read(path))
    }
    let command = SimulatorInventory.command
    let bytes: [UInt8]
    do {
      bytes = try context.runner.run(command)
    } catch {
      throw UsageError("\(error.description); elsewhere, pass '--simctl-json <path>' with its saved output")
    }
    return try SimulatorInventory.parse(path: "<\(command.joined(separator: " "))>", bytes: bytes)
  }
}
