import Foundation
import Testing
import TextFormats

@testable import Reporting

/// The coverage pictures: readable text (WCAG contrast), counts in every cell, a legend for the fraction.
struct CoverageGridSVGTests {
  /// WCAG 2.x relative luminance of `#rrggbb`.
  static func luminance(_ hex: String) -> Double {
    let digits = Array(hex.dropFirst())
    func channel(_ index: Int) -> Double {
      let value = Double(Int(String(digits[index..<(index + 2)]), radix: 16) ?? 0) / 255
      return value <= 0.03928 ? value / 12.92 : pow((value + 0.055) / 1.055, 2.4)
    }
    return 0.2126 * channel(0) + 0.7152 * channel(2) + 0.0722 * channel(4)
  }

  /// The contrast ratio of two colours, 1 to 21.
  static func contrast(_ a: String, _ b: String) -> Double {
    let (x, y) = (luminance(a), luminance(b))
    return (max(x, y) + 0.05) / (min(x, y) + 0.05)
  }

  @Test func `the contrast formula matches WCAG's known values`() {
    #expect(abs(Self.contrast("#000000", "#ffffff") - 21) < 0.01)
    #expect(abs(Self.contrast("#777777", "#ffffff") - 4.48) < 0.01)
    // Negative control: the colours issue 14 measured fall short.
    #expect(Self.contrast("#ffffff", "#bf8700") < 4.5)
    #expect(Self.contrast("#ffffff", "#2da44e") < 4.5)
  }

  @Test(arguments: CoverageGrid.Status.allCases)
  func `every cell's text has a contrast of at least 4.5 to 1`(_ status: CoverageGrid.Status) {
    #expect(Self.contrast(status.ink, status.fill) >= 4.5, "\(status): \(status.ink) on \(status.fill)")
  }

  /// Every `fill` of a `<text>` and the `fill` of the shape it sits on, read from the picture itself.
  static func textOnBackground(_ svg: String) -> [(text: String, background: String)] {
    var background = "#ffffff"
    var pairs: [(String, String)] = []
    for line in svg.split(separator: "\n") {
      guard let range = line.range(of: "fill=\"#") else { continue }
      let colour = "#" + line[range.upperBound...].prefix(6)
      if line.contains("<rect") {
        // Legend swatches are small squares beside their text; the text sits on the white page.
        background = line.contains("width=\"16\"") ? "#ffffff" : colour
      } else if line.contains("<text") {
        pairs.append((colour, line.contains("text-anchor=\"middle\"") ? background : "#ffffff"))
      }
    }
    return pairs
  }

  @Test func `the pictures' text is readable, cells carry failure counts and the legend explains them`()
    throws
  {
    let report = try Fixture.defaultReport()
    for grid in [report.compositionGrid, report.hapticsGrid] {
      let svg = grid.svg()
      let pairs = Self.textOnBackground(svg)
      #expect(pairs.count > grid.cells.joined().count)
      for pair in pairs {
        #expect(Self.contrast(pair.text, pair.background) >= 4.5, "\(pair.text) on \(pair.background)")
      }
      for line in grid.legendLines {
        for piece in SVGTextMetrics.wrapped(line, width: 600, size: 12).prefix(1) {
          #expect(svg.contains(Escaping.svgText(String(piece.prefix(40)))), "\(piece)")
        }
      }
      for cell in grid.cells.joined() where cell.manualFailures > 0 {
        #expect(
          svg.contains("\(cell.manualFailures) failed · \(cell.manualPasses)/\(cell.manualItems) passed"))
      }
    }
    #expect(report.compositionGrid.cells.joined().contains { $0.manualFailures > 0 })
  }

  // Issue 23: the haptics picture's legend explained the core's marks, which none of its cells has.
  @Test func `each picture's legend explains only what its cells show`() throws {
    let report = try Fixture.defaultReport()
    let composition = report.compositionGrid.svg()
    let haptics = report.hapticsGrid.svg()
    #expect(report.hapticsGrid.cells.joined().allSatisfy { $0.core == nil })
    #expect(!haptics.contains("core"), "no cell of the haptics picture has the core's mark")
    #expect(composition.contains("the core&apos;s automated checks for that input method"))
    for grid in [report.compositionGrid, report.hapticsGrid] {
      let svg = grid.svg()
      for status in CoverageGrid.Status.allCases {
        let swatch = "fill=\"\(status.fill)\" stroke=\"#59636e\""
        #expect(
          svg.contains(swatch) == grid.cells.joined().contains { $0.status == status },
          "\(grid.title): the legend lists \(status.word) only when a cell has it")
      }
    }
  }

  @Test func `a picture is the same bytes every time and never wider than a GitHub column`() {
    for columns in [1, 2, 8, 16, 40] {
      let grid = CoveragePictureLayoutTests.grid(composition: true, rows: 6, columns: columns)
      let svg = grid.svg()
      #expect(svg == grid.svg())
      let width = svg.split(separator: "\"")[3]
      #expect(Int(width).map { $0 <= CoverageGrid.maxPictureWidth } == true, "\(columns) columns: \(width)")
    }
  }
}
