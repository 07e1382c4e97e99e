import Foundation

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
  /// One fenced block.
  struct Block {
    /// The line of the page the block's first line of code is on (1-based).
    var line: Int
    var code: String
    var imports: [String] {
      code.split(separator: "\n").compactMap { line in
        let words = line.split(separator: " ")
        return words.first == "import" && words.count == 2 ? String(words[1]) : nil
      }
    }
    var isManifest: Bool { code.hasPrefix("// swift-tools-version") }
  }

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
  var blocks: [Block]

  /// The ```swift blocks of `text`, the page at `path` (as compiler locations name it).
  init(markdown text: String, path: String) {
    self.path = path
    var blocks: [Block] = []
    var current: (line: Int, lines: [String])?
    for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
      if var open = current {
        if line.hasPrefix("```") {
          blocks.append(Block(line: open.line, code: open.lines.joined(separator: "\n") + "\n"))
          current = nil
        } else {
          open.lines.append(String(line))
          current = open
        }
      } else if line == "```swift" {
        current = (index + 2, [])
      }
    }
    self.blocks = blocks
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
        ] + before.flatMap { ["-I", $0.path] } + [
          "-I", modules.path, "-module-cache-path",
          modules.deletingLastPathComponent().appendingPathComponent("ModuleCache").path,
        ]
      if !app.isEmpty {
        let files = try write(app, named: "app", in: work)
        outcome.problems += Self.run(
          "swiftc",
          [
            "-emit-module", "-module-name", "MyApp", "-emit-module-path",
            work.appendingPathComponent("MyApp.swiftmodule").path,
          ]
            + common + files)
      }
      if !tests.isEmpty && outcome.problems.isEmpty {
        // What SwiftPM generates for a test target with resources.
        let accessor = work.appendingPathComponent("resource_bundle_accessor.swift")
        try "import Foundation\n\nextension Foundation.Bundle {\n  static var module: Bundle { .main }\n}\n"
          .write(to: accessor, atomically: true, encoding: .utf8)
        let files = try write(tests, named: "test", in: work)
        outcome.problems += Self.run(
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
      outcome.problems += Self.run("swift", ["package", "--package-path", package.path, "dump-package"]).map {
        "\(path):\(manifest.line): the manifest does not load: \($0)"
      }
      outcome.compiledBlocks += 1
    }
    return outcome
  }

  /// Writes each block to its own file, behind a `#sourceLocation` naming its place on the page.
  private func write(_ blocks: [Block], named stem: String, in folder: URL) throws -> [String] {
    try blocks.enumerated().map { index, block in
      let file = folder.appendingPathComponent("\(stem)-\(index).swift")
      try "#sourceLocation(file: \"\(path)\", line: \(block.line))\n\(block.code)"
        .write(to: file, atomically: true, encoding: .utf8)
      return file.path
    }
  }

  /// The name SwiftPM gives the modules of the package at `root` for `package` access (what
  /// `swift build -v` passes as `-package-name`): the folder's name, lowercased, as a C identifier.
  static func packageName(root: URL) -> String {
    let name = root.lastPathComponent.lowercased().unicodeScalars.map {
      ("a"..."z").contains($0) || ("0"..."9").contains($0) || $0 == "_" ? Character($0) : "_"
    }
    return name.first?.isNumber == true ? "_" + String(name) : String(name)
  }

  /// Runs `tool` from the `PATH` with `arguments`; its standard error when it fails, else nothing.
  static func run(_ tool: String, _ arguments: [String]) -> [String] {
    let paths = (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":")
    guard let executable = paths.map({ "\($0)/\(tool)" }).first(where: FileManager.default.isExecutableFile)
    else { return ["'\(tool)' is not on the PATH"] }
    let process = Process()
    process.executableURL = URL(fileURLWithPath: executable)
    process.arguments = arguments
    let errors = Pipe()
    process.standardError = errors
    process.standardOutput = FileHandle.nullDevice
    do {
      try process.run()
    } catch {
      return ["cannot run \(tool): \(error)"]
    }
    let text = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    return process.terminationStatus == 0
      ? [] : [text.isEmpty ? "\(tool) exited \(process.terminationStatus)" : text]
  }

  /// The folder with the `.swiftmodule` files of the build this test runs in: the `Modules` folder
  /// beside the test executable (or above it, in a macOS bundle).
  static func modulesFolder() -> URL? {
    var folder = URL(fileURLWithPath: ProcessInfo.processInfo.arguments[0]).resolvingSymlinksInPath()
    for _ in 0..<5 {
      folder = folder.deletingLastPathComponent()
      let modules = folder.appendingPathComponent("Modules")
      if FileManager.default.fileExists(
        atPath: modules.appendingPathComponent("QAPassHarness.swiftmodule").path)
      {
        return modules
      }
    }
    return nil
  }
}
