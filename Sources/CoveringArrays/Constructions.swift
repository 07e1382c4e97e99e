/// Algebraic covering arrays computed at run time for constraint-free models.
enum Constructions {
  /// A covering array from a construction, and whether it is known to be of minimum size.
  struct Candidate {
    var rows: [[Int]]
    var isOptimal: Bool
  }

  /// The best construction that applies to `levels` at `strength`, if any.
  ///
  /// - All factors with at most 2 levels, strength 2: the binary-code construction (Kleitman–Spencer, Katona),
  ///   of minimum size when every factor has exactly 2 levels.
  /// - Otherwise Bush's orthogonal array over GF(q) for the smallest prime power q at least the largest level
  ///   with `strength <= q` and `k <= q + 1`: q^t rows, optimal when q equals the t largest levels.
  static func best(levels: [Int], strength: Int) -> Candidate? {
    let largest = levels.max() ?? 1
    if strength == 2 && largest <= 2 {
      // Minimum when every factor has both levels; with single-level factors a smaller array may exist.
      return Candidate(
        rows: fit(binaryCode(factors: levels.count), levels), isOptimal: levels.allSatisfy { $0 == 2 })
    }
    let sorted = levels.sorted(by: >)
    let lowerBound = sorted.prefix(strength).reduce(1, *)
    var q = max(2, largest, strength)
    while q <= max(largest, strength) * 2 {
      if levels.count <= q + 1, let field = GaloisField(order: q) {
        var rows = 1
        for _ in 0..<strength { rows *= q }
        return Candidate(
          rows: fit(bush(field: field, strength: strength, factors: levels.count), levels),
          isOptimal: rows == lowerBound)
      }
      q += 1
    }
    return nil
  }

  /// Maps symbols beyond a factor's levels back into range (symbol mod levels); coverage is kept because
  /// every tuple of the smaller alphabet is also a tuple of the larger one.
  static func fit(_ rows: [[Int]], _ levels: [Int]) -> [[Int]] {
    rows.map { row in row.enumerated().map { f, v in v % levels[f] } }
  }

  /// A strength-2 binary covering array for `factors` columns with the fewest rows N, the least N with
  /// C(N-1, ceil(N/2)) >= factors: column i is 0 in row 0, then the i-th weight-ceil(N/2) word of length N-1.
  ///
  /// Any two distinct columns meet 0-0 in row 0, 1-1 because 2·ceil(N/2) > N-1, and 0-1 and 1-0 because they
  /// are distinct words of equal weight.
  static func binaryCode(factors: Int) -> [[Int]] {
    var n = 2
    while binomial(n - 1, (n + 1) / 2) < max(factors, 2) { n += 1 }
    let weight = (n + 1) / 2
    var columns: [[Int]] = []
    var positions = Array(0..<weight)
    while columns.count < factors {
      var column = [Int](repeating: 0, count: n)
      for p in positions { column[p + 1] = 1 }
      columns.append(column)
      var j = weight - 1
      while j >= 0 && positions[j] == n - 1 - weight + j { j -= 1 }
      if j < 0 { break }
      positions[j] += 1
      for i in (j + 1)..<weight { positions[i] = positions[i - 1] + 1 }
    }
    return (0..<n).map { r in columns.map { $0[r] } }
  }

  /// Bush's orthogonal array OA(q^t; t, q+1, q), first `factors` columns: one row per polynomial of degree
  /// below t; column j < q evaluates it at field element j, column q is its leading coefficient.
  static func bush(field: GaloisField, strength: Int, factors: Int) -> [[Int]] {
    let q = field.order
    var total = 1
    for _ in 0..<strength { total *= q }
    var rows: [[Int]] = []
    rows.reserveCapacity(total)
    for code in 0..<total {
      var coefficients = [Int](repeating: 0, count: strength)
      var rest = code
      for i in 0..<strength {
        coefficients[i] = rest % q
        rest /= q
      }
      var row: [Int] = []
      row.reserveCapacity(factors)
      for column in 0..<factors {
        if column == q {
          row.append(coefficients[strength - 1])
        } else {
          var value = 0
          for i in stride(from: strength - 1, through: 0, by: -1) {
            value = field.add(field.multiply(value, column), coefficients[i])
          }
          row.append(value)
        }
      }
      rows.append(row)
    }
    return rows
  }

  static func binomial(_ n: Int, _ r: Int) -> Int {
    guard r >= 0, r <= n else { return 0 }
    var result = 1
    for i in 0..<min(r, n - r) { result = result * (n - i) / (i + 1) }
    return result
  }
}

extension Constructions {
  /// Partial rows to start a greedy array from: Bush's OA(q^t; t, q+1, q) on the first q+1 factors, where q
  /// is the smallest prime power at least every level count and the strength, with symbols a factor does not
  /// have left free (-1), as are the cells of the other factors.
  ///
  /// Used when the orthogonal array spans at least half of the factors, where it gives the greedy and the
  /// search a much better skeleton than row-by-row construction (10^20: about 181 rows instead of 189).
  static func orthogonalSkeleton(levels: [Int], strength: Int) -> [[Int]]? {
    let k = levels.count
    var q = max(levels.max() ?? 1, strength, 2)
    while GaloisField.primePower(q) == nil { q += 1 }
    guard k > q + 1, 2 * (q + 1) >= k, let field = GaloisField(order: q) else { return nil }
    return bush(field: field, strength: strength, factors: q + 1).map { oa in
      (0..<k).map { f in f <= q && oa[f] < levels[f] ? oa[f] : -1 }
    }
  }
}

extension Constructions {
  /// Roux's doubling for strength 3 (Roux 1987; Chateauneuf and Kreher, "On the state of strength-three
  /// covering arrays", 2002): a CA(3, 2k, v) from a CA(3, k, v) `a` and a CA(2, k, v) `b`, keeping the
  /// first `factors` columns.
  ///
  /// The rows are [A | A], then [B | B + s] for each shift s in 1..<v (mod v). Three columns of one half
  /// are covered by A; columns i, j of one half and l of the other by A when l is not a copy of i or j;
  /// and (i, j, i') with levels (x, y, z) by A when z = x, and otherwise by the row of B holding (x, y) at
  /// (i, j) with shift z - x (likewise (i, i', l')).
  static func doubling(strengthThree a: [[Int]], strengthTwo b: [[Int]], levels v: Int, factors: Int)
    -> [[Int]]
  {
    var rows = a.map { Array(($0 + $0).prefix(factors)) }
    for s in 1..<v {
      for row in b { rows.append(Array((row + row.map { ($0 + s) % v }).prefix(factors))) }
    }
    return rows
  }
}

extension Constructions {
  /// The binary power construction for strength 3 (after Colbourn and Torres-Jimenez, "Heterogeneous hash
  /// families and covering arrays", 2010): a CA(3, q², 2) from one CA(3, q, 2) `a`, keeping the first
  /// `factors` columns, with 3·(N − c) + c rows for N rows of `a` of which c can be made constant.
  ///
  /// Column (i, j), numbered i·q + j, is read through three maps into the q columns of `a`: its row i, its
  /// column j and its symbol (i + j) mod q in the cyclic Latin square. Each map gives one block: the rows of
  /// `a`, each cell of column (i, j) taken from the column of `a` the map names. Two distinct cells of a
  /// Latin square agree in at most one of row, column and symbol.
  ///
  /// Why three blocks cover every triple: levels (x, x, x) on columns c1, c2, c3 are covered by any block,
  /// since `a` holds every tuple on the at most three columns the map sends them to. Otherwise one column,
  /// say c3, holds the level the other two do not; c3 shares its value under some map with c1 for at most
  /// one of the three maps and with c2 for at most one, so a third map sends c3 apart from both. In that
  /// block `a` holds the tuple on the images (c1 and c2 may share an image: they need the same level), so
  /// the triple is covered. (With three or more levels a triple may need all three columns apart, which
  /// three maps do not guarantee: this construction is for two levels only.)
  ///
  /// The rows of `a` are first relabelled column by column (a level swap keeps coverage) so that one row is
  /// all 0; a row of `a` that is then all 0 or all 1 gives the same row in every block, kept once.
  static func binaryPower(strengthThree a: [[Int]], factors: Int) -> [[Int]] {
    guard let q = a.first?.count, q >= 2 else { return a }
    precondition(
      factors <= q * q, "binaryPower: \(factors) columns need an ingredient of at least √\(factors)")
    // Relabel around the pair of rows farthest apart, so that a complementary pair becomes 0…0 and 1…1.
    var anchor = 0
    var farthest = -1
    for r in a.indices {
      for s in a.indices where s > r {
        let distance = zip(a[r], a[s]).reduce(0) { $0 + ($1.0 == $1.1 ? 0 : 1) }
        if distance > farthest { (anchor, farthest) = (r, distance) }
      }
    }
    let ingredient = a.map { row in zip(row, a[anchor]).map { $0 ^ $1 } }
    let maps: [(Int, Int) -> Int] = [{ i, _ in i }, { _, j in j }, { i, j in (i + j) % q }]
    var rows: [[Int]] = []
    var seen = Set<[Int]>()
    for map in maps {
      let images = (0..<factors).map { c in map(c / q, c % q) }
      for source in ingredient {
        let row = images.map { source[$0] }
        if seen.insert(row).inserted { rows.append(row) }
      }
    }
    return rows
  }
}
