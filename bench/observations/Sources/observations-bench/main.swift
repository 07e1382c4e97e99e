// Benchmark for qapass' Observations module (outside CI; see run.sh).
//
//   observations-bench generate DIR [--observations N] [--items M] [--files F] [--unknown U] [--seed S]
//       writes F records files holding N observations over a catalog of M items (U with unknown ids)
//   observations-bench ingest DIR [--items M] [--runs R]
//       reads every *.yaml in DIR and ingests it R times; prints time and peak memory as one JSON line
//   observations-bench append DIR [--writers W] [--each K]
//       starts W writer processes that each append K observations to DIR/records.yaml at the same time,
//       then checks that all W x K are there; prints the time as one JSON line
//   observations-bench writer PATH PREFIX K    (one writer, started by `append`)
import Foundation
import Observations
import QAModel

struct SplitMix64: RandomNumberGenerator {
  var state: UInt64
  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }
}

/// The catalog both `generate` and `ingest` build from the item count alone.
func catalog(items count: Int) -> ObservableCatalog {
  let items = (0..<count).map { i -> ObservableItem in
    let device = "device-\(i / 100)"
    let haptic = i % 10 == 0
    let id = haptic
      ? "manual.haptic.h\(i % 100).\(device).26.x" : "manual.ime.m\(i % 100).\(device).26.x.zh-pinyin"
    return ObservableItem(
      id: ItemID(rawValue: id), textVersion: 1 + i % 3, device: DeviceID(rawValue: device), os: "26.x",
      title: "item \(i)", hapticFingerprint: haptic ? "sha256:1a2b3c4d5e6f" : nil,
      hapticParameters: haptic ? ["intensity": "1.0", "sharpness": "0.5"] : [:])
  }
  return ObservableCatalog(items: items, build: "4.12.0 (812)", planFingerprint: "sha256:bench")
}

func option(_ name: String, _ arguments: [String], default value: Int) -> Int {
  guard let index = arguments.firstIndex(of: name), index + 1 < arguments.count,
    let number = Int(arguments[index + 1])
  else { return value }
  return number
}

func maxRSSKiB() -> Int {
  var usage = rusage()
  getrusage(RUSAGE_SELF.rawValue, &usage)
  return usage.ru_maxrss
}

func seconds(_ body: () throws -> Void) rethrows -> Double {
  var start = timespec()
  var end = timespec()
  clock_gettime(CLOCK_MONOTONIC, &start)
  try body()
  clock_gettime(CLOCK_MONOTONIC, &end)
  return Double(end.tv_sec - start.tv_sec) + Double(end.tv_nsec - start.tv_nsec) / 1e9
}

func quoted(_ text: String) -> String {
  "\"" + text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"") + "\""
}

func generate(_ directory: String, _ arguments: [String]) throws {
  let total = option("--observations", arguments, default: 100_000)
  let itemCount = option("--items", arguments, default: 20_000)
  let fileCount = max(1, option("--files", arguments, default: 10))
  let unknown = option("--unknown", arguments, default: 0)
  var random = SplitMix64(state: UInt64(option("--seed", arguments, default: 0)))
  let items = catalog(items: itemCount).items
  let results = ["pass", "pass", "pass", "pass", "pass", "fail", "blocked", "skipped"]
  let notes = ["候选栏选了中文，没有报错", "山田を確定してもReturnで送信されない", "한글 조합 중 오류 표시 없음", "two taps, not one"]
  try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
  var bytes = 0
  for file in 0..<fileCount {
    var text = "version: 1\nobservations:\n"
    let range = (file * total / fileCount)..<((file + 1) * total / fileCount)
    for j in range {
      let item = items[Int(random.next() % UInt64(items.count))]
      var id = item.id.rawValue
      if j < unknown { id = String(id.dropLast()) + "x" }
      if random.next() % 20 == 0 {
        text += "  - id: \(id)\n    result: untested\n    tester:\n    time:\n"
        continue
      }
      let seconds = 1_795_000_000 + Int64(random.next() % 2_592_000)
      let version = random.next() % 20 == 0 ? item.textVersion + 1 : item.textVersion
      let build = random.next() % 10 == 0 ? "4.11.0 (790)" : "4.12.0 (812)"
      text += """
          - id: \(id)
            result: \(results[Int(random.next() % UInt64(results.count))])
            tester: tester-\(random.next() % 12)
            time: \(Timestamp(secondsSince1970: seconds).text)
            device: \(item.device)
            os: "\(item.os)"
            text_version: \(version)
            build: \(quoted(build))

        """
      if random.next() % 3 == 0 { text += "    note: \(notes[Int(random.next() % 4)])\n" }
      if random.next() % 5 == 0 { text += "    evidence: [https://example.com/\(j).png]\n" }
      if let fingerprint = item.hapticFingerprint {
        text +=
          "    haptic_fingerprint: \(fingerprint)\n    haptic_parameters: {intensity: \"1.0\", sharpness: \"0.5\"}\n"
      }
    }
    bytes += text.utf8.count
    try text.write(toFile: "\(directory)/records-\(file).yaml", atomically: false, encoding: .utf8)
  }
  print(#"{"generated": \#(total), "items": \#(itemCount), "files": \#(fileCount), "bytes": \#(bytes)}"#)
}

func ingest(_ directory: String, _ arguments: [String]) throws {
  let itemCount = option("--items", arguments, default: 20_000)
  let runs = max(1, option("--runs", arguments, default: 3))
  let plan = catalog(items: itemCount)
  let names = try FileManager.default.contentsOfDirectory(atPath: directory).filter { $0.hasSuffix(".yaml") }
    .sorted()
  let files = try names.map {
    ObservationFile(
      path: $0, bytes: [UInt8](try Data(contentsOf: URL(fileURLWithPath: "\(directory)/\($0)"))))
  }
  let bytes = files.reduce(0) { $0 + $1.bytes.count }
  let rssBefore = maxRSSKiB()
  var times: [Double] = []
  var result: IngestResult?
  for _ in 0..<runs {
    result = nil
    times.append(seconds { result = Ingest.run(files: files, catalog: plan) })
  }
  guard let result else { return }
  let observations = result.items.reduce(0) { $0 + $1.observations.count }
  let counts = result.counts.map { "\"\($0.status)\": \($0.count)" }.joined(separator: ", ")
  times.sort()
  print(
    #"{"files": \#(files.count), "bytes": \#(bytes), "items": \#(itemCount), "observations": \#(observations), "#
      + #""diagnostics": \#(result.diagnostics.count), "median_s": \#(times[times.count / 2]), "min_s": \#(times[0]), "#
      + #""max_rss_before_kib": \#(rssBefore), "max_rss_kib": \#(maxRSSKiB()), "status": {\#(counts)}}"#)
}

func append(_ directory: String, _ arguments: [String]) throws {
  let writers = option("--writers", arguments, default: 8)
  let each = option("--each", arguments, default: 500)
  try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
  let path = "\(directory)/records.yaml"
  try? FileManager.default.removeItem(atPath: path)
  let executable = try FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")
  var elapsed = 0.0
  try elapsed = seconds {
    let processes = try (0..<writers).map { writer -> Process in
      let process = Process()
      process.executableURL = URL(fileURLWithPath: executable)
      process.arguments = ["writer", path, "w\(writer)-", String(each)]
      try process.run()
      return process
    }
    for process in processes {
      process.waitUntilExit()
      if process.terminationStatus != 0 { throw BenchError.writerFailed }
    }
  }
  let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: path)))
  let items = catalog(items: 1).items
  let result = Ingest.run(
    files: [ObservationFile(path: path, bytes: bytes)],
    catalog: ObservableCatalog(items: items, build: nil, planFingerprint: "p"))
  let notes = Set(result.items.flatMap(\.observations).compactMap(\.observation.note))
  let expected = writers * each
  guard result.diagnostics.isEmpty, notes.count == expected else {
    throw BenchError.lost(expected - notes.count)
  }
  print(
    #"{"writers": \#(writers), "each": \#(each), "appended": \#(notes.count), "lost": 0, "seconds": \#(elapsed), "#
      + #""ms_per_append": \#(elapsed * 1000 / Double(expected)), "final_bytes": \#(bytes.count)}"#)
}

func writer(_ path: String, _ prefix: String, _ count: Int) throws {
  let item = catalog(items: 1).items[0]
  for index in 0..<count {
    try ObservationStore.append(
      Observation(
        item: item, result: .pass, tester: "writer \(prefix)", time: .now(), note: "\(prefix)\(index)"),
      to: path)
  }
}

enum BenchError: Error {
  case usage
  case writerFailed
  case lost(Int)
}

let arguments = Array(CommandLine.arguments.dropFirst())
do {
  switch (arguments.first, arguments.count) {
  case ("generate", 2...): try generate(arguments[1], arguments)
  case ("ingest", 2...): try ingest(arguments[1], arguments)
  case ("append", 2...): try append(arguments[1], arguments)
  case ("writer", 4): try writer(arguments[1], arguments[2], Int(arguments[3]) ?? 0)
  default: throw BenchError.usage
  }
} catch {
  FileHandle.standardError.write(Data("observations-bench: \(error)\n".utf8))
  exit(1)
}
