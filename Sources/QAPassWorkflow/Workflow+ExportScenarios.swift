import Effects
import Keystrokes
import QAPassHarness
import ScenarioEngine

extension Workflow {
  /// The inputs of ``exportScenarios(_:)``.
  package struct ExportScenariosInputs: Sendable {
    /// The matrix file and planning overrides.
    package var source: PlanSource
    /// Where to write the pack (`nil` or `-`: standard output).
    package var output: String?
    /// Whether missing folders above `output` are created.
    package var createFolders = false
    /// The tool named in the pack, such as `qapass 0.1.0`.
    package var generator: String

    /// Creates the inputs; the pack goes to standard output unless `output` is set.
    package init(source: PlanSource, generator: String) {
      self.source = source
      self.generator = generator
    }
  }

  /// `qapass export-scenarios`: writes the plan's automated items as a scenario pack that replays
  /// without input-method engines.
  ///
  /// A pack is exported where the engines are (Linux, CI) and committed; a build without them
  /// (the Mac build) replays it but never writes one for a plan whose items type keystrokes, since
  /// a pack missing those items would be a pack of another plan in all but name.
  ///
  /// - Returns: The pack; the status is 65 when an item could not be exported (the pack lists it).
  /// - Throws: ``UsageError`` in a build without the engines when the plan has items that type
  ///   keystrokes, naming how many, their input methods and where to export instead.
  package func exportScenarios(_ inputs: ExportScenariosInputs) throws -> UseCaseResult<ScenarioPack> {
    try begin(inputs.output.map { [.output($0)] } ?? [])
    if let path = inputs.output { try checkOutput(path, createFolders: inputs.createFolders) }
    let plan = try loadPlan(inputs.source).plan
    if engines == nil {
      // The output is checked again now that the matrix is an input, so a pack aimed at it is
      // refused as such before the build's own refusal.
      if let path = inputs.output { try checkOutput(path, createFolders: inputs.createFolders) }
      try refuseWithoutEngines(plan, matrix: inputs.source.matrix ?? Defaults.matrix)
    }
    let pack = PackExport.make(plan, generator: inputs.generator, engines: engines)
    if let path = inputs.output, path != "-" {
      try write(pack.fileContents(), to: path, createFolders: inputs.createFolders)
      say("exported \(pack.items.count) automated items to \(path) (\(pack.fingerprint))\n")
    } else {
      writeStandardOutput(pack.fileContents())
    }
    for item in pack.unexported {
      say("error: \(item.id) not exported: \(item.reason)\n", onStandardError: true)
    }
    return finished(pack, pack.unexported.isEmpty ? .success : .dataError)
  }

  /// Refuses to export `plan` in a build without the engines when any of its items types keystrokes.
  private func refuseWithoutEngines(_ plan: Plan, matrix: String) throws {
    let automated = plan.items.filter { $0.kind == .automated }
    let typed = automated.filter(AutomatedRun.needsEngine)
    guard !typed.isEmpty else { return }
    let methods = Set(typed.compactMap { $0.configuration.inputMethod?.rawValue }).sorted()
    throw UsageError(
      "'export-scenarios' cannot export \(typed.count) of the \(automated.count) automated items: they type "
        + "keystrokes into the engines of \(methods.map { "'\($0)'" }.joined(separator: ", ")), and "
        + EngineError.Message.notBuilt + "; no pack was written. Export the pack where the engines are "
        + "(Linux or CI: '\(ShellCommand(["qapass", "export-scenarios", matrix, "-o", "PACK"]).text)'), commit it, "
        + "and replay it here with '\(ShellCommand(["qapass", "run", matrix, "--pack", "PACK"]).text)' or the "
        + "app's QAPassHarness tests (docs/ADOPTING.md)")
  }
}
