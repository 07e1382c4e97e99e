import Foundation
import TestSupport
import Testing

/// docs/ADOPTING.md's examples compile as an app would compile them (issue 21): Swift 6,
/// `MemberImportVisibility`, only the package's products imported. Planted broken snippets show
/// that the compilation can fail.
struct AdoptingSnippetTests {
  static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()
  static let page = "docs/ADOPTING.md"

  /// The products the page's table lists, each checked to be a one-target library product of the
  /// package (so a module the package builds but does not publish never counts).
  static func adoptedProducts() throws -> Set<String> {
    let text = try String(contentsOf: root.appendingPathComponent(page), encoding: .utf8)
    let manifest = try String(contentsOf: root.appendingPathComponent("Package.swift"), encoding: .utf8)
    var products: Set<String> = []
    // The rows of the table headed `| product |`.
    let lines = text.split(separator: "\n")
    let header = try #require(
      lines.firstIndex { $0.hasPrefix("| product |") }, "\(page) has no products table")
    for line in lines[(header + 2)...].prefix(while: { $0.hasPrefix("|") }) {
      let name = line.dropFirst(3).prefix { $0 != "`" }
      #expect(
        manifest.contains(".library(name: \"\(name)\", targets: [\"\(name)\"])"),
        "\(page) lists \(name) as a product; Package.swift publishes no such one-target library")
      products.insert(String(name))
    }
    return products
  }

  static func compile(_ markdown: String) throws -> Snippets.Outcome {
    let modules = try #require(
      Swiftc.modulesFolder(), "the test run's Modules folder is not beside the tests")
    return Snippets(markdown: markdown, path: page).compile(products: try adoptedProducts(), modules: modules)
  }

  @Test func `every Swift block of ADOPTING compiles with MemberImportVisibility`() throws {
    let text = try String(contentsOf: Self.root.appendingPathComponent(Self.page), encoding: .utf8)
    let snippets = Snippets(markdown: text, path: Self.page)
    #expect(snippets.blocks.count >= 5, "the page's Swift blocks were not found")
    #expect(try Self.adoptedProducts().isSuperset(of: ["AcceptanceCore", "QAPassHarness", "CoreAdapters"]))
    let outcome = try Self.compile(text)
    #expect(outcome.problems.isEmpty, "\(outcome.problems.joined(separator: "\n"))")
    #expect(outcome.compiledBlocks == snippets.blocks.filter { !$0.isManifest }.count)
  }

  @Test func `the manifest of ADOPTING loads, and a broken one does not`() throws {
    let text = try String(contentsOf: Self.root.appendingPathComponent(Self.page), encoding: .utf8)
    let manifests = Snippets(markdown: text, path: Self.page)
    #expect(manifests.blocks.filter(\.isManifest).count == 1)
    let outcome = manifests.loadManifests()
    #expect(
      outcome.problems.isEmpty && outcome.compiledBlocks == 1, "\(outcome.problems.joined(separator: "\n"))")
    // Negative control: a product spelled as a target.
    var broken = manifests
    broken.blocks = manifests.blocks.filter(\.isManifest).map {
      var block = $0
      block.code = block.code.replacingOccurrences(of: ".product(name:", with: ".target(nome:")
      return block
    }
    #expect(!broken.loadManifests().problems.isEmpty)
  }

  /// The page's `#if canImport(CoreHaptics)` and `#if canImport(UIKit)` blocks, which Linux only parses, type-checked against the
  /// model of Core Haptics that scripts/typecheck-apple-sources uses (Tests/AppleSDKModel), with
  /// AcceptanceCore built against that model so its `CoreHapticsPlayer` exists.
  @Test func `the Core Haptics block of ADOPTING type-checks against the model of Apple's declarations`()
    throws
  {
    let modules = try #require(
      Swiftc.modulesFolder(), "the test run's Modules folder is not beside the tests")
    let work = FileManager.default.temporaryDirectory.appendingPathComponent(
      "qapass-apple-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: work, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: work) }
    let built = Swiftc.buildAgainstAppleSDKModel(
      ["AcceptanceCore"], root: Self.root, modules: modules, into: work)
    try #require(built.isEmpty, "\(built.joined(separator: "\n"))")
    let text = try String(contentsOf: Self.root.appendingPathComponent(Self.page), encoding: .utf8)
    #expect(text.contains("#if canImport(CoreHaptics)\n  /// On a device"))
    let products = try Self.adoptedProducts()
    let outcome = Snippets(markdown: text, path: Self.page).compile(
      products: products, modules: modules, before: [work], appOnly: true)
    #expect(outcome.problems.isEmpty, "\(outcome.problems.joined(separator: "\n"))")
    // Negative control: a misnamed handler inside the block fails, so the block is really checked.
    let broken = text.replacingOccurrences(of: "player.onEngineStopped =", with: "player.onEngineStop =")
    #expect(broken != text)
    let failed = Snippets(markdown: broken, path: Self.page).compile(
      products: products, modules: modules, before: [work], appOnly: true)
    #expect(failed.problems.contains { $0.contains("onEngineStop") }, "\(failed.problems)")
    // The same for the `#if canImport(UIKit)` block of the feedback-generator app (issue 34).
    #expect(text.contains("#if canImport(UIKit)\n  import UIKit"))
    let misspelt = text.replacingOccurrences(
      of: "generator.notificationOccurred(.success)", with: "generator.notificationHappened(.success)")
    #expect(misspelt != text)
    let unknown = Snippets(markdown: misspelt, path: Self.page).compile(
      products: products, modules: modules, before: [work], appOnly: true)
    #expect(unknown.problems.contains { $0.contains("notificationHappened") }, "\(unknown.problems)")
  }

  /// The app module of the planted pages: a save flow and its shared confirmation.
  static let app = """
    ```swift
    import AcceptanceCore

    public func savedConfirmation() -> HapticPattern { .savedConfirmation() }
    public func makeFlow() -> SaveFlow {
      SaveFlow(saver: NoSaver(), player: NoOpHapticPlayer(), capability: FixedHapticCapability(supportsHaptics: false),
        confirmation: savedConfirmation())
    }
    public final class NoSaver: Saver {
      public init() {}
      public func save(completion: @escaping (SaveResult) -> Void) {}
    }
    ```

    """

  struct Planted: Sendable, CustomStringConvertible {
    var name: String
    var block: String
    /// What the compiler (or the import check) must say.
    var error: String
    var description: String { name }
  }

  @Test(arguments: [
    Planted(
      name: "a member of a module the file does not import",
      block: """
        import MyApp
        import QAPassHarness

        func done() -> Bool { makeFlow().state == .saved }
        """,
      error: "is not available due to missing import of defining module 'AcceptanceCore'"),
    Planted(
      name: "an import of a module that is not a product",
      block: """
        import QAModel
        import QAPassHarness

        let outcome: Outcome = .pass
        """,
      error: "'import QAModel': QAModel is not a product of the package"),
    Planted(
      name: "a save-flow subject without a stopped handler",
      block: """
        import QAPassHarness

        final class Subject: SaveFlowSubject {
          var confirmationPattern: [PackHapticEvent] { [] }
          func tap() {}
          func engineDidReset() {}
          func didEnterBackground() {}
          func willEnterForeground() {}
          var visibleResult: VisibleSaveResult { .idle }
          var diagnosticCount: Int? { nil }
        }
        """,
      error: "type 'Subject' does not conform to protocol 'SaveFlowSubject'"),
    Planted(
      name: "a misspelled API",
      block: """
        import QAPassHarness

        let pattern: [PackHapticEvent] = [.transient(intensity: 1, sharpnes: 0.5)]
        """,
      error: "docs/ADOPTING.md:17:"),
  ])
  func `a broken snippet fails the compilation, at its place on the page`(_ planted: Planted) throws {
    let page = Self.app + "```swift\n" + planted.block + "\n```\n"
    // The planted block's code starts on line 15 of the page (the misspelling is on line 17).
    #expect(Snippets(markdown: page, path: Self.page).blocks.map(\.line) == [2, 15])
    let outcome = try Self.compile(page)
    #expect(
      outcome.problems.contains { $0.contains(planted.error) }, "\(outcome.problems.joined(separator: "\n"))")
  }

  @Test func `the planted page compiles once the snippet is fixed`() throws {
    // Negative control for the planted pages: the same app block with a correct test block.
    let page =
      Self.app + """
        ```swift
        import AcceptanceCore
        import MyApp
        import QAPassHarness

        func done() -> Bool { makeFlow().state == .saved }
        let passed = Outcome.pass == .pass
        let pattern: [PackHapticEvent] = [.transient(intensity: 1, sharpness: 0.5)]
        ```

        """
    let outcome = try Self.compile(page)
    #expect(outcome.problems.isEmpty, "\(outcome.problems.joined(separator: "\n"))")
  }
}
