import Foundation

/// The Swift compiler run from a test, against the modules the test run built: for code that lives in
/// documents (Markdown pages, doc comments) and must compile.
public enum Swiftc {
  /// Runs `tool` from the `PATH` with `arguments`; its standard error when it fails, else nothing.
  public static func run(_ tool: String, _ arguments: [String]) -> [String] {
    let (status, _, errors) = launch(tool, arguments)
    return status == 0 ? [] : [errors.isEmpty ? "\(tool) exited \(status)" : errors]
  }

  /// Runs `tool` from the `PATH` with `arguments` and returns its standard output, trimmed.
  ///
  /// - Throws: ``Failure`` when it cannot be run or exits with a status other than 0.
  public static func output(_ tool: String, _ arguments: [String]) throws(Failure) -> String {
    let (status, output, errors) = launch(tool, arguments)
    guard status == 0 else {
      throw Failure(description: "\(tool) \(arguments.joined(separator: " ")): \(errors)")
    }
    return output.trimmingCharacters(in: .whitespacesAndNewlines)
  }

  /// A tool that failed, with what it said.
  public struct Failure: Error, CustomStringConvertible {
    public var description: String
  }

  /// Runs `tool`: its exit status (-1 when it could not be run), standard output and standard error.
  private static func launch(_ tool: String, _ arguments: [String]) -> (Int32, String, String) {
    let paths = (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":")
    guard let executable = paths.map({ "\($0)/\(tool)" }).first(where: FileManager.default.isExecutableFile)
    else { return (-1, "", "'\(tool)' is not on the PATH") }
    // Standard error goes to a file, so that neither of two pipes can fill up and block the tool.
    let errorFile = FileManager.default.temporaryDirectory.appendingPathComponent("qapass-stderr-\(UUID())")
    guard FileManager.default.createFile(atPath: errorFile.path, contents: nil),
      let errorHandle = try? FileHandle(forWritingTo: errorFile)
    else { return (-1, "", "cannot make a file for the standard error of \(tool)") }
    defer { try? FileManager.default.removeItem(at: errorFile) }
    let process = Process()
    process.executableURL = URL(fileURLWithPath: executable)
    process.arguments = arguments
    let output = Pipe()
    (process.standardOutput, process.standardError) = (output, errorHandle)
    do {
      try process.run()
    } catch {
      return (-1, "", "cannot run \(tool): \(error)")
    }
    let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    try? errorHandle.close()
    let errors = (try? String(contentsOf: errorFile, encoding: .utf8)) ?? ""
    return (process.terminationStatus, text, errors)
  }

  /// Writes what SwiftPM generates for a target with resources (`Bundle.module`, here the main bundle)
  /// into `folder`, for code of a test target that loads its resources.
  ///
  /// - Returns: The file written.
  public static func writeResourceBundleAccessor(in folder: URL) throws -> URL {
    let accessor = folder.appendingPathComponent("resource_bundle_accessor.swift")
    try "import Foundation\n\nextension Foundation.Bundle {\n  static var module: Bundle { .main }\n}\n"
      .write(to: accessor, atomically: true, encoding: .utf8)
    return accessor
  }

  /// The name SwiftPM gives the modules of the package at `root` for `package` access (what
  /// `swift build -v` passes as `-package-name`): the folder's name, lowercased, as a C identifier.
  public static func packageName(root: URL) -> String {
    let name = root.lastPathComponent.lowercased().unicodeScalars.map {
      ("a"..."z").contains($0) || ("0"..."9").contains($0) || $0 == "_" ? Character($0) : "_"
    }
    return name.first?.isNumber == true ? "_" + String(name) : String(name)
  }

  /// The folder with the `.swiftmodule` files of the build this test runs in: the `Modules` folder
  /// beside the test executable (or above it, in a macOS bundle).
  public static func modulesFolder() -> URL? {
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

  /// The options that find the built `modules` and share the build's module cache, and the module maps
  /// SwiftPM wrote for the package's own C targets (`CSHA256Accelerated.build/module.modulemap`): a
  /// module that imports one, even `internal`ly, needs it found by its clients, as SwiftPM's own
  /// `-fmodule-map-file` options do.
  public static func searchOptions(modules: URL) -> [String] {
    let build = modules.deletingLastPathComponent()
    let folders = (try? FileManager.default.contentsOfDirectory(atPath: build.path)) ?? []
    let moduleMaps = folders.filter { $0.hasSuffix(".build") }.sorted().map {
      build.appendingPathComponent($0).appendingPathComponent("module.modulemap").path
    }.filter { FileManager.default.fileExists(atPath: $0) }
    return ["-I", modules.path] + cacheOptions(modules: modules)
      + moduleMaps.flatMap { ["-Xcc", "-fmodule-map-file=\($0)"] }
  }

  /// The options that share the module cache of the build that wrote `modules`.
  public static func cacheOptions(modules: URL) -> [String] {
    ["-module-cache-path", modules.deletingLastPathComponent().appendingPathComponent("ModuleCache").path]
  }

  /// The Swift files of `folder` and its subfolders, sorted.
  public static func sources(in folder: URL) -> [URL] {
    let files =
      FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil)?
      .compactMap { $0 as? URL } ?? []
    return files.filter { $0.pathExtension == "swift" }.sorted { $0.path < $1.path }
  }

  /// Builds the model of Apple's frameworks in `Tests/AppleSDKModel` (the one
  /// scripts/typecheck-apple-sources uses) into `folder`, then each of `targets` (modules of the
  /// package at `root`, with code behind `#if canImport(UIKit)` or `canImport(CoreHaptics)`) against it,
  /// so that code compiled against the built modules with `-I folder` first sees their Apple-only
  /// declarations.
  ///
  /// - Returns: The compiler's errors; empty when everything was built.
  public static func buildAgainstAppleSDKModel(
    _ targets: [String], root: URL, modules: URL, into folder: URL
  ) -> [String] {
    let model = root.appendingPathComponent("Tests/AppleSDKModel")
    let cache = cacheOptions(modules: modules)
    var problems: [String] = []
    for framework in sources(in: model) {
      let name = framework.deletingPathExtension().lastPathComponent
      problems += run(
        "swiftc",
        [
          "-emit-module", "-parse-as-library", "-module-name", name, framework.path, "-emit-module-path",
          folder.appendingPathComponent("\(name).swiftmodule").path,
        ] + cache)
    }
    for target in targets where problems.isEmpty {
      problems += run(
        "swiftc",
        [
          "-emit-module", "-wmo", "-parse-as-library", "-swift-version", "6", "-enable-testing",
          "-package-name", packageName(root: root), "-module-name", target, "-I", folder.path,
          "-emit-module-path", folder.appendingPathComponent("\(target).swiftmodule").path,
        ] + searchOptions(modules: modules)
          + sources(in: root.appendingPathComponent("Sources/\(target)")).map(\.path))
    }
    return problems
  }
}
