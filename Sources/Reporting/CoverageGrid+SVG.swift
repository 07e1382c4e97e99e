import TextFormats

extension CoverageGrid {
  /// The widest a picture is drawn, in pixels: it shows at its own size, never scaled down, in a
  /// 1,012-pixel column (GitHub's Markdown body at its full width), so its 12-pixel text stays 12 pixels.
  package static let maxPictureWidth = 1_000

  /// The smallest font size in a picture, in pixels.
  package static let smallestFontSize = 12

  /// Where everything of a picture goes: sizes come from the labels' widths (``SVGTextMetrics``), so
  /// the same grid always gives the same bytes.
  ///
  /// Columns that do not fit ``maxPictureWidth`` wrap: the grid is drawn in bands of `perBand`
  /// columns, one under the other, each with the row labels and its column headers, so any number of
  /// input methods, devices or OS versions keeps the text at its size.
  struct PictureLayout {
    static let margin = 16
    /// Between a row label and its first cell.
    static let labelGap = 16
    /// The widest a row label is drawn; a longer one is cut with `…`.
    static let maxRowLabel = 280
    static let headerHeight = 26
    static let bandGap = 14
    static let gridTop = 62

    var rowLabels: [String]
    var rowLabelWidth: Int
    var cellWidth: Int
    var cellHeight: Int
    var perBand: Int
    var bands: Int
    var width: Int

    init(_ grid: CoverageGrid) {
      let font = CoverageGrid.smallestFontSize
      let labels = grid.rows.map {
        SVGTextMetrics.fitted($0.label, width: Self.maxRowLabel, size: font, bold: true)
      }
      rowLabels = labels
      rowLabelWidth =
        max(40, labels.map { SVGTextMetrics.width(of: $0, size: font, bold: true) }.max() ?? 0)
        + Self.labelGap
      var content = 0
      for cell in grid.cells.joined() {
        content = max(content, SVGTextMetrics.width(of: cell.statusLine, size: 13, bold: true))
        for line in cell.detailLines { content = max(content, SVGTextMetrics.width(of: line, size: font)) }
      }
      let header = grid.columns.map { SVGTextMetrics.width(of: $0.label, size: font, bold: true) }.max() ?? 0
      let available = CoverageGrid.maxPictureWidth - 2 * Self.margin - rowLabelWidth
      cellWidth = min(available, max(120, content + 16, min(header + 12, 240)))
      cellHeight = grid.cells.joined().contains { $0.core != nil } ? 62 : 46
      perBand = max(1, available / cellWidth)
      bands = (grid.columns.count + perBand - 1) / perBand
      let gridWidth = 2 * Self.margin + rowLabelWidth + min(perBand, grid.columns.count) * cellWidth
      width = min(CoverageGrid.maxPictureWidth, max(gridWidth, 560))
    }

    /// The top of band `band` (its column headers).
    func bandTop(_ band: Int, rows: Int) -> Int {
      Self.gridTop + band * (Self.headerHeight + rows * cellHeight + Self.bandGap)
    }
  }

  /// The grid as a self-contained SVG picture no wider than ``maxPictureWidth``: a coloured
  /// rectangle per cell with its status symbol, status word and counts (readable without colour), row
  /// and column labels, and a legend of what this picture shows.
  ///
  /// Columns that do not fit wrap into bands drawn one under the other (``PictureLayout``); text is
  /// never smaller than ``smallestFontSize``, and every label is escaped. The legend lists the
  /// statuses the cells have and explains the counts, and the core's mark only where cells carry one.
  package func svg() -> String {
    let layout = PictureLayout(self)
    let margin = PictureLayout.margin
    let font = "font-family=\"Helvetica, Arial, sans-serif\""
    let width = layout.width
    let legendTop = layout.bandTop(layout.bands, rows: rows.count) + 10
    let legend = legendLayout(width: width - 2 * margin)
    let explanation = legendLines.flatMap {
      SVGTextMetrics.wrapped($0, width: width - 2 * margin, size: Self.smallestFontSize)
    }
    let explanationTop = legendTop + legend.rows * 22 + 8
    let height = explanationTop + explanation.count * 18 + 8

    var out = ""
    out +=
      "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"\(width)\" height=\"\(height)\" "
      + "viewBox=\"0 0 \(width) \(height)\" role=\"img\" aria-label=\"\(Escaping.svgText(title))\">\n"
    out += "  <title>\(Escaping.svgText(title))</title>\n"
    out += "  <rect x=\"0\" y=\"0\" width=\"\(width)\" height=\"\(height)\" fill=\"#ffffff\"/>\n"
    out +=
      "  <text x=\"\(margin)\" y=\"26\" \(font) font-size=\"16\" font-weight=\"bold\" fill=\"#1f2328\">"
      + "\(Escaping.svgText(SVGTextMetrics.fitted(title, width: width - 2 * margin, size: 16, bold: true)))</text>\n"
    var subtitle = "Rows: " + rowName + " · Columns: " + columnName
    if layout.bands > 1 { subtitle += " (\(columns.count), in \(layout.bands) bands)" }
    out +=
      "  <text x=\"\(margin)\" y=\"46\" \(font) font-size=\"12\" fill=\"#59636e\">"
      + "\(Escaping.svgText(SVGTextMetrics.fitted(subtitle, width: width - 2 * margin, size: 12)))</text>\n"
    let gridLeft = margin + layout.rowLabelWidth
    for band in 0..<layout.bands {
      let top = layout.bandTop(band, rows: rows.count)
      let first = band * layout.perBand
      let shown = first..<min(columns.count, first + layout.perBand)
      for c in shown {
        let x = gridLeft + (c - first) * layout.cellWidth + layout.cellWidth / 2
        let label = SVGTextMetrics.fitted(
          columns[c].label, width: layout.cellWidth - 8, size: Self.smallestFontSize, bold: true)
        out +=
          "  <text class=\"column-label\" x=\"\(x)\" y=\"\(top + PictureLayout.headerHeight - 8)\" \(font) "
          + "font-size=\"12\" font-weight=\"bold\" text-anchor=\"middle\" fill=\"#1f2328\">"
          + "\(Escaping.svgText(label))</text>\n"
      }
      for (r, label) in layout.rowLabels.enumerated() where r < cells.count {
        let y = top + PictureLayout.headerHeight + r * layout.cellHeight
        out +=
          "  <text class=\"row-label\" x=\"\(margin)\" y=\"\(y + layout.cellHeight / 2 + 4)\" \(font) "
          + "font-size=\"12\" font-weight=\"bold\" fill=\"#1f2328\">\(Escaping.svgText(label))</text>\n"
        for c in shown where c < cells[r].count {
          out += cellSVG(cells[r][c], x: gridLeft + (c - first) * layout.cellWidth, y: y, layout, font)
        }
      }
    }
    var x = margin
    var row = 0
    for (index, entry) in legend.entries.enumerated() {
      if index > 0, legend.breaks.contains(index) {
        row += 1
        x = margin
      }
      let y = legendTop + row * 22
      out +=
        "  <rect x=\"\(x)\" y=\"\(y - 12)\" width=\"16\" height=\"16\" rx=\"3\" fill=\"\(entry.status.fill)\" "
        + "stroke=\"#59636e\" stroke-width=\"0.5\"/>\n"
      out +=
        "  <text class=\"legend\" x=\"\(x + 22)\" y=\"\(y + 1)\" \(font) font-size=\"12\" fill=\"#1f2328\">"
        + "\(Escaping.svgText(entry.text))</text>\n"
      x += entry.width
    }
    for (index, line) in explanation.enumerated() {
      out +=
        "  <text class=\"legend\" x=\"\(margin)\" y=\"\(explanationTop + index * 18)\" \(font) font-size=\"12\" "
        + "fill=\"#1f2328\">\(Escaping.svgText(line))</text>\n"
    }
    out += "</svg>\n"
    return out
  }

  /// One cell: its rectangle, the status line and the counts (and the core's mark) under it.
  private func cellSVG(_ cell: Cell, x: Int, y: Int, _ layout: PictureLayout, _ font: String) -> String {
    let status = cell.status
    var out = "  <g class=\"cell\">\n"
    out +=
      "    <rect x=\"\(x + 2)\" y=\"\(y + 2)\" width=\"\(layout.cellWidth - 4)\" "
      + "height=\"\(layout.cellHeight - 4)\" rx=\"4\" fill=\"\(status.fill)\" stroke=\"#ffffff\"/>\n"
    let center = x + layout.cellWidth / 2
    let statusLine = status == .notApplicable ? y + layout.cellHeight / 2 + 5 : y + 20
    out +=
      "    <text x=\"\(center)\" y=\"\(statusLine)\" \(font) font-size=\"13\" font-weight=\"bold\" "
      + "text-anchor=\"middle\" fill=\"\(status.ink)\">\(Escaping.svgText(cell.statusLine))</text>\n"
    for (index, line) in cell.detailLines.enumerated() {
      out +=
        "    <text x=\"\(center)\" y=\"\(y + 37 + index * 17)\" \(font) font-size=\"12\" text-anchor=\"middle\" "
        + "fill=\"\(status.ink)\">\(Escaping.svgText(line))</text>\n"
    }
    return out + "  </g>\n"
  }

  /// The lines under the legend's swatches: what a cell's counts mean, and the core's marks when
  /// cells carry them; nothing a cell of this picture does not show.
  package var legendLines: [String] {
    let members = cells.joined().filter { $0.status != .notApplicable }
    guard !members.isEmpty else { return ["No cell has a planned item."] }
    var lines = [
      "In a cell: k failed · n/m passed = k manual items failed, n have a current pass, m are planned"
        + (members.contains { $0.status == .untested } ? " (an untested cell shows 0/m passed)." : ".")
    ]
    let marks = Status.allCases.filter { status in members.contains { $0.core == status } }
    if !marks.isEmpty {
      lines.append(
        "core " + marks.map(\.symbol).joined(separator: "/")
          + " = the core's automated checks for that input method ("
          + marks.map { "\($0.symbol) \($0.word)" }.joined(separator: ", ") + ").")
    }
    return lines
  }

  /// The legend's swatches: the statuses the cells have, each `symbol word`, laid out in rows no wider
  /// than `width`; `breaks` holds the index of each entry that starts a new row.
  private func legendLayout(width: Int) -> (
    entries: [(status: Status, text: String, width: Int)], breaks: Set<Int>, rows: Int
  ) {
    var entries: [(status: Status, text: String, width: Int)] = []
    var breaks: Set<Int> = []
    var x = 0
    for (status, count) in statusCounts {
      let text = "\(status.symbol) \(status.word) (\(count))"
      let entryWidth = 22 + SVGTextMetrics.width(of: text, size: Self.smallestFontSize) + 24
      if x > 0, x + entryWidth > width {
        breaks.insert(entries.count)
        x = 0
      }
      entries.append((status, text, entryWidth))
      x += entryWidth
    }
    return (entries, breaks, entries.isEmpty ? 0 : breaks.count + 1)
  }
}

extension CoverageGrid.Cell {
  /// `✓ pass`: the cell's first line in a picture.
  var statusLine: String { "\(status.symbol) \(status.word)" }

  /// The lines under it: `2 failed · 4/6 passed`, then `core ✓` where the cell has the core's result;
  /// none for an empty cell.
  var detailLines: [String] {
    guard status != .notApplicable else { return [] }
    var counts = manualFailures > 0 ? "\(manualFailures) failed · " : ""
    counts += "\(manualPasses)/\(manualItems) passed"
    return [counts] + (core.map { ["core \($0.symbol)"] } ?? [])
  }
}
