// swift-tools-version: 6.1
import PackageDescription

/// Debian packages behind each C library; `scripts/ensure-deps` installs the same list.
let yamlProviders: [SystemPackageProvider] = [.apt(["libyaml-dev"]), .brew(["libyaml"])]
let m17nProviders: [SystemPackageProvider] = [.apt(["libm17n-dev", "m17n-db", "m17n-lib-mimx"])]
let anthyProviders: [SystemPackageProvider] = [.apt(["libanthy-dev", "anthy"])]
let hangulProviders: [SystemPackageProvider] = [.apt(["libhangul-dev"])]
let xmlProviders: [SystemPackageProvider] = [.apt(["libxml2-dev"]), .brew(["libxml2"])]
let microhttpdProviders: [SystemPackageProvider] = [.apt(["libmicrohttpd-dev"]), .brew(["libmicrohttpd"])]
let qrencodeProviders: [SystemPackageProvider] = [.apt(["libqrencode-dev"]), .brew(["qrencode"])]

/// The input-method engines, only in builds with the `Engines` trait.
let engines: Target.Dependency = .target(name: "InputMethods", condition: .when(traits: ["Engines"]))

let package = Package(
  name: "qapass",
  // What an app adopts (AcceptanceCore, QAPassHarness) builds for these; Swift Regex needs macOS 13 / iOS 16.
  platforms: [.macOS(.v13), .iOS(.v16)],
  products: [
    .executable(name: "qapass", targets: ["qapass"]),

    // For apps: what an iOS team adopts (docs/ADOPTING.md). Their `public` declarations are the API.
    .library(name: "AcceptanceCore", targets: ["AcceptanceCore"]),
    // Test doubles for an app's tests: controlled savers, a recording haptic player.
    .library(name: "AcceptanceCoreTesting", targets: ["AcceptanceCoreTesting"]),
    // Replays scenario packs against a team's own code (pure Swift, no engines).
    .library(name: "QAPassHarness", targets: ["QAPassHarness"]),
    // AcceptanceCore's validator and save flow as harness subjects, for an app that adopts them.
    .library(name: "CoreAdapters", targets: ["CoreAdapters"]),
    // A real UITextField as a harness subject (compiled on Apple platforms only; empty elsewhere).
    .library(name: "QAPassHarnessUIKit", targets: ["QAPassHarnessUIKit"]),

    // Not for apps: the benchmark and fuzzing packages in bench/ depend on this one by path.
    .library(name: "CoveringArrays", targets: ["CoveringArrays"]),
    .library(name: "QAPassCLI", targets: ["QAPassCLI"]),
    .library(
      name: "MatrixFormat",
      targets: ["QAModel", "Diagnostics", "YAMLDecoding", "MatrixExpansion", "Oracle", "MatrixFormat"]),
  ],
  // `swift build --disable-default-traits` leaves the input-method engines out: the Mac build, with
  // libyaml alone. Code tests the trait with `#if Engines`.
  traits: [
    .trait(name: "Engines", description: "The input-method engines (m17n-lib, Anthy, libhangul)."),
    .default(enabledTraits: ["Engines"]),
  ],
  targets: [
    // Each layer imports only the layers above it in this list; scripts/check-package-graph checks that
    // every import is declared here, every declared dependency is imported, and the order holds.

    // C libraries from Debian, through pkg-config.
    .systemLibrary(name: "CYAML", pkgConfig: "yaml-0.1", providers: yamlProviders),
    .systemLibrary(name: "CM17N", pkgConfig: "m17n-shell", providers: m17nProviders),
    .systemLibrary(name: "CAnthy", pkgConfig: "anthy", providers: anthyProviders),
    .systemLibrary(name: "CHangul", pkgConfig: "libhangul", providers: hangulProviders),
    .systemLibrary(name: "CLibXML2", pkgConfig: "libxml-2.0", providers: xmlProviders),
    // The HTTP server of `qapass serve` and the QR code of its URL.
    .systemLibrary(name: "CMicroHTTPD", pkgConfig: "libmicrohttpd", providers: microhttpdProviders),
    .systemLibrary(name: "CQREncode", pkgConfig: "libqrencode", providers: qrencodeProviders),

    // Our own C: SHA-256 block compression with the x86 SHA instructions, for Digests (no system
    // library; on other CPUs and architectures it says no and Digests runs its Swift rounds).
    .target(name: "CSHA256Accelerated"),

    // Foundations: diagnostics, text escaping, digests, the effects (file system, clock, command runner).
    .target(name: "TextFormats"),
    .target(name: "Diagnostics", dependencies: ["TextFormats"]),
    .target(name: "Digests", dependencies: ["CSHA256Accelerated"]),
    .target(name: "Effects", dependencies: ["Diagnostics", "TextFormats"]),

    // The model: the vocabulary every layer above speaks (outcomes, typed ids, sessions, OS versions).
    .target(name: "QAModel"),

    // What an app adopts: the library products above, Swift, no system C library (only Digests' own
    // CSHA256Accelerated), no tool module.
    .target(name: "AcceptanceCore", dependencies: ["QAModel", "Digests"]),
    .target(name: "AcceptanceCoreTesting", dependencies: ["AcceptanceCore"]),
    .target(name: "QAPassHarness", dependencies: ["QAModel", "Digests", "TextFormats"]),
    .target(name: "CoreAdapters", dependencies: ["AcceptanceCore", "QAPassHarness"]),
    .target(name: "QAPassHarnessUIKit", dependencies: ["QAPassHarness"]),

    // The oracle: what each rule should say of any text, from its definition. No dependency, and
    // never AcceptanceCore, whose rules it checks.
    .target(name: "Oracle"),

    // Reading files: YAML, GitHub-exact matrix expansion and covering arrays, the matrix file format.
    .target(name: "YAMLDecoding", dependencies: ["CYAML", "Diagnostics"]),
    .target(name: "CoveringArrays"),
    .target(name: "MatrixExpansion", dependencies: ["Diagnostics", "CoveringArrays", "TextFormats"]),
    .target(
      name: "MatrixFormat",
      dependencies: ["QAModel", "Diagnostics", "YAMLDecoding", "MatrixExpansion", "Oracle"]),

    // The input-method engines: keystroke recipes and traces (no C), and m17n-lib, Anthy, libhangul.
    .target(name: "Keystrokes", dependencies: ["Diagnostics", "TextFormats"]),
    .target(
      name: "InputMethods",
      dependencies: ["Keystrokes", "CM17N", "CAnthy", "CHangul"]),

    // Planning and checks: the scenario catalog, the plan, pack export, the automated run.
    .target(
      name: "ScenarioEngine",
      dependencies: [
        "QAModel", "AcceptanceCore", "Diagnostics", "Keystrokes", "MatrixFormat", "MatrixExpansion",
        "TextFormats", "Digests", "QAPassHarness", "CoreAdapters", "Oracle", engines,
      ]
    ),

    // Observations and results: sheets and records, the app's own test results, simulators.
    .target(
      name: "Observations",
      dependencies: ["QAModel", "Diagnostics", "Digests", "YAMLDecoding", "Effects", "TextFormats"]),
    .target(
      name: "TestResults",
      dependencies: [
        "QAModel", "Diagnostics", "Digests", "Effects", "Observations", "TextFormats", "YAMLDecoding",
        "CLibXML2",
      ]),
    .target(
      name: "Simulators",
      dependencies: [
        "QAModel", "Diagnostics", "Effects", "MatrixExpansion", "MatrixFormat", "ScenarioEngine",
        "TextFormats", "YAMLDecoding",
      ]),

    // Publishing: checklists, the acceptance report and every writer.
    .target(
      name: "Reporting",
      dependencies: [
        "QAModel", "AcceptanceCore", "CoveringArrays", "MatrixFormat", "ScenarioEngine", "Observations",
        "Diagnostics", "YAMLDecoding", "TextFormats", "QAPassHarness",
      ]),

    // The use cases over injected effects; the command line only parses and calls one of them.
    .target(
      name: "QAPassWorkflow",
      dependencies: [
        "QAModel", "Diagnostics", "YAMLDecoding", "MatrixExpansion", "MatrixFormat", "Keystrokes",
        "ScenarioEngine", "Observations", "Reporting", "Simulators", "TestResults", "Effects", "Digests",
        "QAPassHarness", "TextFormats",
        engines,
      ]
    ),
    // `qapass serve`: the use cases over HTTP (libmicrohttpd), a thin adapter like the command line.
    .target(
      name: "QAPassServer",
      dependencies: [
        "CMicroHTTPD", "CQREncode", "QAModel", "Diagnostics", "TextFormats", "Observations", "Reporting",
        "QAPassWorkflow",
      ]),
    .target(
      name: "QAPassCLI",
      dependencies: [
        "QAModel", "Diagnostics", "MatrixExpansion", "ScenarioEngine", "Observations", "Reporting",
        "Simulators", "Effects", "QAPassWorkflow", "QAPassServer",
      ]
    ),
    .executableTarget(name: "qapass", dependencies: ["QAPassCLI"]),

    // Golden files and line diffs for the test targets (Foundation and Testing only).
    .target(name: "TestSupport", path: "Tests/TestSupport"),
    .testTarget(name: "TestSupportTests", dependencies: ["TestSupport"], exclude: ["Snapshots"]),

    .testTarget(name: "DiagnosticsTests", dependencies: ["Diagnostics"]),
    .testTarget(name: "QAModelTests", dependencies: ["QAModel"]),
    .testTarget(name: "TextFormatsTests", dependencies: ["TextFormats"]),
    .testTarget(name: "EffectsTests", dependencies: ["Effects"]),
    .testTarget(
      name: "YAMLDecodingTests",
      dependencies: ["YAMLDecoding", "TextFormats", "CoveringArrays", "TestSupport"],
      resources: [.copy("Fixtures")]
    ),
    .testTarget(
      name: "MatrixExpansionTests",
      dependencies: ["MatrixExpansion", "MatrixFormat", "CoveringArrays", "Diagnostics"],
      resources: [.copy("Fixtures")]),
    .testTarget(
      name: "MatrixFormatTests",
      dependencies: ["MatrixFormat", "MatrixExpansion", "Diagnostics", "TestSupport"],
      resources: [.copy("Fixtures")]),
    .testTarget(name: "CoveringArraysTests", dependencies: ["CoveringArrays"]),
    .testTarget(
      name: "AcceptanceCoreTests",
      dependencies: ["AcceptanceCore", "AcceptanceCoreTesting", "Oracle", "TestSupport"]),
    // The computed oracle against Debian's unicode-data files and the hand-decided verdict tables.
    .testTarget(name: "OracleTests", dependencies: ["Oracle", "TestSupport"]),
    .testTarget(name: "DigestsTests", dependencies: ["Digests", "TestSupport"]),
    .testTarget(name: "QAPassHarnessTests", dependencies: ["QAPassHarness", "TestSupport"]),
    // Compiles docs/ADOPTING.md's Swift blocks against the adopted products, as an app would.
    .testTarget(
      name: "AdoptingTests",
      dependencies: [
        "AcceptanceCore", "AcceptanceCoreTesting", "QAPassHarness", "CoreAdapters", "QAPassHarnessUIKit",
        "TestSupport",
      ]),
    // No engine in reach: replays a committed pack with the core only.
    .testTarget(name: "PackReplayTests", dependencies: ["QAPassHarness", "CoreAdapters", "AcceptanceCore"]),
    .testTarget(name: "InputMethodsTests", dependencies: ["InputMethods"]),
    .testTarget(
      name: "ScenarioEngineTests",
      dependencies: [
        "QAModel", "ScenarioEngine", "InputMethods", "CoreAdapters", "QAPassHarness", "AcceptanceCoreTesting",
        "TestSupport", "AcceptanceCore", "Diagnostics", "MatrixFormat",
      ],
      exclude: ["Snapshots", "Fixtures"]),
    .testTarget(
      name: "ObservationsTests",
      dependencies: ["QAModel", "Observations", "Effects", "TestSupport", "Diagnostics", "CoveringArrays"]),
    .testTarget(
      name: "ReportingTests",
      dependencies: [
        "QAModel", "AcceptanceCore", "ScenarioEngine", "Reporting", "QAPassHarness", "TestSupport",
        "Diagnostics", "MatrixFormat", "Observations", "TextFormats",
      ],
      exclude: ["Snapshots", "Fixtures"]),
    .testTarget(
      name: "QAPassCLITests",
      dependencies: [
        "QAPassCLI", "QAPassServer", "QAPassWorkflow", "QAPassHarness", "CoreAdapters", "TestSupport",
        "Effects", "MatrixFormat",
        "Observations", "QAModel", "Reporting", "ScenarioEngine", "YAMLDecoding", "Digests",
      ],
      exclude: ["Snapshots", "Fixtures"]),
    .testTarget(
      name: "TestResultsTests",
      dependencies: ["QAModel", "TestResults", "Observations", "Diagnostics"],
      resources: [.copy("Fixtures")]),
    .testTarget(
      name: "SimulatorsTests",
      dependencies: [
        "Simulators", "Effects", "ScenarioEngine", "MatrixFormat", "TestSupport", "Diagnostics",
      ],
      exclude: ["Snapshots"], resources: [.copy("Fixtures")]),
    .testTarget(
      name: "QAPassWorkflowTests",
      dependencies: [
        "QAPassWorkflow", "Effects", "Observations", "Reporting", "ScenarioEngine", "QAPassHarness",
        "CoreAdapters", "AcceptanceCore", "TestSupport", "Diagnostics",
      ]),
    // Type-checks the ```swift examples of every module's doc comments against the built modules.
    .testTarget(
      name: "DocSnippetTests",
      dependencies: [
        "Diagnostics", "TextFormats", "Digests", "Effects", "QAModel", "AcceptanceCore", "QAPassHarness",
        "AcceptanceCoreTesting", "CoreAdapters", "QAPassHarnessUIKit", "Oracle", "YAMLDecoding",
        "CoveringArrays", "MatrixExpansion", "MatrixFormat", "Keystrokes", engines, "ScenarioEngine",
        "Observations", "Simulators", "TestResults", "Reporting", "QAPassWorkflow", "QAPassServer",
        "QAPassCLI", "TestSupport",
      ]),
    .testTarget(
      name: "HostileInputTests",
      dependencies: ["QAPassCLI", "YAMLDecoding", "MatrixFormat", "Effects", "TestSupport", "Diagnostics"]),
  ]
)

// The test targets and their TestSupport compile in whole-module mode: one compiler job per module
// instead of a job that emits its interface plus one per batch of files, each loading Foundation and
// Swift Testing and parsing the module's files again. It takes the build of the tests on a fresh clone
// from 117 s to 100 s on 2 cores (bench/scale/README.md, "The test suite on a fresh clone"); an edit
// still rebuilds only the modules it touches. `-num-threads` keeps one object file per source file, as
// the index and the link expect. Plain `swift build` and `swift test` get the same flags, so `make test`
// and a developer's own commands share one build. Test targets are in no product: the unsafe flags
// never reach a package that depends on this one. `-no-emit-module-separately-wmo` makes that one job
// also write the module's interface, which the driver would otherwise emit in a job of its own that
// parses and type-checks the module again. Nothing imports a test module (only the small TestSupport is
// imported, by the tests), so the second job was 15 s of the build's 278 s of CPU on a fresh clone (the
// same wall on an idle machine, where the chain of modules, not the CPU, sets it; less under load).
for target in package.targets where target.type == .test || target.name == "TestSupport" {
  target.swiftSettings =
    (target.swiftSettings ?? []) + [
      .unsafeFlags(["-wmo", "-num-threads", "2", "-disable-batch-mode", "-no-emit-module-separately-wmo"])
    ]
}
