// swift-tools-version: 6.0
import PackageDescription

// libFuzzer targets for qapass, outside CI (issue "Hardening"). Build and run with `bench/fuzz/run.sh`, which
// passes `-sanitize=fuzzer,address` to every module (so the qapass modules are instrumented too);
// each target's `main.swift` hands its `LLVMFuzzerTestOneInput` to libFuzzer's driver.
let qapassPackage: [SwiftSetting] = [.unsafeFlags(["-package-name", "qapass"])]

let package = Package(
  name: "qapass-fuzz",
  // `.deps/qapass` is a symlink to the repository root: a path dependency's identity is its directory's
  // name, and through the link it is `qapass` whatever the checkout is called (a checkout named `fuzz`
  // would otherwise clash with this package). `-package-name qapass` (each target's swiftSettings, with SwiftPM's own switched off by `packageAccess: false`) lets the
  // fuzz targets call qapass's `package` declarations: its tool modules are `package`, `public` is for apps.
  dependencies: [.package(path: ".deps/qapass")],
  targets: [
    .target(name: "LibFuzzerDriver"),
    // YAML text -> Node tree (with limits), rendered diagnostics, emitter round trip.
    .executableTarget(
      name: "fuzz-yaml",
      dependencies: ["LibFuzzerDriver", .product(name: "MatrixFormat", package: "qapass")],
      packageAccess: false,
      swiftSettings: qapassPackage
    ),
    // Matrix file -> `qapass lint`, `qapass expand` (full) and, on small inputs, `expand --strategy pairwise`,
    // run in-process through Tool.run.
    .executableTarget(
      name: "fuzz-matrix",
      dependencies: ["LibFuzzerDriver", .product(name: "QAPassCLI", package: "qapass")],
      packageAccess: false,
      swiftSettings: qapassPackage
    ),
    // Observation sheet -> Ingest.run against a fixed plan, diagnostics rendered from the note-masked text.
    .executableTarget(
      name: "fuzz-observations",
      dependencies: ["LibFuzzerDriver", .product(name: "QAPassCLI", package: "qapass")],
      packageAccess: false,
      swiftSettings: qapassPackage
    ),
    // An exported sheet as found on disk -> SheetWriter's merge: nothing recorded is lost, and regenerating
    // its own output changes nothing.
    .executableTarget(
      name: "fuzz-sheets",
      dependencies: ["LibFuzzerDriver", .product(name: "QAPassCLI", package: "qapass")],
      packageAccess: false,
      swiftSettings: qapassPackage
    ),
    // Xcode JUnit XML -> `qapass ingest-junit` in-process on an in-memory file system, then `report`.
    .executableTarget(
      name: "fuzz-junit",
      dependencies: ["LibFuzzerDriver", .product(name: "QAPassCLI", package: "qapass")],
      packageAccess: false,
      swiftSettings: qapassPackage
    ),
    // `xcrun simctl list devices --json` -> SimulatorInventory, then DestinationList over fixed sessions.
    .executableTarget(
      name: "fuzz-simctl",
      dependencies: ["LibFuzzerDriver", .product(name: "QAPassCLI", package: "qapass")],
      packageAccess: false,
      swiftSettings: qapassPackage
    ),
    // `xcodebuild -showdestinations` output -> SimulatorInventory.
    .executableTarget(
      name: "fuzz-destinations",
      dependencies: ["LibFuzzerDriver", .product(name: "QAPassCLI", package: "qapass")],
      packageAccess: false,
      swiftSettings: qapassPackage
    ),
    // `xcresulttool get test-results tests` JSON -> TestResultIngest twice on an in-memory records file.
    .executableTarget(
      name: "fuzz-xcresult",
      dependencies: ["LibFuzzerDriver", .product(name: "QAPassCLI", package: "qapass")],
      packageAccess: false,
      swiftSettings: qapassPackage
    ),
  ]
)
