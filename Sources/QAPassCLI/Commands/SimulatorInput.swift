import Diagnostics
import Simulators

/// The `--simctl-json` option of `destinations` and `simulator-setup`: where the list of installed
/// simulators comes from.
enum SimulatorInput {
  static let simctlOption = CommandSpec.Option.value(
    "simctl-json", "<path>",
    help: "Saved output of 'xcrun simctl list devices available --json' (default: run it; macOS only).")

  /// The simulators of this Mac: read from `--simctl-json`, or listed by running simctl.
  static func inventory(_ arguments: ParsedArguments, _ context: CommandContext) throws -> SimulatorInventory
  {
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
