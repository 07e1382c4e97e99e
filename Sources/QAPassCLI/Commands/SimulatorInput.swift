import QAPassWorkflow

/// The `--simctl-json` and `--xcodebuild-destinations` options of `destinations` and `simulator-setup`:
/// where the list of installed simulators comes from.
enum SimulatorInput {
  /// `--simctl-json` and `--xcodebuild-destinations`: where the list of installed simulators comes from.
  static func inventory(_ arguments: ParsedArguments) -> Workflow.SimulatorInventorySource {
    Workflow.SimulatorInventorySource(
      simctlJSON: arguments.value("simctl-json"),
      xcodebuildDestinations: arguments.value("xcodebuild-destinations"))
  }

  static let simctlOption = CommandSpec.Option.value(
    "simctl-json", "<path>",
    help: "Saved output of 'xcrun simctl list devices available --json' (default: run it; macOS only).")

  static let destinationsOption = CommandSpec.Option.value(
    "xcodebuild-destinations", "<path>",
    help: "Saved output of 'xcodebuild -showdestinations -scheme S' (the simulators the scheme can run on).")
}
