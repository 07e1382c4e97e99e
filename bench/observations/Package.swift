// swift-tools-version: 6.0
import PackageDescription

// Benchmark for the Observations module, outside CI: `./run.sh` (release build).
//
// The main package exports no Observations library product, so this package builds the module and
// the ones it needs from the main sources through the symbolic links in Sources/.
let package = Package(
  name: "observations-bench",
  targets: [
    .systemLibrary(name: "CYAML", pkgConfig: "yaml-0.1", providers: [.apt(["libyaml-dev"])]),
    .target(name: "Diagnostics"),
    .target(name: "YAMLDecoding", dependencies: ["CYAML", "Diagnostics"]),
    .target(name: "QAModel"),
    .target(name: "Effects", dependencies: ["Diagnostics"]),
    .target(name: "Observations", dependencies: ["Diagnostics", "YAMLDecoding", "Effects", "QAModel"]),
    .executableTarget(name: "observations-bench", dependencies: ["Observations"]),
  ]
)
