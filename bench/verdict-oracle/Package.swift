// swift-tools-version: 6.0
import PackageDescription

// Benchmark for the computed verdict oracle, outside CI: `bench/verdict-oracle/run.sh`.
let package = Package(
  name: "oracle-bench",
  dependencies: [.package(name: "qapass", path: "../..")],
  targets: [
    .executableTarget(
      name: "oracle-bench",
      // The MatrixFormat product carries the Oracle module.
      dependencies: [.product(name: "MatrixFormat", package: "qapass")]
    )
  ]
)
