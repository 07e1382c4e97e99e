import Foundation
import TestSupport
import Testing

@testable import QAPassCLI

/// The engines the documentation names are engines that work (issue 23: the README's Zhuyin example
/// `m17n:zh-bopomofo` commits full-width Latin). Every engine name in README.md, docs/, the commands'
/// help, matrices/ and examples/ is loaded; every "`qapass trace -e NAME KEYS` commits TEXT" example is
/// traced; every matrix in matrices/ lints without an error, its engines and `expect` texts included.
struct EngineExamplesTests {
  /// The text of every file the check reads, by path relative to the repository.
  static func documents() throws -> [(path: String, text: String)] {
    let manager = FileManager.default
    var paths = ["README.md"]
    for folder in ["docs", "Sources/QAPassCLI/Commands", "matrices", "examples"] {
      let root = repositoryRoot.appendingPathComponent(folder)
      guard let walker = manager.enumerator(atPath: root.path) else { continue }
      for case let relative as String in walker
      where [".md", ".swift", ".yaml"].contains(where: relative.hasSuffix) && !relative.contains(".build/") {
        paths.append("\(folder)/\(relative)")
      }
    }
    return try paths.sorted().map { path in
      (path, try String(contentsOf: repositoryRoot.appendingPathComponent(path), encoding: .utf8))
    }
  }

  /// `m17n:<lang>-<name>` and `hangul:<keyboard>` names written in `text` (placeholders left out).
  static func engineNames(in text: String) -> Set<String> {
    let pattern = try! NSRegularExpression(
      pattern: "\\b(m17n:[a-z0-9]+-[a-zA-Z0-9-]*[a-zA-Z0-9]|hangul:[a-z0-9]+)")
    let range = NSRange(text.startIndex..., in: text)
    return Set(pattern.matches(in: text, range: range).map { String(text[Range($0.range, in: text)!]) })
  }

  /// The `qapass trace -e NAME KEYS` … `commits TEXT` examples written in `text`.
  static func traceExamples(in text: String) -> [(engine: String, keys: String, commits: String)] {
    let pattern = try! NSRegularExpression(
      pattern: "`qapass trace -e ([^ `]+) '?([^'`]+)'?` commits ([^ ;|,.]+)")
    let range = NSRange(text.startIndex..., in: text)
    return pattern.matches(in: text, range: range).map { match in
      let part = { (i: Int) in String(text[Range(match.range(at: i), in: text)!]) }
      return (part(1), part(2), part(3))
    }
  }

  /// What `engine` commits for `keys`, with whatever is left composing, as `qapass trace` prints it.
  static func committed(_ engine: String, _ keys: String) throws -> String {
    let run = qapass("trace", "-e", engine, "--format", "json", keys)
    let object = try #require(
      try JSONSerialization.jsonObject(with: Data(run.out.utf8)) as? [String: Any], "\(engine): \(run.err)")
    return "\(object["committedText"] ?? "")\(object["finalPreedit"] ?? "")"
  }

  @Test(.needsEngines) func `every engine the documentation names loads`() throws {
    var names: Set<String> = ["anthy"]
    for document in try Self.documents() { names.formUnion(Self.engineNames(in: document.text)) }
    #expect(names.contains("m17n:zh-zhuyin") && names.contains("hangul:2"))
    for name in names.sorted() {
      let run = qapass("trace", "-e", name, "a")
      #expect(run.code == .success, "\(name): \(run.err)")
    }
  }

  @Test(.needsEngines) func `every trace example commits what it says`() throws {
    let examples = try Self.documents().flatMap { document in
      Self.traceExamples(in: document.text).map { (document.path, $0) }
    }
    #expect(examples.count >= 3, "\(examples)")
    #expect(examples.contains { $0.1.engine == "m17n:zh-zhuyin" })
    for (path, example) in examples {
      #expect(try Self.committed(example.engine, example.keys) == example.commits, "\(path): \(example)")
    }
  }

  @Test(.needsEngines) func `the old Zhuyin example would have been caught`() throws {
    // The negative control: the engine the README named for Zhuyin does not commit the Zhuyin text.
    #expect(try Self.committed("m17n:zh-bopomofo", "5;{space}2jo33") == "５；２ｊｏ３３")
    #expect(try Self.committed("m17n:zh-zhuyin", "5;{space}2jo33") == "張偉")
  }

  @Test(.needsEngines) func `every matrix in matrices/ lints without an error`() throws {
    let files = try FileManager.default.contentsOfDirectory(
      atPath: repositoryRoot.appendingPathComponent("matrices").path
    ).filter { $0.hasSuffix(".yaml") }.sorted()
    #expect(files.count >= 2)
    for file in files {
      let run = qapass("lint", "matrices/\(file)")
      #expect(run.code == .success, "\(file): \(run.err)")
      #expect(!run.err.contains("error:"), "\(file): \(run.err)")
    }
  }
}
