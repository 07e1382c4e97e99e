// swift-tools-version: 6.0
import PackageDescription

// SHA-256 throughput, the Swift rounds against the CPU's SHA instructions, outside CI: `./run.sh`
// (release build).
//
// The main package exports no Digests library product, so this package builds the module and its C
// target from the main sources through the symbolic links in Sources/.
let package = Package(
  name: "digest-bench",
  targets: [
    .target(name: "CSHA256Accelerated"),
    .target(name: "Digests", dependencies: ["CSHA256Accelerated"]),
    .executableTarget(name: "digest-bench", dependencies: ["Digests"]),
  ]
)
