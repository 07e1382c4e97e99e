import Reporting
import ScenarioEngine

extension Workflow {
  /// The inputs of ``checklist(_:)``.
  package struct ChecklistInputs: Sendable {
    /// The matrix file and planning overrides; its `checklists` is the folder written.
    package var source: PlanSource
    /// Whether missing folders above the checklists folder are created (always for the default one).
    package var createFolders = false

    /// Creates the inputs.
    package init(source: PlanSource, createFolders: Bool = false) {
      self.source = source
      self.createFolders = createFolders
    }
  }

  /// `qapass checklist`: writes a Markdown and an HTML checklist and an observation sheet for every
  /// device session, merging what testers already wrote in the sheets.
  ///
  /// - Returns: The checklists; the status is 65 when a sheet could not be merged (it is left as it is,
  ///   the others are written).
  package func checklist(_ inputs: ChecklistInputs) throws -> UseCaseResult<[Checklist]> {
    let directory = inputs.source.checklists ?? Defaults.checklists
    try begin([.outputs(in: directory), .stores(in: directory, suffix: Checklist.sheetSuffix)])
    let loaded = try loadPlan(inputs.source, writesChecklists: true)
    let (checklists, problems) = try writeChecklists(
      loaded, into: directory, createFolders: inputs.source.checklists == nil || inputs.createFolders)
    try makeDefaultObservationsFolder(named: nil)
    var out = ""
    for checklist in checklists {
      out +=
        "wrote \(directory)/\(checklist.fileName), \(checklist.htmlFileName) and "
        + "\(checklist.sheetFileName)\n"
    }
    out += "\(checklists.count) device sessions, \(loaded.plan.summary.manualItems) manual items\n"
    for change in loaded.plan.assignmentChanges { out += "assignment: \(change)\n" }
    say(out)
    // A sheet that could not be merged was left as it is; the others are written.
    show(problems)
    return finished(checklists, problems.isEmpty ? .success : .dataError)
  }
}
