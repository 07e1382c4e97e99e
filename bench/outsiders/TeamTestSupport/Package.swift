// swift-tools-version: 6.0
// The outside team's test support, shared by its two apps' tests: the pack a run names, the results
// it writes, the team's hand-decided verdicts, and the comparison of every text a pack judges with an
// app's own rules. Only tests depend on it.
import Foundation
import PackageDescription

// A path dependency's identity is its folder's name, whatever the clone is called.
let qapassRoot = URL(fileURLWithPath: Context.packageDirectory)
  .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
let qapass = qapassRoot.lastPathComponent

let package = Package(
  name: "TeamTestSupport",
  platforms: [.macOS(.v13), .iOS(.v16)],
  products: [.library(name: "TeamTestSupport", targets: ["TeamTestSupport"])],
  dependencies: [.package(path: "../../..")],
  targets: [
    .target(name: "TeamTestSupport", dependencies: [.product(name: "QAPassHarness", package: qapass)])
  ]
)
