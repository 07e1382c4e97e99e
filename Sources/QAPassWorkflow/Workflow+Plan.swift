import Diagnostics
import MatrixFormat
import Reporting
import ScenarioEngine

extension Workflow {
  /// The inputs of ``plan(_:)``.
  package struct PlanInputs: Sendable {
    /// The matrix file and planning overrides.
    package var source: PlanSource
    /// The output format: a writer of ``Writers/plan`` (table, json, markdown), or
    /// ``githubMatrix``, the simulator sessions as a GitHub Actions `include` list.
    package var format = PlanTableWriter.identifier
    /// `--shard i/n`: keep the manual sessions of shard `index` of `count`.
    package var shard: (index: Int, count: Int)?
    /// `--explain`: print what each include, exclude and catalog fact did, and the coverage, instead.
    package var explain = false
    /// `--assign`: print the sessions spread over the matrix's testers instead, in ``format`` (a writer of
    /// ``Writers/assignment``).
    package var assign = false

    /// The format that is not a file: the simulator sessions for a GitHub Actions job's matrix.
    package static let githubMatrix = "github-matrix"
    /// The most jobs one GitHub Actions matrix runs ("A matrix will generate a maximum of 256 jobs per
    /// workflow run", GitHub's workflow syntax reference).
    package static let githubMatrixLimit = 256

    /// Creates the inputs; the other options start at their defaults (the plan as a table).
    package init(source: PlanSource) {
      self.source = source
    }
  }

  /// `qapass plan`: prints the plan (the items of a QA pass) in the chosen format or its assignment of
  /// sessions to testers, on standard output; with `explain`, says what made the plan instead.
  ///
  /// - Returns: The plan (`nil` with `explain`).
  /// - Throws: ``UsageError`` for `assign` without testers or with the GitHub matrix format; ``FileError`` (65) for a GitHub matrix with no
  ///   simulator session; the matrix file's diagnostics.
  package func plan(_ inputs: PlanInputs) throws -> UseCaseResult<Plan?> {
    try begin()
    if inputs.assign && inputs.format == PlanInputs.githubMatrix {
      throw UsageError(PlanMessage.assignGitHubMatrix)
    }
    if inputs.explain {
      let loaded = try loadPlan(inputs.source)
      let (file, options) = (loaded.file, loaded.options)
      let chosen = try file.cells(
        limit: options.limit, strategy: options.strategy, seed: options.seed, previous: options.previous)
      let full = try file.cells(limit: options.limit, strategy: .full)
      say(PlanExplanation.render(file: file, chosen: chosen, full: full, plan: loaded.plan))
      return finished(nil)
    }
    // The same plan every other use case makes, the kept cells of a pairwise plan included.
    let loaded = try loadPlan(inputs.source)
    let file = loaded.file
    var plan = loaded.plan
    if let shard = inputs.shard { plan = plan.shard(shard.index, of: shard.count) }
    if inputs.assign {
      guard !file.testers.isEmpty else {
        throw UsageError("'--assign' needs a 'testers:' catalog in \(file.path) (name, devices, time_zone)")
      }
    }
    guard inputs.format == PlanInputs.githubMatrix else {
      let text: String
      do {
        text = try (inputs.assign ? Writers.assignment : Writers.plan).text(plan, format: inputs.format)
      } catch {
        throw UsageError(error.message)
      }
      writeStandardOutput(text)
      return finished(plan)
    }
    let simulators = Dictionary(
      uniqueKeysWithValues: file.devices.filter { $0.kind == .simulator }.map { ($0.id, $0.name) })
    let count = plan.sessions.filter { simulators[$0.device.rawValue] != nil }.count
    guard count > 0 else {
      // GitHub rejects a job whose matrix is empty; say so here, where the plan is known.
      throw FileError(
        path: file.path, message: PlanMessage.noSimulatorSessions(sharded: inputs.shard != nil),
        exitCode: .dataError)
    }
    guard count <= PlanInputs.githubMatrixLimit else {
      throw FileError(
        path: file.path, message: PlanMessage.tooManySimulatorSessions(count, shard: inputs.shard),
        exitCode: .dataError)
    }
    writeStandardOutput(plan.githubMatrix(simulators: simulators))
    return finished(plan)
  }

  enum PlanMessage {
    static let assignGitHubMatrix =
      "'--assign' prints who tests which session (--format table, json or markdown); "
      + "'--format github-matrix' is the simulator sessions for CI: give one of them"

    static func tooManySimulatorSessions(_ count: Int, shard: (index: Int, count: Int)?) -> String {
      let limit = PlanInputs.githubMatrixLimit
      let parts = (count + limit - 1) / limit * (shard?.count ?? 1)
      let which = shard.map { " in shard \($0.index) of \($0.count)" } ?? ""
      return
        "the plan has \(count) simulator sessions\(which) for '--format github-matrix'; a GitHub Actions "
        + "matrix runs at most \(limit) jobs, so the rest would never run: split them with "
        + "'--shard i/n' with n at least \(parts), one matrix per shard"
    }

    static func noSimulatorSessions(sharded: Bool) -> String {
      "the plan has no simulator sessions\(sharded ? " in this shard" : "") for '--format github-matrix'; "
        + "GitHub rejects an empty matrix (add a device with 'kind: simulator' to the matrix, or skip the job)"
    }
  }
}
