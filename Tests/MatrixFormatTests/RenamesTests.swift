import Diagnostics
import MatrixFormat
import Testing

/// `renamed_from:` on catalog entries: the ids input methods, devices and fields had before, so
/// observations follow a rename (issue 22, point 5).
struct RenamesTests {
  /// A matrix whose entries carry the `renamed_from:` lines given (`@IM`, `@DEVICE`, `@FIELD` are
  /// replaced by them, or removed).
  static func matrix(inputMethod: String = "", device: String = "", field: String = "") -> [UInt8] {
    Array(
      """
      version: 1
      name: Renames
      input_methods:
        - id: ko-dubeolsik
          keyboard: ko_KR@sw=Korean;hw=Automatic
          recipe: qkrtjdus
          expect: 박서연\(inputMethod)
        - id: ja-romaji
          keyboard: ja_JP-Romaji@sw=QWERTY-Japanese;hw=Automatic
          recipe: yamada
          expect: 山田
      devices:
        - id: iphone-15-blue
          name: iPhone 15
          kind: device
          haptics: true
          os: {min: "18.0"}\(device)
      fields:
        - id: given-name
          rules: [required]\(field)
      matrix:
        os: ["26.x"]
        input_method: [ko-dubeolsik, ja-romaji]
        device: [iphone-15-blue]

      """.utf8)
  }

  static func load(_ bytes: [UInt8]) -> Result<MatrixFile, DiagnosticList> {
    do {
      guard case .qapass(let file) = try MatrixDocument.load(path: "m.yaml", bytes: bytes).document else {
        return .failure(DiagnosticList([]))
      }
      return .success(file)
    } catch {
      return .failure(error)
    }
  }

  @Test func `renamed_from takes one id or a list, on input methods, devices and fields`() throws {
    let bytes = Self.matrix(
      inputMethod: "\n    renamed_from: [ko-2set, ko-2]", device: "\n    renamed_from: phone-a",
      field: "\n    renamed_from: [name]")
    let file = try Self.load(bytes).get()
    #expect(file.renames.inputMethods == ["ko-dubeolsik": ["ko-2set", "ko-2"]])
    #expect(file.renames.devices == ["iphone-15-blue": ["phone-a"]])
    #expect(file.renames.fields == ["given-name": ["name"]])
    // Without the key nothing is renamed.
    #expect(try Self.load(Self.matrix()).get().renames.isEmpty)
  }

  struct Mistake: Sendable, CustomTestStringConvertible {
    var lines: String
    var expected: String
    var testDescription: String { expected }
  }

  @Test(arguments: [
    Mistake(
      lines: "\n    renamed_from: [ja-romaji]",
      expected:
        "8:20: 'ja-romaji' is still an input method of this file, so it cannot be a former id of 'ko-dubeolsik'; remove one of them"
    ),
    Mistake(
      lines: "\n    renamed_from: ko-dubeolsik",
      expected: "8:19: input method 'ko-dubeolsik' cannot be renamed from its own id"),
    Mistake(
      lines: "\n    renamed_from: []",
      expected:
        "8:19: 'renamed_from' of input method 'ko-dubeolsik' is empty; name the ids it had before, or remove the key"
    ),
    Mistake(
      lines: "\n    renamed_from: [ko 2set]",
      expected:
        "8:20: a former input method id 'ko 2set' must be non-empty and use only ASCII letters, digits, '-', '_' and '.'"
    ),
  ])
  func `a former id that cannot name one entry is an error at its place`(_ mistake: Mistake) throws {
    guard case .failure(let list) = Self.load(Self.matrix(inputMethod: mistake.lines)) else {
      Issue.record("the file loaded")
      return
    }
    let errors = list.diagnostics.filter { $0.severity == .error }.map {
      "\($0.location.map { "\($0.line):\($0.column)" } ?? "-"): \($0.message)"
    }
    #expect(errors == [mistake.expected])
  }

  @Test func `an old id claimed by two entries is an error at the second, with a note at the first`() throws {
    let bytes = Self.matrix(inputMethod: "\n    renamed_from: [ko-2set]")
    let text = String(decoding: bytes, as: UTF8.self).replacingOccurrences(
      of: "    expect: 山田\n", with: "    expect: 山田\n    renamed_from: ko-2set\n")
    guard case .failure(let list) = Self.load(Array(text.utf8)) else {
      Issue.record("the file loaded")
      return
    }
    let error = try #require(list.diagnostics.first { $0.severity == .error })
    #expect(
      error.message
        == "'ko-2set' is already a former id of input method 'ko-dubeolsik'; an old id can name only one input method now"
    )
    #expect(error.location == TextPosition(line: 13, column: 19))
    #expect(error.notes.map(\.location) == [TextPosition(line: 8, column: 20)])
  }
}
