import Digests
import Foundation

// Hashes one buffer of pseudo-random bytes RUNS times each way, the two ways taking turns, checks that
// they give the same digest, and prints the best and the median MB/s (10^6 bytes a second) of each.

var megabytes = 40
var runs = 7
var arguments = CommandLine.arguments.dropFirst()
while let option = arguments.popFirst() {
  guard let value = arguments.popFirst().flatMap(Int.init), value > 0 else {
    FileHandle.standardError.write(Data("usage: digest-bench [--megabytes N] [--runs N]\n".utf8))
    exit(2)
  }
  switch option {
  case "--megabytes": megabytes = value
  case "--runs": runs = value
  default:
    FileHandle.standardError.write(Data("digest-bench: unknown option \(option)\n".utf8))
    exit(2)
  }
}

var state: UInt64 = 0x5eed
let bytes = (0..<megabytes * 1_000_000).map { _ in
  state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
  return UInt8(truncatingIfNeeded: state >> 56)
}

var compressions: [Digest.Compression] = [.software]
if Digest.Compression.hardwareAvailable { compressions.append(.hardware) }
print(
  "buffer: \(megabytes) MB; this CPU's SHA instructions: \(Digest.Compression.hardwareAvailable ? "yes" : "no")"
)

var seconds: [Digest.Compression: [Double]] = [:]
var digests: [Digest.Compression: String] = [:]
for _ in 0..<runs {
  for compression in compressions {
    let start = DispatchTime.now().uptimeNanoseconds
    var stream = Digest.Stream(compression: compression)
    bytes.withUnsafeBufferPointer { stream.append($0) }
    let digest = stream.hex()
    seconds[compression, default: []].append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9)
    digests[compression] = digest
  }
}
guard Set(digests.values).count == 1 else {
  print("the two ways disagree: \(digests)")
  exit(1)
}
for compression in compressions {
  let sorted = seconds[compression]!.sorted()
  let rate = { (time: Double) in String(format: "%.0f", Double(bytes.count) / 1e6 / time) }
  print(
    "\(compression): best \(rate(sorted[0])) MB/s, median \(rate(sorted[sorted.count / 2])) MB/s (\(runs) runs)"
  )
}
print("digest: \(digests[.software]!)")
