import TextFormats

extension CoverageGrid {
  /// The grid as a self-contained SVG picture: a coloured rectangle per cell with its status symbol,
  /// status word and counts (readable without colour), row and column labels, and a legend.
  ///
  /// The layout is fixed by the labels' lengths in characters, so the same grid always gives the
  /// same bytes. Every label is escaped.
  /// The lines under the legend that say what a cell's counts mean.
  package static let legendExplanation = [
    "In a cell: k failed · n/m passed = k manual items failed, n have a current pass, m are planned;",
    "core ✓/✗ = the core's automated checks for that input method. Untested cells show 0/m passed.",
  ]

  package func svg() -> String {
    let charWidth = 7
    let rowLabelWidth = max(90, (rows.map(\.label.count).max() ?? 0) * charWidth + 24)
    let columnWidth = max(200, (columns.map(\.label.count).max() ?? 0) * charWidth + 20)
    let cellHeight = 48
    let top = 62
    let headerHeight = 28
    let gridTop = top + headerHeight
    let gridHeight = rows.count * cellHeight
    let legendTop = gridTop + gridHeight + 24
    let legendRowHeight = 22
    let width = max(rowLabelWidth + columns.count * columnWidth + 16, 660)
    let height = legendTop + 2 * legendRowHeight + 12 + 2 * 18
    let font = "font-family=\"Helvetica, Arial, sans-serif\""

    var out = ""
    out +=
      "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"\(width)\" height=\"\(height)\" "
      + "viewBox=\"0 0 \(width) \(height)\" role=\"img\" aria-label=\"\(Escaping.svgText(title))\">\n"
    out += "  <title>\(Escaping.svgText(title))</title>\n"
    out += "  <rect x=\"0\" y=\"0\" width=\"\(width)\" height=\"\(height)\" fill=\"#ffffff\"/>\n"
    out +=
      "  <text x=\"16\" y=\"26\" \(font) font-size=\"16\" font-weight=\"bold\" fill=\"#1f2328\">"
      + "\(Escaping.svgText(title))</text>\n"
    out +=
      "  <text x=\"16\" y=\"46\" \(font) font-size=\"12\" fill=\"#59636e\">"
      + "\(Escaping.svgText("Rows: " + rowName + " · Columns: " + columnName))</text>\n"
    for (index, column) in columns.enumerated() {
      let x = rowLabelWidth + index * columnWidth + columnWidth / 2
      out +=
        "  <text x=\"\(x)\" y=\"\(gridTop - 8)\" \(font) font-size=\"12\" font-weight=\"bold\" "
        + "text-anchor=\"middle\" fill=\"#1f2328\">\(Escaping.svgText(column.label))</text>\n"
    }
    for (r, row) in rows.enumerated() where r < cells.count {
      let y = gridTop + r * cellHeight
      out +=
        "  <text x=\"16\" y=\"\(y + cellHeight / 2 + 4)\" \(font) font-size=\"12\" font-weight=\"bold\" "
        + "fill=\"#1f2328\">\(Escaping.svgText(row.label))</text>\n"
      for (c, cell) in cells[r].enumerated() where c < columns.count {
        let x = rowLabelWidth + c * columnWidth
        let status = cell.status
        out +=
          "  <rect x=\"\(x + 2)\" y=\"\(y + 2)\" width=\"\(columnWidth - 4)\" height=\"\(cellHeight - 4)\" "
          + "rx=\"4\" fill=\"\(status.fill)\" stroke=\"#ffffff\"/>\n"
        let center = x + columnWidth / 2
        let statusLine = status == .notApplicable ? y + cellHeight / 2 + 5 : y + 21
        out +=
          "  <text x=\"\(center)\" y=\"\(statusLine)\" \(font) font-size=\"13\" font-weight=\"bold\" "
          + "text-anchor=\"middle\" fill=\"\(status.ink)\">\(Escaping.svgText(status.symbol + " " + status.word))</text>\n"
        if status != .notApplicable {
          let counts = cell.counts
          out +=
            "  <text x=\"\(center)\" y=\"\(y + 37)\" \(font) font-size=\"11\" text-anchor=\"middle\" "
            + "fill=\"\(status.ink)\">\(Escaping.svgText(counts))</text>\n"
        }
      }
    }
    let perRow = 3
    for (index, status) in Status.allCases.enumerated() {
      let x = 16 + (index % perRow) * 170
      let y = legendTop + (index / perRow) * legendRowHeight
      out +=
        "  <rect x=\"\(x)\" y=\"\(y - 12)\" width=\"16\" height=\"16\" rx=\"3\" fill=\"\(status.fill)\" "
        + "stroke=\"#59636e\" stroke-width=\"0.5\"/>\n"
      out +=
        "  <text x=\"\(x + 22)\" y=\"\(y + 1)\" \(font) font-size=\"12\" fill=\"#1f2328\">"
        + "\(Escaping.svgText(status.symbol + " " + status.word))</text>\n"
    }
    let explanationTop = legendTop + 2 * legendRowHeight + 8
    for (index, line) in Self.legendExplanation.enumerated() {
      out +=
        "  <text x=\"16\" y=\"\(explanationTop + index * 18)\" \(font) font-size=\"12\" fill=\"#1f2328\">"
        + "\(Escaping.svgText(line))</text>\n"
    }
    out += "</svg>\n"
    return out
  }
}
