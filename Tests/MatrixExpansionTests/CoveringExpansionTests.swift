import CoveringArrays
import Diagnostics
import Foundation
import MatrixExpansion
import MatrixFormat
import Testing

/// Covering-array expansion of matrices, checked by brute force: every t-tuple of dimension values that
/// some valid row can hold appears, and no row is excluded or impossible.
struct CoveringExpansionTests {
  static let root = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

  /// Every t-tuple over the dimensions that some allowed full combination holds, as `key=value` sets.
  func coverableTuples(_ matrix: Matrix, strength: Int, allowed: (Combination) -> Bool) throws -> Set<
    [String]
  > {
    let names = matrix.dimensions.map(\.name)
    let full = try matrix.expand(limit: 1_000_000).combinations.filter { row in
      names.allSatisfy { row[$0] != nil } && allowed(row)
    }
    var tuples = Set<[String]>()
    for combination in full {
      for keys in subsets(names, size: strength) {
        tuples.insert(keys.map { "\($0)=\(combination[$0]!.json)" })
      }
    }
    return tuples
  }

  func subsets(_ items: [String], size: Int) -> [[String]] {
    guard size > 0 else { return [[]] }
    guard items.count >= size else { return [] }
    let head = items[0]
    let rest = Array(items.dropFirst())
    return subsets(rest, size: size - 1).map { [head] + $0 } + subsets(rest, size: size)
  }

  func covered(_ rows: [Combination], names: [String], strength: Int) -> Set<[String]> {
    var tuples = Set<[String]>()
    for row in rows where names.allSatisfy({ row[$0] != nil }) {
      for keys in subsets(names, size: strength) {
        tuples.insert(keys.map { "\($0)=\(row[$0]!.json)" })
      }
    }
    return tuples
  }

  @Test(arguments: [2, 3])
  func `the default matrix is covered without impossible cells`(strength: Int) throws {
    let bytes = Array(
      try String(contentsOf: Self.root.appendingPathComponent("matrices/default.yaml"), encoding: .utf8).utf8)
    guard case .qapass(let file) = try MatrixDocument.load(path: "default.yaml", bytes: bytes).document else {
      Issue.record("default.yaml is not a qapass file")
      return
    }
    let plan = try file.cells(strategy: .pairwise(strength: strength))
    #expect(plan.impossible.isEmpty)
    let summary = try #require(plan.covering)
    let full = try file.cells()
    let possible = Set(full.cells.map(\.combination))
    let rows = plan.cells.map(\.combination)
    #expect(rows.allSatisfy { possible.contains($0) }, "a covering row is an impossible cell")
    let names = file.matrix.dimensions.map(\.name)
    let expected = try coverableTuples(file.matrix, strength: strength) { possible.contains($0) }
    #expect(covered(rows, names: names, strength: strength) == expected)
    // Three dimensions at strength 3 need every possible cell; strength 2 needs far fewer.
    #expect(strength == 3 ? rows.count == full.cells.count : rows.count < full.cells.count)
    let impossible =
      strength == 2
      ? "os=18.x, device=iphone-17-pro" : "os=18.x, input_method=zh-pinyin, device=iphone-17-pro"
    #expect(summary.uncoverable.contains(impossible))
    // Deterministic per seed.
    #expect(try file.cells(strategy: .pairwise(strength: strength)).cells == plan.cells)
  }

  @Test func `exclude entries are constraints and includes are seeded and merged`() throws {
    let yaml = """
      os: ["27.x", "26.x", "18.x"]
      keyboard: [pinyin, kana, hangul, zhuyin]
      device: [a, b, c]
      exclude:
        - {device: c, os: "18.x"}
        - {keyboard: zhuyin, device: a}
      include:
        - {os: "18.x", keyboard: hangul, device: b, note: seeded}
        - {os: "26.x", extra: true}
        - {os: "9.x", device: z}

      """
    let matrix = try MatrixDocument.load(path: "m.yaml", bytes: Array(yaml.utf8)).document.matrix
    let (expansion, summary) = try matrix.coveringExpansion(strength: 2, seed: 3)
    let rows = expansion.combinations
    let excluded: (Combination) -> Bool = {
      ($0["device"] == .string("c") && $0["os"] == .string("18.x"))
        || ($0["keyboard"] == .string("zhuyin") && $0["device"] == .string("a"))
    }
    let planned = Array(rows.prefix(summary.rows))
    #expect(!planned.contains(where: excluded))
    let expected = try coverableTuples(matrix, strength: 2) { !excluded($0) }
    #expect(covered(planned, names: ["os", "keyboard", "device"], strength: 2) == expected)
    #expect(planned.contains { $0["note"] == .string("seeded") && $0["keyboard"] == .string("hangul") })
    #expect(planned.filter { $0["os"] == .string("26.x") }.allSatisfy { $0["extra"] == .bool(true) })
    #expect(rows.last?.json == #"{"os":"9.x","device":"z"}"#)
    // The full entry and the partial one (os 26.x) are seeded; the one naming an unknown OS is appended.
    #expect(summary.seededRows == 2)
    #expect(summary.seed == 3)
  }

  @Test func `re-planning keeps earlier rows`() throws {
    let before = try MatrixDocument.load(
      path: "m.yaml", bytes: Array("a: [1, 2, 3]\nb: [x, y, z]\nc: [p, q]\n".utf8)
    ).document.matrix.coveringExpansion(strength: 2, seed: 1).expansion.combinations
    let after = try MatrixDocument.load(
      path: "m.yaml", bytes: Array("a: [1, 2, 3]\nb: [x, y, z]\nc: [p, q, r]\n".utf8)
    ).document.matrix.coveringExpansion(strength: 2, seed: 9, previous: before)
    let kept = Set(before).intersection(after.expansion.combinations)
    #expect(after.summary.keptPrevious == kept.count)
    #expect(kept.count >= before.count - 1)
  }

  @Test func `re-planning after adding a dimension keeps the earlier cells`() throws {
    let before = try MatrixDocument.load(
      path: "m.yaml", bytes: Array("a: [1, 2, 3]\nb: [x, y, z]\n".utf8)
    ).document.matrix.coveringExpansion(strength: 2, seed: 1).expansion.combinations
    let after = try MatrixDocument.load(
      path: "m.yaml", bytes: Array("a: [1, 2, 3]\nb: [x, y, z]\nc: [p, q]\n".utf8)
    ).document.matrix.coveringExpansion(strength: 2, seed: 1, previous: before)
    let earlierCells = Set(before.map { [$0["a"]!, $0["b"]!] })
    let laterCells = Set(after.expansion.combinations.map { [$0["a"]!, $0["b"]!] })
    #expect(earlierCells.isSubset(of: laterCells))
    #expect(after.summary.keptPrevious > 0)
  }

  @Test func `a strength beyond the dimensions is an error`() throws {
    let matrix = try MatrixDocument.load(path: "m.yaml", bytes: Array("a: [1, 2]\nb: [x]\n".utf8)).document
      .matrix
    #expect(throws: DiagnosticList.self) { try matrix.coveringExpansion(strength: 3) }
  }
}
