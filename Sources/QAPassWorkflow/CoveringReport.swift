import MatrixExpansion

/// The lines that say what a covering array did.
enum CoveringReport {
  static func render(_ summary: CoveringSummary, path: String, count: Int) -> String {
    let full = summary.fullCount == Int.max ? "an astronomical number of" : String(summary.fullCount)
    var out = "\(path): strategy pairwise, strength \(summary.strength), seed \(summary.seed): "
    out += "\(summary.rows) rows instead of \(full) combinations"
    if summary.seededRows > 0 { out += ", \(summary.seededRows) seeded by include" }
    if summary.keptPrevious > 0 { out += ", \(summary.keptPrevious) kept from the previous rows" }
    if count > summary.rows { out += ", plus \(count - summary.rows) include entries that fit no row" }
    out += "\n"
    for constraint in summary.constraints { out += "  constraint: \(constraint)\n" }
    if !summary.uncoverable.isEmpty {
      out += "  \(summary.uncoverable.count) interactions no valid row can hold:\n"
      for tuple in summary.uncoverable.prefix(20) { out += "    - \(tuple)\n" }
      if summary.uncoverable.count > 20 { out += "    - … and \(summary.uncoverable.count - 20) more\n" }
    }
    return out
  }
}
