import Testing

@testable import CoveringArrays

/// The strength-3 and -4 methods for models whose factors all have the same levels (issue 16): the orbit
/// search over GF(q), Roux's doubling and the redundant-row pass, each checked by the independent
/// `CoverageCheck` on small models.
struct OrbitSearchTests {
  struct Case: Sendable, CustomStringConvertible {
    var levels: Int
    var factors: Int
    var strength: Int
    var description: String { "\(levels)^\(factors) t=\(strength)" }
    var model: CoveringModel {
      CoveringModel(factors: (0..<factors).map { Factor(name: "F\($0)", levels: levels) })
    }
  }

  static let cases = [
    Case(levels: 3, factors: 8, strength: 3),
    Case(levels: 4, factors: 7, strength: 3),
    Case(levels: 2, factors: 10, strength: 3),
    Case(levels: 3, factors: 6, strength: 4),
  ]

  /// Builds and shrinks an orbit array with a small budget.
  static func search(_ c: Case, seed: UInt64) throws -> OrbitSearch {
    var search = try #require(
      OrbitSearch(k: c.factors, order: c.levels, strength: c.strength, seed: seed, limit: 1 << 20))
    search.greedyFill()
    #expect(search.uncoveredList.isEmpty)
    search.shrink(
      attemptBudget: 50_000, totalBudget: 200_000, tenure: 4, lowerBound: search.classesPerCombo,
      maxFailures: 2)
    return search
  }

  @Test(arguments: cases)
  func `orbit arrays cover every tuple`(_ c: Case) throws {
    let search = try Self.search(c, seed: 3)
    let rows = search.rows
    #expect(rows.count == search.fullRowCount)
    #expect(CoverageCheck.missingTuples(rows: rows, model: c.model, strength: c.strength).isEmpty)
    #expect(CoverageCheck.malformedRows(rows: rows, model: c.model).isEmpty)
    // Negative control: without the images of the last base row some tuple is missing.
    let images = c.levels * search.scales.count
    let fewer = Array(rows.dropLast(images))
    #expect(!CoverageCheck.missingTuples(rows: fewer, model: c.model, strength: c.strength).isEmpty)
  }

  /// Builds an orbit array and shrinks it by the annealing descent with a small budget.
  static func annealed(_ c: Case, seed: UInt64) throws -> OrbitSearch {
    var search = try #require(
      OrbitSearch(k: c.factors, order: c.levels, strength: c.strength, seed: seed, limit: 1 << 20))
    search.greedyFill()
    let greedy = search.rowCount
    search.annealingShrink(
      attemptBudget: 50_000, totalBudget: 200_000, lowerBound: search.classesPerCombo, maxFailures: 2,
      lossAcceptance: 0.1)
    #expect(search.rowCount < greedy)
    return search
  }

  @Test func `annealed orbit arrays cover every tuple and repeat per seed`() throws {
    let c = Self.cases[0]
    let search = try Self.annealed(c, seed: 7)
    let rows = search.rows
    #expect(rows.count == search.fullRowCount)
    #expect(CoverageCheck.missingTuples(rows: rows, model: c.model, strength: c.strength).isEmpty)
    // Negative control: without the images of the last base row some tuple is missing.
    let fewer = Array(rows.dropLast(c.levels * search.scales.count))
    #expect(!CoverageCheck.missingTuples(rows: fewer, model: c.model, strength: c.strength).isEmpty)
    #expect(try Self.annealed(c, seed: 7).rows == rows)
  }

  @Test func `the same seed gives the same rows`() throws {
    let c = Self.cases[0]
    let first = try Self.search(c, seed: 11).rows
    #expect(try Self.search(c, seed: 11).rows == first)
    let options = CoveringOptions(effort: 0.01)
    let a = try CoveringArrays.generate(c.model, strength: 3, seed: 5, options: options)
    let b = try CoveringArrays.generate(c.model, strength: 3, seed: 5, options: options)
    #expect(a == b)
  }

  @Test func `levels that are not a prime power are folded from the next field`() throws {
    // 6 levels: the search runs over GF(7) and symbol 6 is folded back to 0.
    let c = Case(levels: 6, factors: 5, strength: 3)
    let result = try CoveringArrays.generate(
      c.model, strength: 3, seed: 2, options: CoveringOptions(effort: 0.01))
    #expect(CoverageCheck.missingTuples(rows: result.rows, model: c.model, strength: 3).isEmpty)
    #expect(CoverageCheck.malformedRows(rows: result.rows, model: c.model).isEmpty)
  }

  @Test func `Roux doubling of a strength-3 and a strength-2 array covers every triple`() throws {
    let half = Case(levels: 3, factors: 4, strength: 3)
    let a = try CoveringArrays.generate(half.model, strength: 3).rows
    let b = try CoveringArrays.generate(half.model, strength: 2).rows
    #expect((a.count, b.count) == (27, 9))
    let doubled = Case(levels: 3, factors: 8, strength: 3)
    let rows = Constructions.doubling(strengthThree: a, strengthTwo: b, levels: 3, factors: 8)
    #expect(rows.count == 27 + 2 * 9)
    #expect(CoverageCheck.missingTuples(rows: rows, model: doubled.model, strength: 3).isEmpty)
    // Negative control: without the shifted copies of B, the triples (i, j, i') with x_i' != x_i are missing.
    let unshifted = Array(rows.prefix(27))
    #expect(!CoverageCheck.missingTuples(rows: unshifted, model: doubled.model, strength: 3).isEmpty)
    // An odd factor count keeps the first columns.
    let seven = Constructions.doubling(strengthThree: a, strengthTwo: b, levels: 3, factors: 7)
    let model = Case(levels: 3, factors: 7, strength: 3).model
    #expect(CoverageCheck.missingTuples(rows: seven, model: model, strength: 3).isEmpty)
  }

  @Test func `the binary power construction covers every triple of q² columns from three blocks`() throws {
    let side = Case(levels: 2, factors: 5, strength: 3)
    let a = try CoveringArrays.generate(side.model, strength: 3).rows
    #expect(a.count == 10)
    let square = Case(levels: 2, factors: 25, strength: 3)
    let rows = Constructions.binaryPower(strengthThree: a, factors: 25)
    #expect(rows.allSatisfy { $0.count == 25 })
    #expect(CoverageCheck.missingTuples(rows: rows, model: square.model, strength: 3).isEmpty)
    // Block 1 keeps every row of the ingredient; blocks 2 and 3 drop its constant rows, kept once.
    let constant = rows.prefix(a.count).filter { Set($0).count == 1 }.count
    #expect(constant >= 1)
    #expect(rows.count == 3 * (a.count - constant) + constant)
    // Negative controls: without the third map (the Latin square's symbols) a column that shares its row
    // with one column and its column with another is never set apart from both; without the shared
    // constant row the all-0 triples are missing.
    let twoMaps = Array(rows.prefix(rows.count - (a.count - constant)))
    #expect(!CoverageCheck.missingTuples(rows: twoMaps, model: square.model, strength: 3).isEmpty)
    let unshared = rows.filter { Set($0).count > 1 }
    #expect(!CoverageCheck.missingTuples(rows: unshared, model: square.model, strength: 3).isEmpty)
    // Fewer columns than q² keep the first ones.
    let twenty = Constructions.binaryPower(strengthThree: a, factors: 20)
    let model = Case(levels: 2, factors: 20, strength: 3).model
    #expect(CoverageCheck.missingTuples(rows: twenty, model: model, strength: 3).isEmpty)
  }

  @Test func `redundant rows are dropped and coverage kept`() throws {
    let c = Case(levels: 2, factors: 4, strength: 3)
    let model = c.model
    let space = try TupleSpace(levels: [2, 2, 2, 2], strength: 3, limit: 1 << 10)
    var planner = Planner(
      space: space, constraints: ConstraintSet(constraints: [], levels: [2, 2, 2, 2]),
      coverable: [Bool](repeating: true, count: space.tupleCount), weights: [nil, nil, nil, nil],
      rng: SplitMix64(seed: 0))
    let full = CoverageCheck.assignments([2, 2, 2, 2])
    for row in full + full.prefix(3) { planner.append(row) }
    planner.dropRedundantRows()
    // All 16 rows of 2^4 minus the ones no tuple needs: 8 rows (an orthogonal array of strength 3) suffice,
    // and the duplicates go first.
    #expect(planner.rowCount < 16)
    #expect(CoverageCheck.missingTuples(rows: planner.rows, model: model, strength: 3).isEmpty)
  }
}
