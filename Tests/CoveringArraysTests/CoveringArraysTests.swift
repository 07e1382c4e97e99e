import Testing

@testable import CoveringArrays

struct BenchmarkModelTests {
  @Test(arguments: BenchCase.strengthTwo)
  func `strength 2 arrays cover every pair within the target size`(_ bench: BenchCase) throws {
    let model = bench.model
    let result = try CoveringArrays.generate(model, strength: bench.strength, seed: 1)
    let check = expectValid(result, model, strength: bench.strength)
    #expect(check.missing == result.uncoverable)
    #expect(check.violations == 0)
    #expect(check.malformed == 0)
    #expect(result.rows.count <= bench.maxRows)
  }

  @Test(arguments: BenchCase.strengthThree)
  func `strength 3 arrays cover every triple on the small models`(_ bench: BenchCase) throws {
    let model = bench.model
    let result = try CoveringArrays.generate(
      model, strength: bench.strength, seed: 1, options: CoveringOptions(effort: bench.effort))
    let check = expectValid(result, model, strength: bench.strength)
    #expect(check.missing == result.uncoverable)
    #expect(check.violations == 0)
    #expect(result.rows.count <= bench.maxRows)
  }

  @Test func `the documentation example plans 48 rows`() throws {
    let model = CoveringModel(factors: [
      Factor(name: "iOS", levels: 6), Factor(name: "Input", levels: 6), Factor(name: "Device", levels: 8),
    ])
    let plan = try CoveringArrays.generate(model, strength: 2, seed: 7)
    #expect(plan.rows.count == 48)
    #expect(CoverageCheck.missingTuples(rows: plan.rows, model: model, strength: 2).isEmpty)
  }

  @Test func `the constrained iOS model reports exactly the impossible pairs`() throws {
    let model = BenchCase(
      name: "ios", levels: BenchCase.iosLevels, constraints: BenchCase.iosConstraints, strength: 2, maxRows: 0
    ).model
    let result = try CoveringArrays.generate(model, strength: 2)
    let truth = try #require(CoverageCheck.uncoverableTuples(model: model, strength: 2))
    #expect(result.uncoverable == truth)
    // iPhone X with 5 newer iOS versions, iPhone 16 with 2 older ones, Pencil on 7 iPhones.
    #expect(truth.count == 14)
  }
}

struct RandomisedModelTests {
  struct Case: Sendable, CustomStringConvertible {
    var seed: UInt64
    var description: String { "random model \(seed)" }
  }

  /// A small random model: 3 to 6 factors of 1 to 4 levels, up to 4 forbidden tuples over 1 to 3 factors,
  /// sometimes a partial seed row that is valid; strength 2 to 4.
  static func randomModel(_ seed: UInt64) -> (CoveringModel, strength: Int) {
    var rng = SplitMix64(seed: seed)
    let k = 3 + rng.below(4)
    let levels = (0..<k).map { _ in 1 + rng.below(4) }
    var constraints: [Constraint] = []
    for _ in 0..<rng.below(5) {
      var forbidden: [Int: Set<Int>] = [:]
      for _ in 0..<(1 + rng.below(3)) {
        let f = rng.below(k)
        forbidden[f, default: []].insert(rng.below(levels[f]))
      }
      constraints.append(Constraint(forbidden: forbidden))
    }
    var model = CoveringModel(
      factors: levels.enumerated().map { Factor(name: "F\($0.offset)", levels: $0.element) },
      constraints: constraints)
    if rng.below(2) == 0 {
      // A seed: a valid row of the product with some cells freed.
      let valid = CoverageCheck.assignments(levels).filter { row in
        !constraints.contains { $0.isViolated(by: row) }
      }
      if !valid.isEmpty {
        let row = valid[rng.below(valid.count)]
        model.seeds = [row.map { rng.below(2) == 0 ? $0 : nil }]
      }
    }
    return (model, 2 + rng.below(min(3, k - 1)))  // strength 2...min(4, k)
  }

  @Test(arguments: (1...40).map { Case(seed: UInt64($0)) })
  func `random constrained models are covered and never violated`(_ c: Case) throws {
    let (model, strength) = Self.randomModel(c.seed)
    let result = try CoveringArrays.generate(model, strength: strength, seed: c.seed)
    let check = expectValid(result, model, strength: strength)
    let truth = try #require(CoverageCheck.uncoverableTuples(model: model, strength: strength))
    #expect(result.uncoverable == truth, "reported uncoverable tuples must be exactly the impossible ones")
    #expect(check.missing == truth)
    #expect(check.violations == 0)
    #expect(check.malformed == 0)
    if model.seeds.isEmpty {
      // Never more rows than the distinct valid rows of the full product.
      let validRows = CoverageCheck.assignments(model.factors.map(\.levels)).filter { row in
        !model.constraints.contains { $0.isViolated(by: row) }
      }
      #expect(result.rows.count <= validRows.count)
    }
    for (seedRow, row) in zip(model.seeds, result.rows) {
      for (given, level) in zip(seedRow, row) where given != nil { #expect(given == level) }
    }
  }

  @Test(arguments: [UInt64(3), 17, 99])
  func `the same seed gives the same array`(_ seed: UInt64) throws {
    let (model, strength) = Self.randomModel(seed)
    let first = try CoveringArrays.generate(model, strength: strength, seed: seed)
    let second = try CoveringArrays.generate(model, strength: strength, seed: seed)
    #expect(first == second)
    #expect(first.seed == seed)
    let bigger = BenchCase(name: "5^10", levels: BenchCase.uniform(5, 10), strength: 2, maxRows: 0).model
    #expect(
      try CoveringArrays.generate(bigger, strength: 2, seed: seed)
        == CoveringArrays.generate(bigger, strength: 2, seed: seed))
  }
}

struct ImplicitConstraintTests {
  @Test func `a pair is uncoverable when every completion is forbidden`() throws {
    // A=0 forces C=0 (forbid A=0,C=1) and B=0 forces C=1 (forbid B=0,C=0): A=0,B=0 has no valid row,
    // although no constraint names A and B together.
    let model = CoveringModel(
      factors: [Factor(name: "A", levels: 2), Factor(name: "B", levels: 2), Factor(name: "C", levels: 2)],
      constraints: [Constraint(forbidden: [0: [0], 2: [1]]), Constraint(forbidden: [1: [0], 2: [0]])])
    let result = try CoveringArrays.generate(model, strength: 2)
    #expect(result.uncoverable.contains(Tuple(factors: [0, 1], levels: [0, 0])))
    #expect(result.uncoverable == CoverageCheck.uncoverableTuples(model: model, strength: 2))
    #expect(CoverageCheck.violations(rows: result.rows, model: model).isEmpty)
  }

  @Test func `single-level factors do not inflate the binary construction`() throws {
    let model = CoveringModel(factors: [
      Factor(name: "A", levels: 1), Factor(name: "B", levels: 2), Factor(name: "C", levels: 1),
    ])
    let result = try CoveringArrays.generate(model, strength: 2)
    #expect(result.rows.count == 2)
    #expect(CoverageCheck.missingTuples(rows: result.rows, model: model, strength: 2).isEmpty)
  }

  @Test func `a model without any valid row plans nothing and reports every tuple`() throws {
    let model = CoveringModel(
      factors: [Factor(name: "A", levels: 2), Factor(name: "B", levels: 2)],
      constraints: [Constraint(forbidden: [0: [0, 1]])])
    let result = try CoveringArrays.generate(model, strength: 2)
    #expect(result.rows.isEmpty)
    #expect(result.uncoverable.count == 4)
  }

  @Test func `a seed that cannot be completed is an error`() throws {
    let model = CoveringModel(
      factors: [Factor(name: "A", levels: 2), Factor(name: "B", levels: 2), Factor(name: "C", levels: 2)],
      constraints: [Constraint(forbidden: [0: [0], 2: [1]]), Constraint(forbidden: [1: [0], 2: [0]])],
      seeds: [[0, 0, nil]])
    #expect(throws: CoveringError.seedCannotBeCompleted(seed: 0)) {
      try CoveringArrays.generate(model, strength: 2)
    }
  }
}

struct SeedAndPreviousTests {
  static let base = CoveringModel(
    factors: [
      Factor(name: "iOS", levels: 4), Factor(name: "Input", levels: 3), Factor(name: "Device", levels: 5),
      Factor(name: "Appearance", levels: 2),
    ],
    constraints: [Constraint(forbidden: [2: [4], 1: [2]])])

  @Test func `seeds come first, completed, and count toward coverage`() throws {
    var model = Self.base
    model.seeds = [[3, nil, 4, nil], [0, 1, 0, 1]]
    let result = try CoveringArrays.generate(model, strength: 2, seed: 5)
    #expect(result.rows[0][0] == 3 && result.rows[0][2] == 4)
    #expect(result.rows[0][1] != 2, "the completion respects the constraint")
    #expect(result.rows[1] == [0, 1, 0, 1])
    #expect(CoverageCheck.missingTuples(rows: result.rows, model: model, strength: 2) == result.uncoverable)
  }

  @Test func `a seed that matches a forbidden combination is an error`() throws {
    var model = Self.base
    model.seeds = [[nil, 2, 4, nil]]
    #expect(throws: CoveringError.seedViolatesConstraint(seed: 0, constraint: 0)) {
      try CoveringArrays.generate(model, strength: 2)
    }
  }

  @Test func `re-planning after adding a level keeps the earlier rows`() throws {
    let first = try CoveringArrays.generate(Self.base, strength: 2, seed: 11)
    var changed = Self.base
    changed.factors[3].levels = 3  // a new appearance mode
    let second = try CoveringArrays.generate(changed, strength: 2, seed: 11, previous: first.rows)
    #expect(second.keptPrevious.count >= first.rows.count - 2)
    for (position, p) in second.keptPrevious.enumerated() { #expect(second.rows[position] == first.rows[p]) }
    #expect(CoverageCheck.missingTuples(rows: second.rows, model: changed, strength: 2) == second.uncoverable)
    #expect(CoverageCheck.violations(rows: second.rows, model: changed).isEmpty)
  }

  @Test func `earlier rows that became invalid or useless are dropped`() throws {
    let first = try CoveringArrays.generate(Self.base, strength: 2, seed: 11)
    var changed = Self.base
    changed.constraints.append(Constraint(forbidden: [0: [0]]))  // iOS level 0 dropped
    let duplicated = first.rows + first.rows
    let second = try CoveringArrays.generate(changed, strength: 2, seed: 11, previous: duplicated)
    for p in second.keptPrevious {
      #expect(duplicated[p][0] != 0)
      #expect(p < first.rows.count, "a duplicate adds no coverage")
    }
    #expect(CoverageCheck.violations(rows: second.rows, model: changed).isEmpty)
    #expect(CoverageCheck.missingTuples(rows: second.rows, model: changed, strength: 2) == second.uncoverable)
  }
}

struct WeightTests {
  static func model(weights: [Double]?) -> CoveringModel {
    CoveringModel(factors: [
      Factor(name: "A", levels: 4), Factor(name: "B", levels: 4),
      Factor(name: "C", levels: 2, weights: weights),
    ])
  }

  @Test(arguments: [([0.05, 1.0], 1), ([1.0, 0.05], 0)])
  func `free cells lean toward heavier levels`(_ weights: [Double], _ heavy: Int) throws {
    let model = Self.model(weights: weights)
    let result = try CoveringArrays.generate(model, strength: 2, seed: 2)
    #expect(CoverageCheck.missingTuples(rows: result.rows, model: model, strength: 2).isEmpty)
    let heavyCount = result.rows.filter { $0[2] == heavy }.count
    // 16 rows are needed for A x B; the light level needs only 4 of them.
    #expect(result.rows.count == 16)
    #expect(heavyCount >= 10)
  }
}

struct ConstructionTests {
  @Test(arguments: [2, 3, 4, 10, 11, 35, 100, 126, 127, 200])
  func `binary code arrays cover every pair with the fewest rows`(_ k: Int) {
    let rows = Constructions.binaryCode(factors: k)
    let model = CoveringModel(factors: (0..<k).map { Factor(name: "F\($0)", levels: 2) })
    #expect(CoverageCheck.missingTuples(rows: rows, model: model, strength: 2).isEmpty)
    // Kleitman-Spencer: N is the least with C(N-1, ceil(N/2)) >= k.
    let n = rows.count
    #expect(Constructions.binomial(n - 1, (n + 1) / 2) >= k)
    #expect(Constructions.binomial(n - 2, n / 2) < k)
  }

  @Test(arguments: [(4, 2), (8, 2), (9, 2), (4, 3), (5, 3), (7, 3), (4, 4)])
  func `Bush orthogonal arrays cover every tuple exactly once`(_ q: Int, _ t: Int) throws {
    let field = try #require(GaloisField(order: q))
    let rows = Constructions.bush(field: field, strength: t, factors: q + 1)
    let model = CoveringModel(factors: (0...q).map { Factor(name: "F\($0)", levels: q) })
    #expect(rows.count == Self.pow(q, t))
    #expect(CoverageCheck.missingTuples(rows: rows, model: model, strength: t).isEmpty)
  }

  @Test(arguments: [2, 3, 4, 5, 7, 8, 9, 16, 25, 27])
  func `Galois fields have inverses and distribute`(_ q: Int) throws {
    let field = try #require(GaloisField(order: q))
    for a in 1..<q { #expect((1..<q).contains { field.multiply(a, $0) == 1 }) }
    for a in 0..<q {
      for b in 0..<q {
        let c = (a * 7 + b) % q
        #expect(field.multiply(a, field.add(b, c)) == field.add(field.multiply(a, b), field.multiply(a, c)))
      }
    }
  }

  @Test func `the orthogonal skeleton spans the first q+1 factors and frees missing symbols`() throws {
    let levels = [Int](repeating: 10, count: 20)
    let skeleton = try #require(Constructions.orthogonalSkeleton(levels: levels, strength: 2))
    #expect(skeleton.count == 121)  // q = 11
    #expect(
      skeleton.allSatisfy { row in row[12...].allSatisfy { $0 == -1 } && row[..<12].allSatisfy { $0 < 10 } })
    // Every pair of levels below 10 among the first 12 factors is fixed in exactly one row.
    var seen = Set<[Int]>()
    for row in skeleton {
      for i in 0..<12 {
        for j in (i + 1)..<12 where row[i] >= 0 && row[j] >= 0 {
          #expect(seen.insert([i, j, row[i], row[j]]).inserted)
        }
      }
    }
    #expect(seen.count == 66 * 100)
    // Too few factors for the skeleton to help: 3^13 (OA on 4 of 13 factors), or an OA that is complete.
    #expect(Constructions.orthogonalSkeleton(levels: [Int](repeating: 3, count: 13), strength: 2) == nil)
    #expect(Constructions.orthogonalSkeleton(levels: [5, 5, 5], strength: 2) == nil)
  }

  @Test func `non prime powers have no field`() {
    #expect(GaloisField(order: 6) == nil)
    #expect(GaloisField(order: 10) == nil)
  }

  static func pow(_ base: Int, _ exponent: Int) -> Int { (0..<exponent).reduce(1) { p, _ in p * base } }
}

struct CheckerTests {
  @Test func `the checker notices a missing row and a forbidden one`() throws {
    let model = CoveringModel(
      factors: [Factor(name: "A", levels: 3), Factor(name: "B", levels: 3), Factor(name: "C", levels: 3)],
      constraints: [Constraint(forbidden: [0: [2], 1: [2]])])
    let result = try CoveringArrays.generate(model, strength: 2)
    #expect(CoverageCheck.missingTuples(rows: result.rows, model: model, strength: 2) == result.uncoverable)
    // Negative controls: drop a row, add a forbidden row.
    let fewer = Array(result.rows.dropLast())
    #expect(
      CoverageCheck.missingTuples(rows: fewer, model: model, strength: 2).count > result.uncoverable.count)
    let forbidden = result.rows + [[2, 2, 0]]
    #expect(CoverageCheck.violations(rows: forbidden, model: model).map(\.row) == [result.rows.count])
    #expect(CoverageCheck.malformedRows(rows: [[0, 3, 0], [0, 0]], model: model) == [0, 1])
  }

  @Test func `effort zero keeps the greedy array, which still covers everything`() throws {
    let model = BenchCase(name: "5^10", levels: BenchCase.uniform(5, 10), strength: 2, maxRows: 0).model
    let quick = try CoveringArrays.generate(model, strength: 2, options: CoveringOptions(effort: 0))
    let full = try CoveringArrays.generate(model, strength: 2)
    #expect(CoverageCheck.missingTuples(rows: quick.rows, model: model, strength: 2).isEmpty)
    #expect(full.rows.count < quick.rows.count)
  }
}

struct ErrorTests {
  static let twoFactors = [Factor(name: "OS", levels: 2), Factor(name: "Device", levels: 3)]

  @Test func `strength must be 2 to 4 and at most the factor count`() {
    let model = CoveringModel(factors: Self.twoFactors)
    #expect(throws: CoveringError.strengthOutOfRange(strength: 1)) {
      try CoveringArrays.generate(model, strength: 1)
    }
    #expect(throws: CoveringError.strengthOutOfRange(strength: 5)) {
      try CoveringArrays.generate(model, strength: 5)
    }
    let error = #expect(throws: CoveringError.self) { try CoveringArrays.generate(model, strength: 3) }
    #expect(error == .strengthExceedsFactorCount(strength: 3, factorCount: 2))
    #expect(error?.description == "strength 3 needs at least 3 factors, but the model has 2")
  }

  @Test func `a factor without levels is named in the error`() {
    let model = CoveringModel(factors: [Factor(name: "OS", levels: 2), Factor(name: "Keyboard", levels: 0)])
    let error = #expect(throws: CoveringError.self) { try CoveringArrays.generate(model, strength: 2) }
    #expect(error == .factorWithoutLevels(factor: 1, name: "Keyboard", levels: 0))
    #expect(error?.description == "factor 1 'Keyboard' has 0 levels; expected at least 1")
  }

  @Test func `bad weights, constraints and seeds are rejected`() {
    var model = CoveringModel(factors: Self.twoFactors)
    model.factors[1].weights = [1, 2]
    #expect(throws: CoveringError.invalidWeights(factor: 1, name: "Device", levels: 3, weightCount: 2)) {
      try CoveringArrays.generate(model, strength: 2)
    }
    model.factors[1].weights = [1, -1, 2]
    #expect(throws: CoveringError.invalidWeights(factor: 1, name: "Device", levels: 3, weightCount: 3)) {
      try CoveringArrays.generate(model, strength: 2)
    }
    model.factors[1].weights = nil
    model.constraints = [Constraint(forbidden: [5: [0]])]
    #expect(throws: CoveringError.constraintFactorOutOfRange(constraint: 0, factor: 5, factorCount: 2)) {
      try CoveringArrays.generate(model, strength: 2)
    }
    model.constraints = [Constraint(forbidden: [1: [3]])]
    #expect(
      throws: CoveringError.constraintLevelOutOfRange(
        constraint: 0, factor: 1, name: "Device", level: 3, levels: 3)
    ) { try CoveringArrays.generate(model, strength: 2) }
    model.constraints = [Constraint(forbidden: [:])]
    #expect(throws: CoveringError.emptyConstraint(constraint: 0)) {
      try CoveringArrays.generate(model, strength: 2)
    }
    model.constraints = []
    model.seeds = [[0]]
    #expect(throws: CoveringError.seedWrongLength(seed: 0, cells: 1, factorCount: 2)) {
      try CoveringArrays.generate(model, strength: 2)
    }
    model.seeds = [[0, 7]]
    let error = #expect(throws: CoveringError.self) { try CoveringArrays.generate(model, strength: 2) }
    #expect(error == .seedLevelOutOfRange(seed: 0, factor: 1, name: "Device", level: 7, levels: 3))
    #expect(error?.description == "seed row 0 gives level 7 to factor 1 'Device', which has levels 0..<3")
  }

  @Test func `a model with too many tuples is refused before allocating`() {
    let model = CoveringModel(factors: (0..<60).map { Factor(name: "F\($0)", levels: 10) })
    let error = #expect(throws: CoveringError.self) { try CoveringArrays.generate(model, strength: 4) }
    guard case .tooManyTuples(_, let limit)? = error else {
      Issue.record("expected tooManyTuples, got \(String(describing: error))")
      return
    }
    #expect(limit == CoveringArrays.tupleLimit)
    // Level counts whose product overflows are refused too, not wrapped around.
    let huge = CoveringModel(factors: [
      Factor(name: "A", levels: 1 << 62), Factor(name: "B", levels: 2),
    ])
    #expect(throws: CoveringError.tooManyTuples(count: Int.max, limit: CoveringArrays.tupleLimit)) {
      try CoveringArrays.generate(huge, strength: 2)
    }
  }
}
