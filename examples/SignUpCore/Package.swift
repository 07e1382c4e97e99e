// swift-tools-version: 6.0
// An app's core, outside qapass: the sign-up form's name field and Save button in platform-independent
// Swift, checked by replaying qapass's scenario pack through QAPassHarness.
import Foundation
import PackageDescription

// A path dependency's identity is its folder's name, whatever the clone is called.
let qapassRoot = URL(fileURLWithPath: Context.packageDirectory).deletingLastPathComponent()
  .deletingLastPathComponent()
let qapass = qapassRoot.lastPathComponent

let package = Package(
  name: "SignUpCore",
  platforms: [.macOS(.v13), .iOS(.v16)],
  products: [.library(name: "SignUpCore", targets: ["SignUpCore"])],
  dependencies: [.package(path: "../..")],
  targets: [
    .target(name: "SignUpCore", dependencies: [.product(name: "AcceptanceCore", package: qapass)]),
    .testTarget(
      name: "SignUpCoreTests",
      dependencies: ["SignUpCore", .product(name: "QAPassHarness", package: qapass)],
      resources: [.copy("Resources/default.pack.json")]),
  ]
)
