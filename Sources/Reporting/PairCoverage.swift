import CoveringArrays

/// Executed pair coverage: which value pairs of the matrix dimensions (device, OS, input method) the
/// manual composition items with a current pass or fail have exercised, out of those the plan can
/// exercise, and the device sessions that would close most of the rest.
package struct PairCoverage: Hashable, Sendable {
  /// One value pair of two dimensions.
  package struct Pair: Hashable, Sendable {
    /// The first dimension (`device`).
    package var firstDimension: String
    /// Its value.
    package var firstValue: String
    /// The second dimension (`os`).
    package var secondDimension: String
    /// Its value.
    package var secondValue: String

    /// `device=iphone-11 × os=27.x`.
    package var label: String { "\(firstDimension)=\(firstValue) × \(secondDimension)=\(secondValue)" }
  }

  /// The counts for one pair of dimensions.
  package struct DimensionPair: Hashable, Sendable {
    /// `device × os`.
    package var label: String
    /// Pairs exercised.
    package var covered: Int
    /// Pairs the plan can exercise.
    package var coverable: Int
  }

  /// A device session to run next and how many missing pairs it would close.
  package struct Session: Hashable, Sendable {
    /// The device id.
    package var device: String
    /// The OS version.
    package var os: String
    /// Missing pairs it closes, after the sessions listed before it.
    package var closes: Int
  }

  /// The dimensions, in order.
  package var dimensions: [String]
  /// Distinct device × OS × input method cells with a current pass or fail.
  package var executedCells: Int
  /// Distinct cells planned.
  package var plannedCells: Int
  /// Pairs exercised.
  package var covered: Int
  /// Pairs some planned cell holds.
  package var coverable: Int
  /// Per pair of dimensions.
  package var perDimensionPair: [DimensionPair]
  /// The coverable pairs not exercised yet, sorted by dimension pair then value order.
  package var missing: [Pair]
  /// Greedy: the session closing most missing pairs first, ties in plan order.
  package var nextSessions: [Session]

  /// Covered as a percentage of coverable, to one decimal; 100 when nothing is coverable.
  package var percent: String {
    guard coverable > 0 else { return "100.0" }
    let tenths = (covered * 1000 + coverable / 2) / coverable
    return "\(tenths / 10).\(tenths % 10)"
  }

  /// Computes the coverage of `executed` cells among `planned` ones.
  ///
  /// - Parameters:
  ///   - planned: Every planned cell as (device, os, input method), in plan order.
  ///   - executed: The cells with a current pass or fail.
  /// - Complexity: O(P · k²) for P planned cells and k = 3 dimensions, plus the greedy selection,
  ///   O(S² · P) for S sessions.
  static func compute(planned: [[String]], executed: [[String]]) -> PairCoverage {
    let dimensions = ["device", "os", "input_method"]
    var values: [[String]] = Array(repeating: [], count: dimensions.count)
    var unique: [[String]] = []
    var seenCells: Set<[String]> = []
    for cell in planned where cell.count == dimensions.count && seenCells.insert(cell).inserted {
      unique.append(cell)
      for (factor, value) in cell.enumerated() where !values[factor].contains(value) {
        values[factor].append(value)
      }
    }
    let model = CoveringModel(factors: zip(dimensions, values).map { Factor(name: $0, levels: $1.count) })
    func row(_ cell: [String]) -> [Int]? {
      var levels: [Int] = []
      for (factor, value) in cell.enumerated() {
        guard factor < values.count, let level = values[factor].firstIndex(of: value) else { return nil }
        levels.append(level)
      }
      return levels.count == dimensions.count ? levels : nil
    }
    let plannedRows = unique.compactMap(row)
    let executedRows = Array(Set(executed.compactMap(row))).sorted { $0.lexicographicallyPrecedes($1) }
    let uncoverable = Set(CoverageCheck.missingTuples(rows: plannedRows, model: model, strength: 2))
    let missingTuples = CoverageCheck.missingTuples(rows: executedRows, model: model, strength: 2)
      .filter { !uncoverable.contains($0) }
    let total = CoverageCheck.missingTuples(rows: [], model: model, strength: 2)

    var perDimensionPair: [DimensionPair] = []
    for first in 0..<dimensions.count {
      for second in (first + 1)..<dimensions.count {
        let factors = [first, second]
        let all = total.count { $0.factors == factors && !uncoverable.contains($0) }
        let open = missingTuples.count { $0.factors == factors }
        perDimensionPair.append(
          DimensionPair(
            label: "\(dimensions[first]) × \(dimensions[second])", covered: all - open, coverable: all))
      }
    }
    let missing = missingTuples.map { tuple in
      Pair(
        firstDimension: dimensions[tuple.factors[0]], firstValue: values[tuple.factors[0]][tuple.levels[0]],
        secondDimension: dimensions[tuple.factors[1]], secondValue: values[tuple.factors[1]][tuple.levels[1]])
    }

    // Greedy next sessions over the planned device × OS sessions.
    var sessions: [(device: Int, os: Int)] = []
    for cell in plannedRows where !sessions.contains(where: { $0 == (cell[0], cell[1]) }) {
      sessions.append((cell[0], cell[1]))
    }
    var open = Set(missingTuples)
    // What each session's planned rows would close of the pairs open now, found once: a session
    // closes only pairs among these later (the open pairs only shrink), so each round of the greedy
    // choice intersects a few pairs per session instead of testing every open pair against every
    // planned row (which grew with the square of the sessions).
    let closable: [Set<Tuple>] = sessions.map { session in
      let rows = plannedRows.filter { $0[0] == session.device && $0[1] == session.os }
      return open.filter { tuple in rows.contains { tuple.isCovered(by: $0) } }
    }
    var next: [Session] = []
    while !open.isEmpty {
      var best: (index: Int, closes: Set<Tuple>)?
      for index in sessions.indices {
        let closes = closable[index].filter { open.contains($0) }
        if closes.count > (best?.closes.count ?? 0) { best = (index, closes) }
      }
      guard let best else { break }
      let session = sessions[best.index]
      next.append(
        Session(device: values[0][session.device], os: values[1][session.os], closes: best.closes.count))
      open.subtract(best.closes)
    }
    let coverable = total.count - uncoverable.count
    return PairCoverage(
      dimensions: dimensions, executedCells: executedRows.count, plannedCells: plannedRows.count,
      covered: coverable - missingTuples.count, coverable: coverable, perDimensionPair: perDimensionPair,
      missing: missing, nextSessions: next)
  }
}
