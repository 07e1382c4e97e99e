import Foundation
import MatrixExpansion
import MatrixFormat

/// `qapass plan --explain`: what each include, exclude and catalog fact did, which input methods each
/// field crosses (``fieldScope(file:plan:)``), and the t-way coverage the planned cells achieve.
///
/// ```swift
/// let path = "matrices/default.yaml"
/// let bytes = Array(try Data(contentsOf: URL(fileURLWithPath: path)))
/// let document = try MatrixDocument.load(path: path, bytes: bytes).document
/// guard case .qapass(let file) = document else { return }
/// let chosen = try file.cells(strategy: .pairwise(strength: 2))
/// let full = try file.cells(strategy: .full)
/// print(PlanExplanation.render(file: file, chosen: chosen, full: full, plan: try Plan.make(file: file)))
/// ```
package enum PlanExplanation {
  /// The explanation of the cells `chosen` among the `full` product of `file`'s matrix.
  ///
  /// - Parameters:
  ///   - file: The matrix file.
  ///   - chosen: The cells planned (a covering array for a pairwise plan).
  ///   - full: Every possible cell, the denominator of the coverage.
  ///   - plan: The plan of those cells, for the items each field's scoping makes (``fieldScope(file:plan:)``);
  ///     `nil` leaves that section out.
  /// - Returns: Lines of text: strategy, dimensions, what each exclude, include and catalog fact did,
  ///   each field's input methods and items, the cells, the t-way coverage and the interactions no
  ///   valid cell can hold.
  /// - Complexity: O(s · n) for s subsets of t dimensions and n cells.
  package static func render(file: MatrixFile, chosen: CellPlan, full: CellPlan, plan: Plan? = nil) -> String
  {
    var out = "explain: \(file.path)\n"
    let strength: Int
    if let covering = chosen.covering {
      strength = covering.strength
      out += "strategy: pairwise, strength \(covering.strength), seed \(covering.seed)\n"
    } else {
      strength = 2
      out += "strategy: full (every combination)\n"
    }
    let dims = file.matrix.dimensions
    out += "dimensions: " + dims.map { "\($0.name) (\($0.values.count))" }.joined(separator: " x ")
    out += " = \(full.expansion.count + full.expansion.excludedCount) combinations\n"

    if !file.matrix.exclude.isEmpty {
      out += "exclude:\n"
      for (i, entry) in file.matrix.exclude.enumerated() {
        out += "  #\(i + 1) \(describe(entry)): "
        out +=
          chosen.covering != nil
          ? "a constraint: no planned cell holds it\n"
          : "removed \(full.expansion.removedByExclude[safe: i] ?? 0) combinations\n"
      }
    }
    if !file.matrix.include.isEmpty {
      out += "include:\n"
      for (i, entry) in file.matrix.include.enumerated() {
        let merged = chosen.expansion.mergedByInclude[safe: i] ?? 0
        out += "  #\(i + 1) \(describe(entry)): "
        out += merged == 0 ? "appended as a new combination\n" : "merged into \(merged) cells\n"
      }
    }
    let constraints = file.catalogConstraints
    if !constraints.isEmpty {
      out += "catalog facts:\n"
      for constraint in constraints {
        let removed = full.impossible.filter { cell in
          constraint.forbidden.allSatisfy { key, values in cell.combination[key].map(values.contains) ?? false
          }
        }.count
        out += "  \(constraint.reason): "
        out +=
          chosen.covering != nil
          ? "a constraint (\(removed) impossible combinations never planned)\n"
          : "removed \(removed) impossible cells\n"
      }
    }
    if let plan { out += fieldScope(file: file, plan: plan) }
    out += "cells: \(chosen.cells.count) of \(full.cells.count) possible\n"
    let names = dims.map(\.name)
    if names.count >= strength {
      var coveredTotal = 0
      var coverableTotal = 0
      var parts: [String] = []
      for keys in subsets(names, size: strength) {
        let coverable = tuples(full.cells.map(\.combination), keys)
        let covered = tuples(chosen.cells.map(\.combination), keys).intersection(coverable)
        coveredTotal += covered.count
        coverableTotal += coverable.count
        parts.append("\(keys.joined(separator: "×")) \(covered.count)/\(coverable.count)")
      }
      let percent = coverableTotal == 0 ? 100 : Double(coveredTotal) * 100 / Double(coverableTotal)
      out += "\(strength)-way coverage: \(coveredTotal) of \(coverableTotal) coverable tuples ("
      out += String(format: "%.1f", percent) + "%): " + parts.joined(separator: ", ") + "\n"
    }
    if let covering = chosen.covering, !covering.uncoverable.isEmpty {
      out += "interactions no valid cell can hold (\(covering.uncoverable.count)):\n"
      for tuple in covering.uncoverable { out += "  - \(tuple)\n" }
    }
    return out
  }

  static func describe(_ entry: Matrix.Entry) -> String {
    let members = entry.members.map { "\($0.key): \($0.value.value.displayText)" }.joined(separator: ", ")
    return "{\(members)}" + (entry.location.map { " (line \($0.line))" } ?? "")
  }

  static func tuples(_ rows: [Combination], _ keys: [String]) -> Set<[String]> {
    Set(
      rows.compactMap { row in
        let values = keys.compactMap { row[$0]?.json }
        return values.count == keys.count ? values : nil
      })
  }

  static func subsets(_ items: [String], size: Int) -> [[String]] {
    guard size > 0 else { return [[]] }
    guard items.count >= size else { return [] }
    let rest = Array(items.dropFirst())
    return subsets(rest, size: size - 1).map { [items[0]] + $0 } + subsets(rest, size: size)
  }
}

extension Array {
  fileprivate subscript(safe index: Int) -> Element? { indices.contains(index) ? self[index] : nil }
}
