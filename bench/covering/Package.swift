// swift-tools-version: 6.0
import PackageDescription

// Benchmark for the CoveringArrays module, outside CI: `swift run -c release covering-bench MODEL.json`.
let package = Package(
  name: "covering-bench",
  // `.deps/qapass` is a symlink to the repository root, so the dependency's identity is `qapass` whatever
  // the checkout is called. qapass's own modules declare `package`, not `public` (`public` is for apps):
  // `-package-name qapass`, with SwiftPM's own package name switched off (`packageAccess: false`), lets
  // this benchmark call them.
  dependencies: [.package(path: ".deps/qapass")],
  targets: [
    .executableTarget(
      name: "covering-bench",
      dependencies: [.product(name: "CoveringArrays", package: "qapass")],
      packageAccess: false,
      swiftSettings: [.unsafeFlags(["-package-name", "qapass"])]
    )
  ]
)
