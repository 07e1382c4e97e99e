import Foundation
import Testing

/// The oracle shares nothing with what it judges: its sources import no module at all (the package
/// declares no dependency; this also catches a module SwiftPM leaks into scope from an earlier build).
struct IndependenceTests {
  static let sources = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().appendingPathComponent("Sources/Oracle")

  /// The modules `source` imports (`import X`, `@testable import X`, `internal import X`, …).
  static func imports(in source: String) -> [String] {
    source.split(separator: "\n").compactMap { line in
      let words = line.split(separator: " ").map(String.init)
      guard let index = words.firstIndex(of: "import"), index + 1 < words.count,
        words[..<index].allSatisfy({
          $0.hasPrefix("@") || ["public", "internal", "package", "private", "fileprivate"].contains($0)
        })
      else { return nil }
      return words[index + 1]
    }
  }

  @Test func `the oracle's sources import nothing`() throws {
    let files = try FileManager.default.contentsOfDirectory(atPath: Self.sources.path).filter {
      $0.hasSuffix(".swift")
    }
    #expect(files.count >= 8)
    for file in files {
      let text = try String(contentsOf: Self.sources.appendingPathComponent(file), encoding: .utf8)
      #expect(Self.imports(in: text) == [], "\(file)")
    }
  }

  @Test func `the import scan finds imports (negative control)`() {
    #expect(
      Self.imports(
        in: "import AcceptanceCore\n@testable import QAModel\ninternal import Foundation\n// import X")
        == ["AcceptanceCore", "QAModel", "Foundation"])
  }
}
