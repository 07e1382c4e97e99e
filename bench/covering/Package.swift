// swift-tools-version: 6.0
import PackageDescription

// Benchmark for the CoveringArrays module, outside CI: `swift run -c release covering-bench MODEL.json`.
let package = Package(
  name: "covering-bench",
  dependencies: [.package(name: "qapass", path: "../..")],
  targets: [
    .executableTarget(
      name: "covering-bench",
      dependencies: [.product(name: "CoveringArrays", package: "qapass")]
    )
  ]
)
