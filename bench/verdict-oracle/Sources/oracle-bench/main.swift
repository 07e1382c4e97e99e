// Verdicts per second of the computed oracle over the texts of a file (one a line), for each built-in
// rule, median of RUNS runs. Usage: oracle-bench TEXTS [RUNS]
import Foundation
import Oracle

let arguments = CommandLine.arguments
guard arguments.count >= 2, let contents = try? String(contentsOfFile: arguments[1], encoding: .utf8) else {
  FileHandle.standardError.write(Data("usage: oracle-bench TEXTS [RUNS]\n".utf8))
  exit(64)
}
let runs = arguments.count > 2 ? Int(arguments[2]) ?? 5 : 5
let texts = contents.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
let scalars = texts.reduce(0) { $0 + $1.unicodeScalars.count }
print("texts: \(texts.count), scalars: \(scalars)")
print(
  String(
    format: "%-14@ %12@ %14@ %10@", "rule" as NSString, "ms" as NSString, "texts/s" as NSString,
    "ns/scalar" as NSString))
let clock = ContinuousClock()
for rule in BuiltInRule.allCases {
  var timings: [Duration] = []
  var counts: [Verdict: Int] = [:]
  for run in 0..<runs {
    let elapsed = clock.measure {
      for text in texts {
        let verdict = (try? rule.verdict(of: text)) ?? .invalid
        if run == 0 { counts[verdict, default: 0] += 1 }
      }
    }
    timings.append(elapsed)
  }
  let median = timings.sorted()[runs / 2]
  let seconds = Double(median.components.seconds) + Double(median.components.attoseconds) / 1e18
  print(
    String(
      format: "%-14@ %12.2f %14.0f %10.1f", rule.rawValue as NSString, seconds * 1000,
      Double(texts.count) / seconds,
      seconds * 1e9 / Double(max(scalars, 1))),
    "  (valid \(counts[.valid] ?? 0), invalid \(counts[.invalid] ?? 0), incomplete \(counts[.incomplete] ?? 0))"
  )
}
