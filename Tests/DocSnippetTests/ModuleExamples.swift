import Foundation
import TestSupport
import Testing

/// The ```swift examples in the `///` doc comments of one module of `Sources/`, and how they are
/// type-checked: as the module's own user would write them, importing the module and the modules its
/// files import, with `package` access (SwiftPM's `-package-name`), in Swift 6.
///
/// Each example is a file of its own behind a `#sourceLocation`, so an error points at the doc comment
/// (`Sources/Effects/WallClock.swift:14:39: error: …`). An example of statements is the body of a
/// throwing function and declares every input it uses; an example of declarations only (or with an
/// extension, a protocol, an access modifier or an attribute such as `@Test`) is compiled as a file
/// (``CodeBlock/compilesAsFile``). The examples of one module share one module (`EffectsExamples`), so
/// the types two of them declare need distinct names. An example that uses `Bundle.module` (an app's
/// test target reading its pack) gets SwiftPM's accessor; a module with code compiled only on Apple
/// platforms is built against the model of Apple's frameworks first, so its examples see that code.
struct ModuleExamples: Sendable, CustomTestStringConvertible {
  var name: String
  var blocks: [CodeBlock]
  /// The modules every example may use without importing them: the module, then what its files import.
  /// The module is imported `@testable` (the test run builds it for testing): an example on an internal
  /// declaration is read by someone working inside the module.
  var imports: [String]
  /// The clang options that find the package's C libraries: their module maps, and their headers'
  /// folders as `pkg-config` gives them (what SwiftPM passes). A module built for testing needs the C
  /// libraries it imports, even `internal`ly, to be found by its clients.
  var cLibraryOptions: [String]
  /// Whether the module has code compiled only on Apple platforms, which the examples are checked
  /// against (the module is built against the model of Apple's frameworks first).
  var hasAppleOnlyCode: Bool

  var testDescription: String { "\(name) (\(blocks.count) examples)" }

  static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()

  /// The Swift modules of `Sources/` (a folder with a `module.modulemap` or an `include/` is C and has none),
  /// each with its examples, sorted by name; the modules without examples too.
  static func all(root: URL = root) throws -> [ModuleExamples] {
    let sources = root.appendingPathComponent("Sources")
    let names = try FileManager.default.contentsOfDirectory(atPath: sources.path).sorted()
    // Debian's C libraries have a module.modulemap of their own; a C target of this package has its
    // headers in include/ (its module map is SwiftPM's, which ``Swiftc/searchOptions(modules:)`` finds).
    let systemLibraries = names.filter {
      FileManager.default.fileExists(atPath: sources.appendingPathComponent("\($0)/module.modulemap").path)
    }
    let ownCTargets = names.filter {
      FileManager.default.fileExists(atPath: sources.appendingPathComponent("\($0)/include").path)
    }
    let cLibraries = Set(systemLibraries + ownCTargets)
    let cOptions = try cLibraryOptions(
      systemLibraries.sorted().map { sources.appendingPathComponent($0) }, root: root)
    return try names.filter { !cLibraries.contains($0) && !$0.hasPrefix(".") }.map { name in
      var blocks: [CodeBlock] = []
      var imports: Set<String> = []
      var appleOnly = false
      for file in Swiftc.sources(in: sources.appendingPathComponent(name)) {
        let text = try String(contentsOf: file, encoding: .utf8)
        let path = String(file.path.dropFirst(root.path.count + 1))
        blocks += try CodeBlock.docComments(text, path: path)
        imports.formUnion(importedModules(text))
        appleOnly =
          appleOnly || text.contains("#if canImport(UIKit)") || text.contains("#if canImport(CoreHaptics)")
      }
      imports.subtract(cLibraries.union([name]))
      return ModuleExamples(
        name: name, blocks: blocks, imports: [name] + imports.sorted(), cLibraryOptions: cOptions,
        hasAppleOnlyCode: appleOnly)
    }
  }

  /// The clang options for the C libraries in `folders`, with the `pkgConfig` names Package.swift gives them.
  static func cLibraryOptions(_ folders: [URL], root: URL) throws -> [String] {
    let manifest = try String(contentsOf: root.appendingPathComponent("Package.swift"), encoding: .utf8)
    let packages = folders.compactMap { folder -> String? in
      let declaration = #".systemLibrary(name: "\#(folder.lastPathComponent)", pkgConfig: ""#
      guard let start = manifest.range(of: declaration)?.upperBound else { return nil }
      return String(manifest[start...].prefix { $0 != "\"" })
    }
    let includes = try Swiftc.output("pkg-config", ["--cflags-only-I"] + packages)
    return folders.flatMap {
      ["-Xcc", "-fmodule-map-file=\($0.appendingPathComponent("module.modulemap").path)"]
    }
      + includes.split(separator: " ").flatMap { ["-Xcc", String($0)] }
  }

  /// The modules the `import` lines of a Swift file name (`package import X`, `import struct X.Y`,
  /// `@_exported import enum X.Y` all name `X`).
  static func importedModules(_ text: String) -> Set<String> {
    let kinds: Set<Substring> = ["struct", "class", "enum", "protocol", "typealias", "func", "var", "let"]
    var modules: Set<String> = []
    for line in text.split(separator: "\n") {
      var words = line.split(separator: " ").drop { $0.hasPrefix("@") }
      if let first = words.first, ["public", "package", "internal", "fileprivate", "private"].contains(first)
      {
        words = words.dropFirst()
      }
      guard words.first == "import", var name = words.dropFirst().first else { continue }
      if kinds.contains(name), let qualified = words.dropFirst(2).first { name = qualified }
      modules.insert(String(name.prefix { $0 != "." }))
    }
    return modules
  }

  /// Type-checks the examples in one `swiftc` run.
  ///
  /// - Parameters:
  ///   - modules: The folder with this build's `.swiftmodule` files.
  ///   - blocks: The examples to check (by default, the module's).
  /// - Returns: The compiler's errors, empty when every example type-checks.
  func typecheck(modules: URL, blocks: [CodeBlock]? = nil) -> [String] {
    let work = FileManager.default.temporaryDirectory.appendingPathComponent(
      "qapass-examples-\(name)-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: work) }
    do {
      try FileManager.default.createDirectory(at: work, withIntermediateDirectories: true)
    } catch {
      return ["cannot make a folder for the examples: \(error)"]
    }
    var before: [String] = []
    if hasAppleOnlyCode {
      let built = Swiftc.buildAgainstAppleSDKModel([name], root: Self.root, modules: modules, into: work)
      guard built.isEmpty else { return built }
      before = ["-I", work.path]
    }
    // The others only where they exist: a module's files may import Glibc on Linux and Darwin on a Mac.
    let preamble = imports.map {
      $0 == name ? "@testable import \($0)\n" : "#if canImport(\($0))\n  import \($0)\n#endif\n"
    }.joined()
    var files: [String] = []
    for (index, block) in (blocks ?? self.blocks).enumerated() {
      let file = work.appendingPathComponent("example-\(index).swift")
      do {
        try block.sourceText(preamble: preamble).write(to: file, atomically: true, encoding: .utf8)
      } catch {
        return ["cannot write the examples: \(error)"]
      }
      files.append(file.path)
    }
    if (blocks ?? self.blocks).contains(where: { $0.code.contains("Bundle.module") }) {
      // An example of an app's test target, which copies its pack as a resource.
      do {
        files.append(try Swiftc.writeResourceBundleAccessor(in: work).path)
      } catch {
        return ["cannot write the examples: \(error)"]
      }
    }
    return Swiftc.run(
      "swiftc",
      [
        "-typecheck", "-wmo", "-parse-as-library", "-swift-version", "6", "-suppress-warnings",
        "-diagnostic-style=llvm",
        "-package-name",
        Swiftc.packageName(root: Self.root), "-module-name", "\(name)Examples",
      ] + before + Swiftc.searchOptions(modules: modules) + cLibraryOptions + files)
  }
}
