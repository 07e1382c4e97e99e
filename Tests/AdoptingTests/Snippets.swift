import Foundation
import TestSupport

/// The Swift blocks of a Markdown page, compiled the way an app would compile them: the blocks that
/// import no test library form the app's module (`MyApp`), the others its test module
/// (`MyAppTests`, which imports `MyApp`), both in Swift 6 with `MemberImportVisibility` against the
/// modules this test run built; a block that starts with `// swift-tools-version` is a manifest,
/// evaluated by `swift package dump-package`.
///
/// Each block is written to its own file behind a `#sourceLocation` directive, so the compiler's
/// errors point at the page (`docs/ADOPTING.md:57:12: error: …`). An `import` of a module that is
/// not an adopted product (a module the package builds but does not publish) is refused before
/// compiling, since a real app could not import it.
struct Snippets {
  /// What compiling the page gave: the problems, empty when every block compiled.
  struct Outcome {
    var problems: [String] = []
    var compiledBlocks = 0
  }

  /// The modules a test block may import besides the adopted products and `MyApp`.
  static let system: Set<String> = [
    "Foundation", "Testing", "XCTest", "UIKit", "CoreHaptics", "SwiftUI", "Dispatch",
  ]
  /// The modules that make a block part of the app's tests rather than the app.
  static let testModules: Set<String> = [
    "Testing", "XCTest", "QAPassHarness", "CoreAdapters", "AcceptanceCoreTesting", "QAPassHarnessUIKit",
  ]

  var path: String
  var blocks: [CodeBlock]

  /// The ```swift blocks of `text`, the page at `path` (as compiler locations name it).
  init(markdown text: String, path: String) {
    self.path = path
    self.blocks = CodeBlock.markdown(text, path: path)
  }

  /// Compiles every block of code (not the manifests: ``loadManifests()``).
  ///
  /// - Parameters:
  ///   - products: The modules an app may import (the package's adopted library products).
  ///   - modules: The folder with this build's `.swiftmodule` files.
  ///   - before: Folders searched before `modules` (a model of Apple's frameworks, and the modules
  ///     built against it).
  ///   - appOnly: Compiles the app's blocks alone.
  func compile(products: Set<String>, modules: URL, before: [URL] = [], appOnly: Bool = false) -> Outcome {
    var outcome = Outcome()
    for block in blocks where !block.isManifest {
      for module in block.imports
      where !products.contains(module) && !Self.system.contains(module) && module != "MyApp" {
        outcome.problems.append(
          "\(path):\(block.line): error: 'import \(module)': \(module) is not a product of the package; an app "
            + "cannot import it (products: \(products.sorted().joined(separator: ", ")))")
      }
    }
    guard outcome.problems.isEmpty else { return outcome }
    let work = FileManager.default.temporaryDirectory.appendingPathComponent(
      "qapass-snippets-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: work) }
    do {
      try FileManager.default.createDirectory(at: work, withIntermediateDirectories: true)
      let app = blocks.filter { !$0.isManifest && Set($0.imports).isDisjoint(with: Self.testModules) }
      let tests =
        appOnly ? [] : blocks.filter { !$0.isManifest && !Set($0.imports).isDisjoint(with: Self.testModules) }
      let common =
        [
          "-parse-as-library", "-swift-version", "6", "-enable-upcoming-feature", "MemberImportVisibility",
        ] + before.flatMap { ["-I", $0.path] } + Swiftc.searchOptions(modules: modules)
      if !app.isEmpty {
        let files = try write(app, named: "app", in: work)
        outcome.problems += Swiftc.run(
          "swiftc",
          [
            "-emit-module", "-module-name", "MyApp", "-emit-module-path",
            work.appendingPathComponent("MyApp.swiftmodule").path,
          ]
            + common + files)
      }
      if !tests.isEmpty && outcome.problems.isEmpty {
        let accessor = try Swiftc.writeResourceBundleAccessor(in: work)
        let files = try write(tests, named: "test", in: work)
        outcome.problems += Swiftc.run(
          "swiftc",
          ["-typecheck", "-module-name", "MyAppTests", "-I", work.path] + common + files + [accessor.path])
      }
      outcome.compiledBlocks = app.count + tests.count
    } catch {
      outcome.problems.append("cannot write the snippets: \(error)")
    }
    return outcome
  }

  /// Loads every manifest block with `swift package dump-package`.
  func loadManifests() -> Outcome {
    var outcome = Outcome()
    let work = FileManager.default.temporaryDirectory.appendingPathComponent(
      "qapass-manifest-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: work) }
    for manifest in blocks where manifest.isManifest {
      let package = work.appendingPathComponent("\(manifest.line)")
      do {
        try FileManager.default.createDirectory(at: package, withIntermediateDirectories: true)
        try manifest.code.write(
          to: package.appendingPathComponent("Package.swift"), atomically: true, encoding: .utf8)
      } catch {
        outcome.problems.append("cannot write the manifest: \(error)")
        continue
      }
      outcome.problems += Swiftc.run("swift", ["package", "--package-path", package.path, "dump-package"]).map
      {
        "\(path):\(manifest.line): the manifest does not load: \($0)"
      }
      outcome.compiledBlocks += 1
    }
    return outcome
  }

  /// Writes each block to its own file, behind a `#sourceLocation` naming its place on the page.
  private func write(_ blocks: [CodeBlock], named stem: String, in folder: URL) throws -> [String] {
    try blocks.enumerated().map { index, block in
      let file = folder.appendingPathComponent("\(stem)-\(index).swift")
      try block.sourceText(wrappingStatements: false).write(to: file, atomically: true, encoding: .utf8)
      return file.path
    }
  }
}
