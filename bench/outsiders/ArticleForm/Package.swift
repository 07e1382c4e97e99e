// swift-tools-version: 6.0
// A team's sign-up form, written outside qapass from the articles alone: a UIKit-style name form
// (Chinese, Japanese, furigana, Korean and email fields over its own text-field model) and a Save
// button that confirms with a haptic. The app target depends on nothing; only its tests use
// qapass, to replay a scenario pack through QAPassHarness.
import Foundation
import PackageDescription

// A path dependency's identity is its folder's name, whatever the clone is called.
let qapassRoot = URL(fileURLWithPath: Context.packageDirectory)
  .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
let qapass = qapassRoot.lastPathComponent

let package = Package(
  name: "ArticleForm",
  platforms: [.macOS(.v13), .iOS(.v16)],
  products: [.library(name: "ArticleForm", targets: ["ArticleForm"])],
  dependencies: [.package(path: "../../.."), .package(path: "../TeamTestSupport")],
  targets: [
    .target(name: "ArticleForm"),
    .testTarget(
      name: "ArticleFormTests",
      dependencies: [
        "ArticleForm", .product(name: "QAPassHarness", package: qapass),
        .product(name: "TeamTestSupport", package: "TeamTestSupport"),
      ]),
  ]
)
