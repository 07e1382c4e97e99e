import Diagnostics
import MatrixFormat
import Reporting
import ScenarioEngine

extension Workflow {
  /// The inputs of ``plan(_:)``.
  package struct PlanInputs: Sendable {
    /// The matrix file and planning overrides.
    package var source: PlanSource
    /// The output format: a writer of ``Writers/plan`` (table, json, markdown), ``githubMatrix``, the
    /// simulator jobs as a GitHub Actions `include` list, or ``simulatorJobs``, each job's sessions.
    package var format = PlanTableWriter.identifier
    /// `--shard i/n`: keep the manual sessions of shard `index` of `count`.
    package var shard: (index: Int, count: Int)?
    /// `--explain`: print what each include, exclude and catalog fact did, and the coverage, instead.
    package var explain = false
    /// `--assign`: print the sessions spread over the matrix's testers instead, in ``format`` (a writer of
    /// ``Writers/assignment``).
    package var assign = false

    /// The format that is not a file: the simulator jobs for a GitHub Actions job's matrix.
    package static let githubMatrix = "github-matrix"
    /// The sessions of each of those jobs, one a line (`1<TAB>sim-iphone-16e.18.x`), which a job asks for.
    package static let simulatorJobs = "simulator-jobs"
    /// The formats of the CI fan-out, besides the writers'.
    package static let fanOutFormats = [githubMatrix, simulatorJobs]

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
    if inputs.assign && PlanInputs.fanOutFormats.contains(inputs.format) {
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
    guard PlanInputs.fanOutFormats.contains(inputs.format) else {
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
    guard let jobs = plan.simulatorJobs(simulators: simulators) else {
      throw FileError(path: file.path, message: PlanMessage.tooManyMajors, exitCode: .dataError)
    }
    if inputs.format == PlanInputs.simulatorJobs {
      writeStandardOutput(Plan.simulatorJobLines(jobs))
      return finished(plan)
    }
    let matrix = Plan.githubMatrix(jobs)
    // GitHub measures a job's outputs in UTF-16; rows name no item and their titles are bounded, so
    // this holds at any plan size.
    guard matrix.utf16.count * 2 < PlanMessage.outputLimit else {
      throw FileError(
        path: file.path, message: PlanMessage.tooLarge(matrix.utf16.count * 2), exitCode: .dataError)
    }
    say(PlanMessage.fanOut(jobs, sharded: inputs.shard != nil), onStandardError: true)
    writeStandardOutput(matrix)
    return finished(plan)
  }

  enum PlanMessage {
    static let assignGitHubMatrix =
      "'--assign' prints who tests which session (--format table, json or markdown); "
      + "'--format github-matrix' is the simulator sessions for CI: give one of them"

    /// GitHub's limit on a job's outputs: 1 MB, measured in UTF-16.
    static let outputLimit = 1_000_000

    static let tooManyMajors =
      "the simulator sessions span more OS major versions than the \(Plan.simulatorJobLimit) jobs a GitHub "
      + "Actions matrix runs, and a job runs on one runner image: split the matrix with '--shard i/n'"

    static func tooLarge(_ bytes: Int) -> String {
      "the GitHub matrix is \(bytes) bytes as UTF-16, over GitHub's job-output limit of \(outputLimit)"
    }

    /// What the fan-out is, for the job's summary: how many jobs for how many sessions, and why a job
    /// runs several; or that there is nothing to fan out.
    static func fanOut(_ jobs: [SimulatorJob], sharded: Bool) -> String {
      let sessions = jobs.reduce(0) { $0 + $1.sessions.count }
      guard sessions > 0 else {
        return "no simulator sessions\(sharded ? " in this shard" : ""): the matrix is empty "
          + "({\"include\":[]}), so skip the simulator jobs when it has no row\n"
      }
      let plural = { (count: Int, noun: String) in "\(count) \(noun)\(count == 1 ? "" : "s")" }
      guard jobs.count < sessions else {
        return "\(plural(sessions, "simulator session")) in \(plural(jobs.count, "job")), one session each\n"
      }
      let sizes = jobs.map(\.sessions.count)
      return "\(plural(sessions, "simulator session")) in \(plural(jobs.count, "job")) of \(sizes.min()!) to "
        + "\(sizes.max()!) sessions each: a GitHub Actions matrix runs at most \(Plan.simulatorJobLimit) jobs, "
        + "so each job runs its sessions one after another ('plan --format simulator-jobs' lists them)\n"
    }
  }
}
