import QAPassHarness
import ScenarioEngine

extension Workflow {
  /// The inputs of ``exportScenarios(_:)``.
  public struct ExportScenariosInputs: Sendable {
    /// The matrix file and planning overrides.
    public var source: PlanSource
    /// Where to write the pack (`nil` or `-`: standard output).
    public var output: String?
    /// Whether missing folders above `output` are created.
    public var createFolders = false
    /// The tool named in the pack, such as `qapass 0.1.0`.
    public var generator: String

    /// Creates the inputs; the pack goes to standard output unless `output` is set.
    public init(source: PlanSource, generator: String) {
      self.source = source
      self.generator = generator
    }
  }

  /// `qapass export-scenarios`: writes the plan's automated items as a scenario pack that replays
  /// without input-method engines.
  ///
  /// - Returns: The pack; the status is 65 when an item could not be exported (the pack lists it).
  public func exportScenarios(_ inputs: ExportScenariosInputs) throws -> Completion<ScenarioPack> {
    try begin(inputs.output.map { [.output($0)] } ?? [])
    if let path = inputs.output { try checkOutput(path, createFolders: inputs.createFolders) }
    let plan = try loadPlan(inputs.source).plan
    let pack = PackExport.make(plan, generator: inputs.generator, engines: engines)
    if let path = inputs.output, path != "-" {
      try write(pack.fileContents(), to: path, createFolders: inputs.createFolders)
      console.out("exported \(pack.items.count) automated items to \(path) (\(pack.fingerprint))\n")
    } else {
      console.out(pack.fileContents())
    }
    for item in pack.unexported {
      console.err("error: \(item.id) not exported: \(item.reason)\n")
    }
    return completion(pack, pack.unexported.isEmpty ? .success : .dataError)
  }
}
