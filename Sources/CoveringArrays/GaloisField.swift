/// The finite field GF(p^n), with addition and multiplication tables computed at run time.
///
/// Elements are the integers `0..<order`, read as base-p digit vectors (polynomial coefficients, lowest
/// first); multiplication is modulo the first monic irreducible polynomial of degree n found by search.
struct GaloisField {
  let order: Int
  let characteristic: Int
  private let addTable: [Int]
  private let mulTable: [Int]

  /// The field of `order` elements, or `nil` when `order` is not a prime power.
  ///
  /// - Complexity: O(order²·n) for the tables, plus the irreducible-polynomial search.
  init?(order q: Int) {
    guard q >= 2, let (p, n) = GaloisField.primePower(q) else { return nil }
    order = q
    characteristic = p
    let modulus = n == 1 ? [0, 1] : GaloisField.irreducible(p: p, degree: n)
    func digits(_ x: Int) -> [Int] {
      var x = x
      return (0..<n).map { _ in
        defer { x /= p }
        return x % p
      }
    }
    func value(_ d: [Int]) -> Int { d.reversed().reduce(0) { $0 * p + $1 } }
    var add = [Int](repeating: 0, count: q * q)
    var mul = [Int](repeating: 0, count: q * q)
    for a in 0..<q {
      let da = digits(a)
      for b in 0..<q {
        let db = digits(b)
        add[a * q + b] = value(zip(da, db).map { ($0 + $1) % p })
        var product = GaloisField.multiply(da, db, p: p)
        GaloisField.reduce(&product, modulus: modulus, p: p)
        product += [Int](repeating: 0, count: max(0, n - product.count))
        mul[a * q + b] = value(Array(product.prefix(n)))
      }
    }
    addTable = add
    mulTable = mul
  }

  func add(_ a: Int, _ b: Int) -> Int { addTable[a * order + b] }
  func multiply(_ a: Int, _ b: Int) -> Int { mulTable[a * order + b] }

  /// `(p, n)` with `q == p^n` and p prime, or `nil`.
  static func primePower(_ q: Int) -> (Int, Int)? {
    var p = 2
    while p * p <= q && q % p != 0 { p += 1 }
    if q % p != 0 { p = q }
    var rest = q
    var n = 0
    while rest % p == 0 {
      rest /= p
      n += 1
    }
    return rest == 1 ? (p, n) : nil
  }

  private static func multiply(_ a: [Int], _ b: [Int], p: Int) -> [Int] {
    var result = [Int](repeating: 0, count: a.count + b.count - 1)
    for (i, x) in a.enumerated() where x != 0 {
      for (j, y) in b.enumerated() { result[i + j] = (result[i + j] + x * y) % p }
    }
    return result
  }

  /// Reduces `a` modulo the monic polynomial `modulus` (coefficients lowest first), trimming zeros.
  private static func reduce(_ a: inout [Int], modulus: [Int], p: Int) {
    let degree = modulus.count - 1
    while a.count > degree {
      let lead = a[a.count - 1]
      let shift = a.count - 1 - degree
      if lead != 0 {
        for (i, m) in modulus.enumerated() { a[shift + i] = ((a[shift + i] - lead * m) % p + p) % p }
      }
      a.removeLast()
    }
    while let last = a.last, last == 0 { a.removeLast() }
  }

  /// The first monic irreducible polynomial of `degree` over GF(p), by trial division.
  private static func irreducible(p: Int, degree: Int) -> [Int] {
    func monic(_ code: Int, _ d: Int) -> [Int] {
      var code = code
      var coefficients: [Int] = []
      for _ in 0..<d {
        coefficients.append(code % p)
        code /= p
      }
      return coefficients + [1]
    }
    var power = 1
    for _ in 0..<degree { power *= p }
    candidates: for code in 0..<power {
      let candidate = monic(code, degree)
      for d in 1...(degree / 2) {
        var divisorCount = 1
        for _ in 0..<d { divisorCount *= p }
        for divisorCode in 0..<divisorCount {
          var rest = candidate
          reduce(&rest, modulus: monic(divisorCode, d), p: p)
          if rest.isEmpty { continue candidates }
        }
      }
      return candidate
    }
    return monic(0, degree)  // Not reached: irreducible polynomials exist for every degree.
  }
}
