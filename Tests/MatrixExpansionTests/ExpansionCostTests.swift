import CoveringArrays
import Diagnostics
import MatrixFormat
import Testing

@testable import MatrixExpansion

/// Issue 32, finding 6: `include` entries were merged row by row with a linear search (72,000 cells and
/// 100 entries took `lint` 110 s and 2.0 GB), and every row tested every `exclude` entry. The indexed
/// merge must give what GitHub's rules give, stated here naively, and share one list of merged keys
/// between rows that match the same entries. Timings are in bench/hostile.
struct ExpansionCostTests {
  func matrix(_ yaml: String) throws -> Matrix {
    try MatrixDocument.load(path: "m.yaml", bytes: Array(yaml.utf8)).document.matrix
  }

  /// GitHub's expansion, naively: the product; minus rows any exclude entry matches; each include
  /// entry, in order, merged into every row whose original values it agrees with, else appended.
  static func naive(_ matrix: Matrix) -> (rows: [String], merged: [Int], removed: [Int]) {
    var product: [[MatrixMember]] = [[]]
    for dimension in matrix.dimensions {
      product = product.flatMap { row in
        dimension.values.map { row + [MatrixMember(dimension.name, $0.value)] }
      }
    }
    var removed = [Int](repeating: 0, count: matrix.exclude.count)
    let names = Set(matrix.dimensions.map(\.name))
    func agrees(_ entry: Matrix.Entry, _ row: [MatrixMember], dimensionsOnly: Bool) -> Bool {
      entry.members.allSatisfy { member in
        guard names.contains(member.key) else { return dimensionsOnly }
        return row.contains { $0.key == member.key && $0.value == member.value.value }
      }
    }
    let survivors = product.filter { row in
      guard let e = matrix.exclude.firstIndex(where: { agrees($0, row, dimensionsOnly: false) }) else {
        return true
      }
      removed[e] += 1
      return false
    }
    var rows = survivors
    var appended: [[MatrixMember]] = []
    var merged: [Int] = []
    for entry in matrix.include {
      var count = 0
      for index in rows.indices where agrees(entry, survivors[index], dimensionsOnly: true) {
        count += 1
        for member in entry.members where !names.contains(member.key) {
          if let at = rows[index].firstIndex(where: { $0.key == member.key }) {
            rows[index][at].value = member.value.value
          } else {
            rows[index].append(MatrixMember(member.key, member.value.value))
          }
        }
      }
      if count == 0 { appended.append(entry.members.map { MatrixMember($0.key, $0.value.value) }) }
      merged.append(count)
    }
    return ((rows + appended).map { Combination($0).json }, merged, removed)
  }

  @Test func `indexed include and exclude give what the naive rules give, on 500 seeded matrices`() throws {
    var random = SplitMix64(seed: 32)
    // Values that repeat, and that differ only by type (1 and "1" never match each other).
    let values = ["1", "\"1\"", "2", "x", "y"]
    let keys = ["a", "b", "c", "e", "f"]
    var compared = 0
    for _ in 0..<500 {
      let width = Int.random(in: 1...3, using: &random)
      var yaml = ""
      for d in 0..<width {
        let count = Int.random(in: 1...4, using: &random)
        yaml +=
          "\(keys[d]): ["
          + (0..<count).map { _ in values.randomElement(using: &random)! }.joined(separator: ", ") + "]\n"
      }
      for kind in ["exclude", "include"] {
        let entries = Int.random(in: 0...4, using: &random)
        guard entries > 0 else { continue }
        yaml += "\(kind):\n"
        for _ in 0..<entries {
          let pool = kind == "exclude" ? Array(keys.prefix(width)) : keys
          let chosen = Set(
            (0..<Int.random(in: 1...3, using: &random)).map { _ in pool.randomElement(using: &random)! })
          yaml +=
            "  - {"
            + chosen.sorted().map { "\($0): \(values.randomElement(using: &random)!)" }.joined(
              separator: ", ")
            + "}\n"
        }
      }
      let matrix = try matrix(yaml)
      guard let expansion = try? matrix.expand() else { continue }  // everything excluded
      let expected = Self.naive(matrix)
      #expect(expansion.combinations.map(\.json) == expected.rows, "\(yaml)")
      #expect(expansion.mergedByInclude == expected.merged, "\(yaml)")
      #expect(expansion.removedByExclude == expected.removed, "\(yaml)")
      compared += 1
    }
    #expect(compared > 400)
  }

  @Test func `72,000 cells merged with 100 include entries share one list of merged keys`() throws {
    let yaml =
      "d0: [" + (0..<72).map { "a\($0)" }.joined(separator: ", ") + "]\n"
      + (1...3).map { "d\($0): [" + (0..<10).map { "v\($0)" }.joined(separator: ", ") + "]\n" }.joined()
      + "include:\n" + (0..<100).map { "  - {x\($0): y\($0)}\n" }.joined()
    let expansion = try matrix(yaml).expand()
    #expect(expansion.count == 72_000)
    #expect(expansion.mergedByInclude == [Int](repeating: 72_000, count: 100))
    #expect(expansion.extraLists.count == 1)
    #expect(expansion.combination(at: 71_999).members.count == 104)
    #expect(expansion.combination(at: 71_999).members.last == MatrixMember("x99", .string("y99")))
  }

  @Test(arguments: ["include", "exclude"])
  func `more than 1,000 entries are refused at the first one over the limit`(kind: String) throws {
    let entries = (0...1_000).map { "  - {a: \($0 % 2)}\n" }.joined()
    let yaml = "a: [0, 1]\n\(kind):\n" + entries
    let error = #expect(throws: DiagnosticList.self) { try matrix(yaml).expand() }
    let diagnostic = try #require(error?.diagnostics.first)
    #expect(diagnostic.location?.line == 1_003)
    #expect(
      diagnostic.message.hasPrefix(
        "the matrix has 1001 '\(kind)' entries, over the limit of 1000 (Matrix.max"))
    // At the limit: expanded.
    let atLimit = "a: [0, 1, 2]\n\(kind):\n" + (0..<1_000).map { "  - {a: \($0 % 2)}\n" }.joined()
    #expect(throws: Never.self) { try matrix(atLimit).expand() }
  }
}
