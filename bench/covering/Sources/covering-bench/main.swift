// Reads a benchmark model JSON, generates a covering array with qapass' CoveringArrays, validates it with the
// independent checker and prints one JSON line: rows, median and minimum time over N runs.
//
// usage: covering-bench MODEL.json [--strength T] [--runs N] [--seed S] [--effort E] [--candidates C] [--print-rows]
import CoveringArrays
import Foundation

struct BenchModel: Decodable {
  struct Parameter: Decodable {
    var name: String
    var values: [String]
  }
  struct Rule: Decodable {
    var `if`: [String: [String]]
    var then: [String: [String]]
  }
  var name: String
  var parameters: [Parameter]
  var constraints: [Rule]?

  /// `if P in vs then Q in ws` becomes, for each Q, the forbidden tuple {P: vs, Q: values outside ws}.
  func coveringModel() throws -> CoveringModel {
    let index = Dictionary(uniqueKeysWithValues: parameters.enumerated().map { ($1.name, $0) })
    func levels(_ name: String, _ values: [String]) throws -> (Int, Set<Int>) {
      guard let f = index[name] else { throw BenchError.unknown("parameter \(name)") }
      let all = parameters[f].values
      return (
        f,
        Set(
          try values.map { v in
            guard let l = all.firstIndex(of: v) else { throw BenchError.unknown("value \(v) of \(name)") }
            return l
          })
      )
    }
    var constraints: [Constraint] = []
    for rule in constraints_ {
      var condition: [Int: Set<Int>] = [:]
      for (p, vs) in rule.if.sorted(by: { $0.key < $1.key }) {
        let (f, set) = try levels(p, vs)
        condition[f] = set
      }
      for (q, ws) in rule.then.sorted(by: { $0.key < $1.key }) {
        let (f, allowed) = try levels(q, ws)
        var forbidden = condition
        forbidden[f] = Set(0..<parameters[f].values.count).subtracting(allowed)
        constraints.append(Constraint(forbidden: forbidden))
      }
    }
    return CoveringModel(
      factors: parameters.map { Factor(name: $0.name, levels: $0.values.count) }, constraints: constraints)
  }
  private var constraints_: [Rule] { constraints ?? [] }
}

/// CPU time of this process (user and system), in milliseconds.
func cpuMilliseconds() -> Double {
  var usage = rusage()
  getrusage(RUSAGE_SELF.rawValue, &usage)
  let user = Double(usage.ru_utime.tv_sec) * 1e3 + Double(usage.ru_utime.tv_usec) / 1e3
  let system = Double(usage.ru_stime.tv_sec) * 1e3 + Double(usage.ru_stime.tv_usec) / 1e3
  return user + system
}

enum BenchError: Error { case unknown(String), usage(String) }

func main() throws {
  var arguments = Array(CommandLine.arguments.dropFirst())
  guard !arguments.isEmpty else { throw BenchError.usage("covering-bench MODEL.json [options]") }
  let path = arguments.removeFirst()
  var strength = 2
  var runs = 5
  var seed: UInt64 = 0
  var effort = CoveringOptions.standard.effort
  var printRows = false
  var candidates = CoveringOptions.standard.candidates
  while !arguments.isEmpty {
    let flag = arguments.removeFirst()
    if flag == "--print-rows" {
      printRows = true
      continue
    }
    guard !arguments.isEmpty else { throw BenchError.usage("\(flag) needs a value") }
    let value = arguments.removeFirst()
    switch flag {
    case "--strength": strength = Int(value) ?? 2
    case "--runs": runs = max(1, Int(value) ?? 5)
    case "--seed": seed = UInt64(value) ?? 0
    case "--effort": effort = Double(value) ?? effort
    case "--candidates": candidates = Int(value) ?? candidates
    default: throw BenchError.usage("unknown option \(flag)")
    }
  }
  let bench = try JSONDecoder().decode(BenchModel.self, from: Data(contentsOf: URL(fileURLWithPath: path)))
  let model = try bench.coveringModel()
  var options = CoveringOptions.standard
  options.effort = effort
  options.candidates = candidates
  var times: [Double] = []
  var cpuTimes: [Double] = []
  var result: CoveringArrayResult?
  for _ in 0..<runs {
    let start = DispatchTime.now().uptimeNanoseconds
    let cpuStart = cpuMilliseconds()
    result = try CoveringArrays.generate(model, strength: strength, seed: seed, options: options)
    cpuTimes.append(cpuMilliseconds() - cpuStart)
    times.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6)
  }
  guard let result else { return }
  times.sort()
  cpuTimes.sort()
  let median =
    times.count % 2 == 1
    ? times[times.count / 2] : (times[times.count / 2 - 1] + times[times.count / 2]) / 2
  let missing = CoverageCheck.missingTuples(rows: result.rows, model: model, strength: strength)
  let uncoverable = Set(result.uncoverable)
  let trulyMissing = missing.filter { !uncoverable.contains($0) }
  let violations = CoverageCheck.violations(rows: result.rows, model: model)
  if printRows {
    for row in result.rows {
      print(row.enumerated().map { bench.parameters[$0].values[$1] }.joined(separator: "\t"))
    }
  }
  let valid =
    trulyMissing.isEmpty && violations.isEmpty
    && CoverageCheck.malformedRows(rows: result.rows, model: model).isEmpty
  print(
    "{\"tool\":\"qapass\",\"model\":\"\(bench.name)\",\"strength\":\(strength),\"rows\":\(result.rows.count),"
      + "\"median_ms\":\(String(format: "%.2f", median)),\"min_ms\":\(String(format: "%.2f", times[0])),"
      + "\"cpu_median_ms\":\(String(format: "%.2f", cpuTimes[cpuTimes.count / 2])),"
      + "\"uncoverable\":\(result.uncoverable.count),\"valid\":\(valid),\"seed\":\(seed)}")
}

do {
  try main()
} catch {
  FileHandle.standardError.write(Data("covering-bench: \(error)\n".utf8))
  exit(1)
}
