import MatrixExpansion
import QAModel

/// One job of the CI fan-out of simulator sessions: one or more sessions whose OS has one major version,
/// so the job runs on the one runner image that has that OS's simulator runtimes.
///
/// Made by ``Plan/simulatorJobs(simulators:limit:)``; `plan --format github-matrix` prints one row per
/// job and `plan --format simulator-jobs` each job's sessions, which the job asks for.
package struct SimulatorJob: Hashable, Sendable {
  /// The job's number, from 1, in the order of the rows.
  package var number: Int
  /// The major version of its sessions' OS (`26` for `26.x`), which picks the runner image.
  package var osMajor: String
  /// Its sessions, in plan order, each with the simulator model's name (`iPhone 17 Pro`).
  package var sessions: [Session]

  /// A simulator session of a job.
  package struct Session: Hashable, Sendable {
    /// The device and OS.
    package var id: SessionID
    /// The simulator model, the device's name without a trailing ` Simulator`.
    package var model: String
  }
}

extension Plan {
  /// The most jobs one GitHub Actions matrix runs ("A matrix will generate a maximum of 256 jobs per
  /// workflow run", GitHub's workflow syntax reference).
  package static let simulatorJobLimit = 256

  /// The simulator sessions dealt into at most `limit` jobs: one job per session when they fit, else
  /// each OS major version gets jobs in proportion to its sessions (at least one) and deals its
  /// sessions into them in plan order, consecutive runs whose sizes differ by at most one.
  ///
  /// ```swift
  /// let path = "matrices/default.yaml"
  /// let bytes = Array(try Data(contentsOf: URL(fileURLWithPath: path)))
  /// guard case .qapass(let file) = try MatrixDocument.load(path: path, bytes: bytes).document else { return }
  /// let jobs = try Plan.make(file: file).simulatorJobs(simulators: ["sim-iphone-16e": "iPhone 16e Simulator"])
  /// jobs?.first?.sessions.first?.id.description  // "sim-iphone-16e.27.x"
  /// ```
  ///
  /// - Parameters:
  ///   - simulators: The names of the simulator devices by id; the sessions of other devices are left
  ///     out (a physical device is never fanned out).
  ///   - limit: The most jobs (``simulatorJobLimit``).
  /// - Returns: The jobs (empty for a plan without simulator sessions); `nil` when the sessions span more
  ///   OS major versions than `limit`, which no split into jobs of one runner image can hold.
  /// - Complexity: O(*s* + *g* · *limit*) for *s* sessions of *g* OS major versions.
  package func simulatorJobs(simulators: [String: String], limit: Int = Plan.simulatorJobLimit)
    -> [SimulatorJob]?
  {
    var all: [(major: String, session: SimulatorJob.Session)] = []
    for session in sessions {
      guard let name = simulators[session.device.rawValue] else { continue }
      let model = name.hasSuffix(" Simulator") ? String(name.dropLast(" Simulator".count)) : name
      all.append(
        (String(session.os.prefix { $0 != "." }), SimulatorJob.Session(id: session.id, model: model)))
    }
    if all.count <= limit {
      return all.enumerated().map { SimulatorJob(number: $0 + 1, osMajor: $1.major, sessions: [$1.session]) }
    }
    var majors: [String] = []
    var groups: [String: [SimulatorJob.Session]] = [:]
    for (major, session) in all {
      if groups[major] == nil { majors.append(major) }
      groups[major, default: []].append(session)
    }
    guard majors.count <= limit else { return nil }
    // Each further job goes to the group whose jobs hold the most sessions each (ties to the earlier).
    var shares = [Int](repeating: 1, count: majors.count)
    for _ in majors.count..<limit {
      let most = majors.indices.max { a, b in
        let (left, right) = (groups[majors[a]]!.count * shares[b], groups[majors[b]]!.count * shares[a])
        return left != right ? left < right : a > b
      }!
      shares[most] += 1
    }
    var jobs: [SimulatorJob] = []
    for (index, major) in majors.enumerated() {
      let members = groups[major]!
      let count = min(shares[index], members.count)
      var start = 0
      for part in 0..<count {
        let size = members.count / count + (part < members.count % count ? 1 : 0)
        jobs.append(
          SimulatorJob(number: jobs.count + 1, osMajor: major, sessions: Array(members[start..<start + size]))
        )
        start += size
      }
    }
    return jobs
  }

  /// A GitHub Actions `include` list with one row per job of `jobs`, as one JSON object.
  ///
  /// ```yaml
  /// strategy:
  ///   matrix: ${{ fromJSON(needs.plan.outputs.matrix) }}
  /// steps:
  ///   - run: qapass plan "$MATRIX" --format simulator-jobs   # the job's sessions: the lines of its number
  /// ```
  ///
  /// A row names the job (`job`), the OS major version that picks the runner image (`os_major`), how
  /// many sessions it runs (`sessions`) and a title (`name`: the first session's model and OS, and how
  /// many more); never a simulator UDID (resolved on the runner) nor an item (the job asks qapass), so
  /// the output stays far under GitHub's 1 MB job-output limit at any plan size.
  package static func githubMatrix(_ jobs: [SimulatorJob]) -> String {
    let rows = jobs.map { job -> MatrixValue in
      let first = job.sessions[0]
      var name = "\(first.model), iOS \(first.id.os)"
      if name.count > nameLimit { name = String(name.prefix(nameLimit - 1)) + "…" }
      if job.sessions.count > 1 { name += " +\(job.sessions.count - 1)" }
      return .object([
        MatrixMember("job", .string(String(job.number))),
        MatrixMember("os_major", .string(job.osMajor)),
        MatrixMember("sessions", .string(String(job.sessions.count))),
        MatrixMember("name", .string(name)),
      ])
    }
    return MatrixValue.object([MatrixMember("include", .array(rows))]).json + "\n"
  }

  /// The longest job title, in characters: a device's name is the team's text, of any length.
  static let nameLimit = 80

  /// Each job's sessions, one a line: the job's number, a tab, the session (`sim-iphone-16e.18.x`).
  package static func simulatorJobLines(_ jobs: [SimulatorJob]) -> String {
    var out = ""
    for job in jobs {
      for session in job.sessions { out += "\(job.number)\t\(session.id.description)\n" }
    }
    return out
  }
}
