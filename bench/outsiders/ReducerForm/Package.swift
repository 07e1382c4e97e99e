// swift-tools-version: 6.0
// A team's checkout form in reducer style (state, actions, one reduce function; validation is an
// effect the store runs, debounced), written outside qapass from the articles and DOMAIN alone, with
// its own save flow and haptic confirmation. The app target depends on nothing; only its tests use
// qapass, to replay a scenario pack through QAPassHarness.
import Foundation
import PackageDescription

// A path dependency's identity is its folder's name, whatever the clone is called.
let qapassRoot = URL(fileURLWithPath: Context.packageDirectory)
  .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
let qapass = qapassRoot.lastPathComponent

let package = Package(
  name: "ReducerForm",
  platforms: [.macOS(.v13), .iOS(.v16)],
  products: [.library(name: "ReducerForm", targets: ["ReducerForm"])],
  dependencies: [.package(path: "../../.."), .package(path: "../TeamTestSupport")],
  targets: [
    .target(name: "ReducerForm"),
    .testTarget(
      name: "ReducerFormTests",
      dependencies: [
        "ReducerForm", .product(name: "QAPassHarness", package: qapass),
        .product(name: "TeamTestSupport", package: "TeamTestSupport"),
      ]),
  ]
)
