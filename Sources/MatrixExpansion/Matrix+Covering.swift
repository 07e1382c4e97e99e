import CoveringArrays
import Diagnostics

/// The covering-array module's forbidden combination (`Matrix.Constraint` shadows the name below).
private typealias ForbiddenCombination = Constraint

/// What a covering-array expansion did: the strength and seed, how many rows instead of how many, and the
/// t-way interactions that no valid row can hold.
package struct CoveringSummary: Sendable, Hashable {
  package var strength: Int
  package var seed: UInt64
  /// The size of the full cartesian product (`Int.max` when it overflows).
  package var fullCount: Int
  /// Rows the covering array planned (before `include` entries that fit no row are appended).
  package var rows: Int
  /// Rows planned because an `include` entry asked for them.
  package var seededRows: Int
  /// Rows kept from the previous plan.
  package var keptPrevious: Int
  /// t-way interactions that no row can hold, such as `device=iphone-17-pro, os=18.x`.
  package var uncoverable: [String]
  /// The constraints the array respects: `exclude` entries and catalog facts, each described.
  package var constraints: [String]
}

extension Matrix {
  /// A forbidden combination from outside the matrix, such as a device that cannot run an OS version:
  /// every key's value must be one of the listed values for a row to be forbidden.
  package struct Constraint: Sendable, Hashable {
    package var forbidden: [String: [MatrixValue]]
    package var reason: String

    package init(forbidden: [String: [MatrixValue]], reason: String) {
      self.forbidden = forbidden
      self.reason = reason
    }
  }

  /// Expands the matrix into a t-way covering array instead of the full product.
  ///
  /// Every combination of `strength` values of any `strength` dimensions appears in some row, unless no
  /// valid row can hold it (then it is listed in the summary, never silently dropped). `exclude` entries
  /// and `constraints` are never violated. Each `include` entry whose dimension values exist is planned
  /// as a seeded row and then merged with GitHub's rules, so its extra keys land where GitHub would put
  /// them; an entry that fits no row is appended, as in `expand`.
  ///
  /// - Parameters:
  ///   - strength: t, in `2...4`.
  ///   - seed: makes the rows reproducible; printed with the plan.
  ///   - weights: per dimension, per value text, how strongly to prefer a value when a cell is free.
  ///   - constraints: forbidden combinations from catalogs.
  ///   - previous: an earlier plan's combinations; rows still valid and useful are kept, so observations
  ///     recorded against them stay attached.
  ///   - effort: the search budget (`CoveringOptions.effort`): 1 by default, 0 for the greedy array only.
  /// - Throws: `DiagnosticList` for the structural errors of `expand` and for an impossible request.
  package func coveringExpansion(
    strength: Int, seed: UInt64 = 0, weights: [String: [String: Double]] = [:],
    constraints: [Constraint] = [], previous: [Combination] = [],
    limit: Int = Matrix.defaultCombinationLimit, effort: Double = 1
  ) throws(DiagnosticList) -> (expansion: Expansion, summary: CoveringSummary) {
    var warnings: [Diagnostic] = []
    try validate(warnings: &warnings)
    let names = dimensions.map(\.name)
    let fullCount = dimensions.reduce(into: dimensions.isEmpty ? 0 : 1) { total, dimension in
      let (value, overflow) = total.multipliedReportingOverflow(by: dimension.values.count)
      total = overflow ? Int.max : value
    }
    guard !dimensions.isEmpty else {
      let expansion = try finish(rows: [], excludedCount: 0, limit: limit, warnings: warnings)
      return (
        expansion,
        CoveringSummary(
          strength: strength, seed: seed, fullCount: 0, rows: 0, seededRows: 0, keptPrevious: 0,
          uncoverable: [], constraints: [])
      )
    }

    var model = CoveringModel(
      factors: dimensions.map { dimension in
        let table = weights[dimension.name]
        return Factor(
          name: dimension.name, levels: dimension.values.count,
          weights: table.map { t in dimension.values.map { t[$0.value.displayText] ?? 1 } })
      })
    var described: [String] = []
    for (e, entry) in exclude.enumerated() {
      let compiled = compile(entry, dimensionKeysOnly: true, warnings: &warnings)
      guard !compiled.impossible else {
        warnings.append(
          Diagnostic(
            .warning, path: path, location: exclude[e].location, message: Message.excludeMatchesNothing))
        continue
      }
      model.constraints.append(ForbiddenCombination(forbidden: forbidden(compiled.conditions)))
      described.append(
        "exclude " + entry.members.map { "\($0.key)=\($0.value.value.displayText)" }.joined(separator: ", "))
    }
    for constraint in constraints {
      var conditions: [(dimension: Int, accepted: [Bool])] = []
      var applies = true
      for (key, values) in constraint.forbidden.sorted(by: { $0.key < $1.key }) {
        guard let d = names.firstIndex(of: key) else {
          applies = false
          break
        }
        conditions.append((d, dimensions[d].values.map { values.contains($0.value) }))
      }
      guard applies, conditions.allSatisfy({ $0.accepted.contains(true) }) else { continue }
      model.constraints.append(ForbiddenCombination(forbidden: forbidden(conditions)))
      described.append(constraint.reason)
    }
    var seeded = 0
    for entry in include {
      let compiled = compile(entry, dimensionKeysOnly: true, warnings: &warnings)
      guard !compiled.impossible, !compiled.conditions.isEmpty else { continue }
      var row = [Int?](repeating: nil, count: names.count)
      for condition in compiled.conditions {
        row[condition.dimension] = condition.accepted.firstIndex(of: true)
      }
      // An include that names an excluded combination is appended as its own row, as GitHub does.
      let fixed = row.map { $0 ?? -1 }
      let violates = model.constraints.contains { constraint in
        constraint.forbidden.allSatisfy { fixed[$0.key] >= 0 && $0.value.contains(fixed[$0.key]) }
      }
      guard !violates else { continue }
      model.seeds.append(row)
      seeded += 1
    }
    // An earlier row keeps its cells when a dimension was added since: the new dimension takes its first
    // value there. A row with a value that no longer exists cannot be kept.
    let previousRows: [[Int]] = previous.compactMap { combination in
      var row: [Int] = []
      for dimension in dimensions {
        guard let value = combination[dimension.name] else {
          row.append(0)
          continue
        }
        guard let index = dimension.values.firstIndex(where: { $0.value == value }) else { return nil }
        row.append(index)
      }
      return row
    }

    let result: CoveringArrayResult
    do {
      result = try CoveringArrays.generate(
        model, strength: strength, seed: seed, previous: previousRows,
        options: CoveringOptions(effort: effort))
    } catch let error as CoveringError {
      throw DiagnosticList([self.error(at: location, error.description)])
    } catch {
      throw DiagnosticList([self.error(at: location, "\(error)")])
    }
    let rows = result.rows.flatMap { $0.map(Int32.init) }
    let expansion = try finish(rows: rows, excludedCount: 0, limit: limit, warnings: warnings)
    let uncoverable = result.uncoverable.map { tuple in
      zip(tuple.factors, tuple.levels).map { "\(names[$0])=\(dimensions[$0].values[$1].value.displayText)" }
        .joined(separator: ", ")
    }
    return (
      expansion,
      CoveringSummary(
        strength: strength, seed: result.seed, fullCount: fullCount, rows: result.rows.count,
        seededRows: seeded, keptPrevious: result.keptPrevious.count, uncoverable: uncoverable,
        constraints: described)
    )
  }

  private func forbidden(_ conditions: [(dimension: Int, accepted: [Bool])]) -> [Int: Set<Int>] {
    var result: [Int: Set<Int>] = [:]
    for condition in conditions {
      result[condition.dimension] = Set(condition.accepted.indices.filter { condition.accepted[$0] })
    }
    return result
  }
}
