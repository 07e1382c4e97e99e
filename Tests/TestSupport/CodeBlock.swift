import Foundation

/// A fenced ```swift block of a Markdown page or of a Swift file's `///` doc comments, with its place
/// in that file, so the compiler's errors can point there (``sourceText(preamble:wrappingStatements:)``).
public struct CodeBlock: Sendable, Hashable {
  /// The file the block is in, as compiler locations name it (`docs/ADOPTING.md`,
  /// `Sources/Effects/WallClock.swift`).
  public var path: String
  /// The line of the file the block's first line of code is on (1-based).
  public var line: Int
  /// The code, one line per line of the file. In a doc comment each line keeps its columns: the
  /// `///` marker and the space after it become spaces.
  public var code: String

  /// The modules the block's own `import` lines name.
  public var imports: [String] {
    code.split(separator: "\n").compactMap { line in
      let words = (line.range(of: "//").map { line[..<$0.lowerBound] } ?? line).split(separator: " ")
      return words.first == "import" && words.count == 2 ? String(words[1]) : nil
    }
  }

  /// Whether the block is a package manifest (it starts with `// swift-tools-version`).
  public var isManifest: Bool { code.hasPrefix("// swift-tools-version") }

  /// Whether the block is a file of declarations rather than a list of statements: its top level
  /// declares an extension, a protocol, something with an access modifier or an attribute (`@Test`),
  /// or only types and functions. Any other block (statements, `let`s, local types used by statements)
  /// is compiled as the body of a function.
  public var compilesAsFile: Bool {
    let starts = topLevelLines.map { $0.prefix { $0 != " " && $0 != "(" && $0 != "<" && $0 != ":" } }
    if starts.contains(where: { $0.hasPrefix("@") || Self.fileOnlyWords.contains(String($0)) }) {
      return true
    }
    return !starts.isEmpty && starts.allSatisfy { Self.localDeclarationWords.contains(String($0)) }
  }

  /// The words that start a declaration only a file can hold.
  static let fileOnlyWords: Set<String> = [
    "extension", "protocol", "public", "package", "internal", "fileprivate", "private", "open",
  ]
  /// The words that start a type or function declaration, which a function body can hold too.
  static let localDeclarationWords: Set<String> = [
    "struct", "class", "final", "enum", "actor", "func", "typealias",
  ]

  /// The lines that start at the block's top level (outside brackets, braces, strings and comments),
  /// without their indentation and without comments, blank lines and `import`s.
  var topLevelLines: [Substring] {
    var depth = 0
    var lines: [Substring] = []
    var inString: (raw: Int, multiline: Bool)?
    for line in code.split(separator: "\n", omittingEmptySubsequences: false) {
      let text = line.drop { $0 == " " }
      if depth == 0, inString == nil, !text.isEmpty, !text.hasPrefix("//"), !text.hasPrefix("import ") {
        lines.append(text)
      }
      var characters = Array(line)[...]
      while let character = characters.popFirst() {
        if let open = inString {
          if character == "\\" && open.raw == 0 {
            _ = characters.popFirst()
          } else if character == "\"" {
            let quotes = open.multiline ? 2 : 0
            let closing =
              characters.prefix(quotes).allSatisfy { $0 == "\"" }
              && characters.dropFirst(quotes).prefix(open.raw).allSatisfy { $0 == "#" }
              && characters.count >= quotes + open.raw
            if closing {
              characters = characters.dropFirst(quotes + open.raw)
              inString = nil
            }
          }
          continue
        }
        switch character {
        case "/" where characters.first == "/": characters = []
        case "(", "[", "{": depth += 1
        case ")", "]", "}": depth -= 1
        case "#", "\"":
          let hashes = character == "#" ? 1 + characters.prefix { $0 == "#" }.count : 0
          let rest = characters.dropFirst(max(hashes - 1, 0))
          guard character == "\"" || rest.first == "\"" else { continue }
          let afterQuote = character == "\"" ? characters : rest.dropFirst()
          let multiline = afterQuote.prefix(2).elementsEqual(["\"", "\""])
          characters = afterQuote.dropFirst(multiline ? 2 : 0)
          inString = (hashes, multiline)
        default: break
        }
      }
      if let open = inString, !open.multiline { inString = nil }  // an unclosed one-line string
    }
    return lines
  }

  /// The Swift source that compiles the block at its place: `preamble` first (the imports every block
  /// may use without writing them), then the code behind a `#sourceLocation` naming ``path`` and
  /// ``line``. A block of statements becomes the body of a throwing function (its imports are moved
  /// out of it, keeping the line count).
  ///
  /// - Parameters:
  ///   - preamble: Lines put before the block, each ending in a newline.
  ///   - wrappingStatements: Whether a block of statements becomes a function body; when false, every
  ///     block is a file (its `let`s are globals).
  public func sourceText(preamble: String = "", wrappingStatements: Bool = true) -> String {
    var header = preamble
    var body = code
    let statements = wrappingStatements && !compilesAsFile
    if statements {
      header += self.imports.map { "import \($0)\n" }.joined()
      body = code.split(separator: "\n", omittingEmptySubsequences: false).map {
        $0.drop { $0 == " " }.hasPrefix("import ") ? "" : $0
      }.joined(separator: "\n")
    }
    let located = "#sourceLocation(file: \"\(path)\", line: \(line))\n\(body)\n#sourceLocation()\n"
    return statements ? header + "private func snippet() throws {\n\(located)}\n" : header + located
  }

  /// The ```swift blocks of the Markdown page `text`, at `path`.
  public static func markdown(_ text: String, path: String) -> [CodeBlock] {
    var blocks: [CodeBlock] = []
    var current: (line: Int, lines: [String])?
    for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
      if var open = current {
        if line.hasPrefix("```") {
          blocks.append(
            CodeBlock(path: path, line: open.line, code: open.lines.joined(separator: "\n") + "\n"))
          current = nil
        } else {
          open.lines.append(String(line))
          current = open
        }
      } else if line == "```swift" {
        current = (index + 2, [])
      }
    }
    return blocks
  }

  /// The ```swift blocks of the `///` doc comments of the Swift file `source`, at `path`.
  ///
  /// - Throws: ``UnclosedBlock`` when a doc comment ends inside a block.
  public static func docComments(_ source: String, path: String) throws(UnclosedBlock) -> [CodeBlock] {
    var blocks: [CodeBlock] = []
    var current: (line: Int, lines: [String])?
    for (index, line) in source.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
      let indent = line.prefix { $0 == " " || $0 == "\t" }
      let rest = line.dropFirst(indent.count)
      guard rest.hasPrefix("///"), !rest.hasPrefix("////") else {
        if let open = current { throw UnclosedBlock(path: path, line: open.line - 1) }
        continue
      }
      let marker = rest.dropFirst(3).hasPrefix(" ") ? 4 : 3
      let text = rest.dropFirst(marker)
      if var open = current {
        if text.drop(while: { $0 == " " }).hasPrefix("```") {
          blocks.append(
            CodeBlock(path: path, line: open.line, code: open.lines.joined(separator: "\n") + "\n"))
          current = nil
        } else {
          // The marker becomes spaces, so every column stays where it is in the file.
          open.lines.append(text.isEmpty ? "" : String(repeating: " ", count: indent.count + marker) + text)
          current = open
        }
      } else if text.trimmingCharacters(in: .whitespaces) == "```swift" {
        current = (index + 2, [])
      }
    }
    if let open = current { throw UnclosedBlock(path: path, line: open.line - 1) }
    return blocks
  }

  /// A doc comment that ends inside a ```swift block.
  public struct UnclosedBlock: Error, CustomStringConvertible {
    public var path: String
    /// The line of the opening fence.
    public var line: Int
    public var description: String {
      "\(path):\(line): error: the ```swift block is not closed in its doc comment"
    }
  }
}
