import Foundation

extension ScenarioPack {
  /// Reads a pack file.
  ///
  /// ```swift
  /// import CoreAdapters
  /// import Testing
  ///
  /// /// One Swift Testing case per item of the pack the app's test target copies as a resource.
  /// struct PackReplayTests {
  ///   static let pack = try! ScenarioPack.load(
  ///     contentsOf: Bundle.module.url(forResource: "team.pack", withExtension: "json")!)
  ///
  ///   @Test(arguments: pack.items)
  ///   func `replays`(item: PackItem) {
  ///     let result = PackRunner.run(item, subject: ReferenceCoreSubject(version: "0.1.0"))  // or the app's own
  ///     #expect(result.status == .pass, "\(result.problem)")
  ///   }
  /// }
  /// ```
  ///
  /// - Throws: ``PackError``, or the file system's error when it cannot be read.
  public static func load(contentsOf url: URL) throws -> ScenarioPack {
    try load(Data(contentsOf: url))
  }

  /// The items of `checks` (all items when empty), in pack order.
  public func items(checks: Set<String>) -> [PackItem] {
    checks.isEmpty ? items : items.filter { checks.contains($0.check) }
  }
}

extension HarnessItemResult {
  /// For XCTest: `XCTAssertTrue(result.passed, result.problem)`.
  public var passed: Bool { status == .pass }
}
