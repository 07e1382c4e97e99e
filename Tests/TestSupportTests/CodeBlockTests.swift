import TestSupport
import Testing

struct CodeBlockTests {
  @Test func `a doc comment's block keeps the file's lines and columns`() throws {
    let source = """
      extension Clock {
        /// Now.
        ///
        /// ```swift
        /// let now = clock.now()
        ///
        ///   .seconds
        /// ```
        func now() -> Int { 0 }
        /// ```text
        /// not Swift
        /// ```
      }
      """
    let blocks = try CodeBlock.docComments(source, path: "Sources/M/Clock.swift")
    #expect(blocks.count == 1)
    #expect(blocks.first?.line == 5)
    // `let` stood in column 7 of line 5, `.seconds` in column 9 of line 7.
    #expect(blocks.first?.code == "      let now = clock.now()\n\n        .seconds\n")
  }

  @Test func `a block left open at the end of its doc comment is an error at its fence`() {
    let source = "/// ```swift\n/// let a = 1\nstruct A {}\n"
    #expect(throws: CodeBlock.UnclosedBlock.self) { try CodeBlock.docComments(source, path: "A.swift") }
    do {
      _ = try CodeBlock.docComments(source, path: "A.swift")
    } catch {
      #expect(error.description == "A.swift:1: error: the ```swift block is not closed in its doc comment")
    }
  }

  struct Shape: Sendable, CustomTestStringConvertible {
    var testDescription: String
    var code: String
    var isFile: Bool
  }

  @Test(arguments: [
    Shape(testDescription: "statements", code: "let a = 1\nprint(a)\n", isFile: false),
    Shape(
      testDescription: "a local type used by statements", code: "struct A {}\nlet a = A()\n", isFile: false),
    Shape(
      testDescription: "types only", code: "struct A {\n  let b = 1\n}\nfinal class C {}\n", isFile: true),
    Shape(testDescription: "an extension", code: "extension A {}\nlet b = 1\n", isFile: true),
    Shape(testDescription: "an attribute", code: "import Testing\n\n@Test func t() {}\n", isFile: true),
    // A brace counted inside a string or comment would hide the extension and make these statements.
    Shape(
      testDescription: "braces inside strings and comments", code: "let a = \"{\" // {\nextension B {}\n",
      isFile: true),
    Shape(
      testDescription: "a multi-line string", code: "let text = \"\"\"\n  {\n  \"\"\"\nextension X {}\n",
      isFile: true),
    Shape(testDescription: "a raw string", code: "let r = #\"a\"{\"#\nextension C {}\n", isFile: true),
  ])
  func `a block of declarations is a file, any other the body of a function`(_ shape: Shape) throws {
    let block = try #require(CodeBlock.markdown("```swift\n\(shape.code)```\n", path: "p.md").first)
    #expect(block.compilesAsFile == shape.isFile)
    #expect(block.sourceText().contains("private func snippet() throws {") == !shape.isFile)
    #expect(block.sourceText().contains("#sourceLocation(file: \"p.md\", line: 2)\n"))
  }
}
