import Foundation
import TestSupport
import Testing

@testable import Reporting

/// The coverage pictures as a reader sees them (issue 23): in headless Chromium, shown in a 1,012-pixel
/// column as GitHub shows a report, for 2, 8 and 16 input methods and for many devices, the text keeps
/// its size (never scaled below 12 px), stays inside its cell and the picture, and row labels keep
/// clear of their cells. `QAPASS_PICTURE_SCREENSHOTS=DIR` also writes what Chromium drew to DIR
/// (`scripts/coverage-screenshots` does, into docs/screenshots/).
@Suite(.enabled(if: Oracles.available, Oracles.skipReason))
struct CoveragePictureLayoutTests {
  static let script = Fixture.root.appendingPathComponent(
    "Tests/ReportingTests/Fixtures/coverage-picture-layout.py"
  ).path

  /// A grid of `columns` × `rows` whose cells go through every status, with the core's mark on
  /// composition pictures; labels as long as real ones (`ja-kana-flick-4`, `sim-iphone-17-pro-max-12`).
  static func grid(composition: Bool, rows: Int, columns: Int) -> CoverageGrid {
    let statuses = CoverageGrid.Status.allCases
    let cells = (0..<rows).map { r in
      (0..<columns).map { c -> CoverageGrid.Cell in
        let status = statuses[(r * columns + c) % statuses.count]
        let items = status == .notApplicable ? 0 : 216 + c
        return CoverageGrid.Cell(
          status: status, manualItems: items, manualPasses: status == .passed ? items : items / 3,
          manualFailures: status == .failed ? 12 : 0,
          core: composition && status != .notApplicable ? (c % 5 == 0 ? .failed : .passed) : nil)
      }
    }
    let methods = ["zh-pinyin", "zh-zhuyin", "ja-romaji", "ja-kana-flick", "ko-dubeolsik", "zh-handwriting"]
    return composition
      ? CoverageGrid(
        title: "Composition: OS × input method", rowName: "OS", columnName: "Input method",
        rows: (0..<rows).map { .init(id: "\(17 + $0).x", label: "iOS \(17 + $0).x") },
        columns: (0..<columns).map { .init(id: "m\($0)", label: "\(methods[$0 % methods.count])-\($0 + 1)") },
        cells: cells, fileName: "coverage-composition.svg")
      : CoverageGrid(
        title: "Haptics: device × OS", rowName: "Device", columnName: "OS",
        rows: (0..<rows).map {
          .init(id: "d\($0)", label: $0 % 4 == 0 ? "sim-iphone-17-pro-max-\($0)" : "iphone-16e-\($0)")
        },
        columns: (0..<columns).map { .init(id: "\(17 + $0).x", label: "iOS \(17 + $0).x") },
        cells: cells, fileName: "coverage-haptics.svg")
  }

  /// Runs the Chromium script over `files` (name, SVG text); its measurements by file name.
  static func measure(_ files: [(String, String)], screenshots: String? = nil) throws -> [String: [String:
    Any]]
  {
    let folder = try Oracles.folder(files.map { OutputFile(path: $0.0, contents: $0.1) })
    defer { try? FileManager.default.removeItem(at: folder) }
    let run = try PythonOracles.run(
      Self.script, [folder.path] + (screenshots.map { [$0] } ?? []), code: false)
    try #require(run.status == 0, "\(run.output)")
    let json = try #require(
      run.output.split(separator: "\n", omittingEmptySubsequences: false).drop {
        !$0.hasPrefix("{")
      }.joined(separator: "\n").data(using: .utf8))
    return try #require(try JSONSerialization.jsonObject(with: json) as? [String: [String: Any]])
  }

  @Test
  func `pictures of 2, 8 and 16 input methods and of 40 devices keep 12-pixel text in a 1,012-pixel column`()
    throws
  {
    var files = [
      ("composition-2.svg", Self.grid(composition: true, rows: 6, columns: 2).svg()),
      ("composition-8.svg", Self.grid(composition: true, rows: 6, columns: 8).svg()),
      ("composition-16.svg", Self.grid(composition: true, rows: 6, columns: 16).svg()),
      ("haptics-40-devices.svg", Self.grid(composition: false, rows: 40, columns: 6).svg()),
      ("haptics-12-systems.svg", Self.grid(composition: false, rows: 12, columns: 12).svg()),
    ]
    let scale = try ReportSizeTests.scale.get()
    files += [
      ("scale-composition.svg", scale.compositionGrid.svg()), ("scale-haptics.svg", scale.hapticsGrid.svg()),
    ]
    let shots = ProcessInfo.processInfo.environment["QAPASS_PICTURE_SCREENSHOTS"]
    let measured = try Self.measure(files, screenshots: shots)
    #expect(measured.count == files.count)
    for (name, _) in files {
      let picture = try #require(measured[name], "\(name) was not measured")
      let width = try #require(picture["width"] as? Double)
      let drawn = try #require(picture["drawn_width"] as? Double)
      let font = try #require(picture["smallest_font_px"] as? Double)
      let gap = picture["smallest_label_gap"] as? Double
      print(
        "picture: \(name): \(Int(width)) px wide, drawn at \(drawn) px, smallest text \(font) px, "
          + "row labels \(gap.map { "\($0) px" } ?? "–") from their cells")
      #expect(width <= Double(CoverageGrid.maxPictureWidth), "\(name) is \(width) px wide")
      #expect(abs(drawn - width) < 0.5, "\(name) is drawn at \(drawn) of its \(width) px")
      #expect(font >= 12, "\(name): the smallest text is drawn at \(font) px")
      #expect((picture["problems"] as? [String]) == [], "\(name): \(picture["problems"] ?? "")")
      if let gap {
        #expect(gap >= 8, "\(name): a row label is \(gap) px from its cell")
      }
    }
  }

  // Negative control: the measurement catches what issue 23 saw (a 1,706-pixel picture drawn at 59%, a
  // row label that touches its cell, a count wider than its cell).
  @Test func `the measurement finds a picture scaled down, a label touching its cell and text leaving it`()
    throws
  {
    let font = "font-family=\"Helvetica, Arial, sans-serif\""
    let svg = """
      <svg xmlns="http://www.w3.org/2000/svg" width="1706" height="120" viewBox="0 0 1706 120">
        <text class="row-label" x="16" y="60" \(font) font-size="12" font-weight="bold">sim-iphone-16e</text>
        <g class="cell">
          <rect x="110" y="40" width="80" height="40" fill="#cf222e"/>
          <text x="150" y="66" \(font) font-size="11" text-anchor="middle">12 failed · 4/216 passed · core ✓</text>
        </g>
      </svg>

      """
    let measured = try #require(try Self.measure([("bad.svg", svg)])["bad.svg"])
    let problems = try #require(measured["problems"] as? [String])
    #expect((measured["scale"] as? Double ?? 1) < 0.6)
    #expect((measured["smallest_font_px"] as? Double ?? 12) < 7)
    #expect(problems.contains { $0.hasPrefix("row label touches a cell: 'sim-iphone-16e'") }, "\(problems)")
    #expect(problems.contains { $0.hasPrefix("text leaves its cell:") }, "\(problems)")
  }
}
