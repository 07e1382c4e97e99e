import Foundation
import TestSupport
import Testing

@testable import QAPassCLI

/// `lint`'s verdict check (issue 21, "Every text an item types, pastes or leaves after a delete has a
/// verdict before export"): a team matrix whose every text is judged lints clean and says so; a text
/// without a verdict is an error at the place it comes from, with the caret, and exit 65; a sample
/// that overrules a built-in rule is a warning at the sample.
struct LintVerdictTests {
  static let team = "Tests/ScenarioEngineTests/Fixtures/team-names.yaml"

  /// The team matrix with `replace` replaced, linted in a fresh folder as `m.yaml`.
  static func lint(replacing replace: String, with replacement: String) throws -> (run: ToolRun, text: String)
  {
    let original = try String(contentsOf: repositoryRoot.appendingPathComponent(team), encoding: .utf8)
    let range = try #require(original.range(of: replace))
    let text = original.replacingCharacters(in: range, with: replacement)
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("qapass-lint-\(UUID())")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    try text.write(to: directory.appendingPathComponent("m.yaml"), atomically: true, encoding: .utf8)
    return (qapass("lint", "m.yaml", in: directory), text)
  }

  /// `line:column` of the first `needle` in `text`, 1-based, columns in characters.
  static func place(of needle: String, in text: String) throws -> (line: Int, column: Int) {
    let range = try #require(text.range(of: needle))
    let before = text[..<range.lowerBound]
    let line = before.filter { $0 == "\n" }.count + 1
    let lineStart = before.lastIndex(of: "\n").map { before.index(after: $0) } ?? before.startIndex
    let column = before.distance(from: lineStart, to: before.endIndex) + 1
    return (line, column)
  }

  /// Expects `err` to open with `message` at `at`, then the source line and a caret under the column.
  static func expectFirst(
    _ err: String, at: (line: Int, column: Int), _ message: String,
    sourceLocation: SourceLocation = #_sourceLocation
  ) {
    let lines = err.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    #expect(lines.first == "m.yaml:\(at.line):\(at.column): " + message, sourceLocation: sourceLocation)
    #expect(
      lines.count > 2 && lines[2].hasSuffix(String(repeating: " ", count: at.column - 1) + "^"),
      sourceLocation: sourceLocation)
  }

  @Test(.needsEngines) func `a team matrix whose every text has a verdict lints clean and says so`() {
    let run = qapass("lint", Self.team)
    #expect(run.code == .success)
    #expect(run.err == "")
    #expect(
      run.out.contains(
        "  verdicts: every text the 212 automated field items type, paste or leave has one (9 from the "
          + "fields' samples)\n"))
  }

  @Test(.needsEngines) func `a regex field's text its samples do not hold is an error at its place`() throws {
    // たかは is what one delete leaves of たかはし: without it in the samples, nothing can judge it.
    let (run, text) = try Self.lint(
      replacing: "valid: [たかはし, たかは, たか, た, わたなべ]", with: "valid: [たかはし, たか, た, わたなべ]")
    #expect(run.code == .dataError)
    let at = try Self.place(of: "{id: ja-romaji, recipe: \"takahashi{Return}\"", in: text)
    let message: String =
      "error: field 'furigana' has no verdict for a text input method 'ja-romaji' leaves in it (3 automated "
      + "items): what one delete leaves of its 'expect', 'たかは'. Its regex rule '[ぁ-ゖー]+' is judged only by the "
      + "field's samples: list it under 'samples:' as valid, invalid or incomplete ('qapass trace --engine "
      + "anthy RECIPE' prints the text after each key)"
    Self.expectFirst(run.err, at: at, message)
    #expect(run.out == "")
  }

  @Test(.needsEngines) func `every text without a verdict is named, the commit and the steps too`() throws {
    let (run, _) = try Self.lint(replacing: "valid: [たかはし, たかは, たか, た, わたなべ]", with: "valid: [わたなべ]")
    #expect(run.code == .dataError)
    let message: String =
      "m.yaml:54:9: error: field 'furigana' has no verdict for 4 texts input method 'ja-romaji' leaves in it (16 "
      + "automated items): the text its recipe commits (its 'expect'), 'たかはし'; what one delete leaves of its "
      + "'expect', 'たかは'; what 2 deletes leave of its 'expect', 'たか'; what 3 deletes leave of its 'expect', "
      + "'た'. "
      + "Its regex rule '[ぁ-ゖー]+' is judged only by the field's samples: list them under"
    #expect(run.err.hasPrefix(message))
  }

  @Test(.needsEngines) func `a sample that overrules a built-in rule is a warning at the sample`() throws {
    let (run, text) = try Self.lint(
      replacing: "    input_methods: [zh-pinyin]\n",
      with: "    input_methods: [zh-pinyin]\n    samples: {valid: [王伟, \"王 伟\"]}\n")
    #expect(run.code == .success)
    let at = try Self.place(of: "\"王 伟\"", in: text)
    let message: String =
      "warning: field 'name' lists this text as valid, but its rules (required, han-name) say invalid by their "
      + "definitions: the pack expects valid, the team's decision, and qapass's own core follows it too; keep "
      + "the sample only if the app decides otherwise on purpose"
    Self.expectFirst(run.err, at: at, message)
    // 王伟 agrees with the rules: one warning only.
    #expect(run.err.components(separatedBy: "warning:").count == 2)
    #expect(run.out.contains("(11 from the fields' samples)"))
  }

  // Issue 34: lint accepted regex samples that contradict the pattern.
  @Test(.needsEngines) func `a valid sample its pattern does not match is an error at the sample`() throws {
    let (run, text) = try Self.lint(
      replacing: "rules: [required, {regex: \"[ぁ-ゖー]+\"}]",
      with: "rules: [required, {regex: \"[ぁ-ゖー]{2,16}\"}]")
    #expect(run.code == .dataError)
    let at = try Self.place(of: "た, わたなべ", in: text)
    Self.expectFirst(
      run.err, at: at,
      "error: field 'furigana' lists this text as valid, but its regex '[ぁ-ゖー]{2,16}' does not match the whole "
        + "of it: the app refuses a text its pattern does not match; list it as invalid or incomplete, or correct "
        + "the pattern")
    #expect(run.err.components(separatedBy: "error:").count == 2)
  }

  @Test(.needsEngines) func `an invalid or incomplete sample its pattern matches is an error at the sample`()
    throws
  {
    let (run, text) = try Self.lint(
      replacing: "invalid: [高橋, takahashi, タカハシ, 高橋たかはし]",
      with: "invalid: [高橋, takahashi, タカハシ, 高橋たかはし, たかはしー]\n      incomplete: [たかはしし]")
    #expect(run.code == .dataError)
    let invalid = try Self.place(of: "たかはしー", in: text)
    Self.expectFirst(
      run.err, at: invalid,
      "error: field 'furigana' lists this text as invalid, but its regex '[ぁ-ゖー]+' matches the whole of it and "
        + "no other rule of the field refuses it, so the app would accept it; list it as valid, or correct the "
        + "pattern")
    let incomplete = try Self.place(of: "たかはしし", in: text)
    #expect(
      run.err.contains(
        "m.yaml:\(incomplete.line):\(incomplete.column): error: field 'furigana' lists this text as incomplete, "
          + "but its regex '[ぁ-ゖー]+' matches the whole of it and no other rule of the field refuses it, so the "
          + "app would accept it (an incomplete text is one still being typed, which the field refuses)"))
    // 高橋, takahashi and タカハシ: the pattern refuses them, so they are no contradiction.
    #expect(run.err.components(separatedBy: "error:").count == 3)
  }

  // Issue 34: samples that differ only by normalisation were refused as "listed twice".
  @Test(.needsEngines) func `samples that differ only by normalisation are two texts, with a warning`() throws
  {
    let (run, text) = try Self.lint(
      replacing: "    input_methods: [zh-pinyin]\n",
      with: "    input_methods: [zh-pinyin]\n    samples: {valid: [王伟, \"金\\uF929\", \"金\\u6717\"]}\n")
    #expect(run.code == .success, "\(run.err)")
    let at = try Self.place(of: "\"金\\u6717\"", in: text)
    let first = try Self.place(of: "\"金\\uF929\"", in: text)
    Self.expectFirst(
      run.err, at: at,
      "warning: this valid text of field 'name' is canonically equivalent to a valid one listed before, with "
        + "other code points (a normalisation of it); qapass compares texts scalar by scalar, so they are two "
        + "samples (first listed at line \(first.line))")
    #expect(run.out.contains("(12 from the fields' samples)"), "\(run.out)")
    // The same code points twice are still an error.
    let twice = try Self.lint(
      replacing: "    input_methods: [zh-pinyin]\n",
      with: "    input_methods: [zh-pinyin]\n    samples: {valid: [王伟, \"金\\uF929\", \"金\\uF929\"]}\n")
    #expect(twice.run.code == .dataError)
    #expect(twice.run.err.contains("error: this text is listed twice in 'samples.valid' of field 'name'"))
  }

  @Test func `samples are read strictly`() throws {
    let unknown = try Self.lint(replacing: "      invalid: [高橋", with: "      invaild: [高橋")
    #expect(unknown.run.code == .dataError)
    #expect(
      unknown.run.err.hasPrefix(
        "m.yaml:57:7: error: unknown key 'invaild' in 'samples' of field 'furigana'; did you mean 'invalid'?")
    )
    let twice = try Self.lint(replacing: "invalid: [高橋, takahashi", with: "invalid: [たかは, takahashi")
    #expect(twice.run.code == .dataError)
    #expect(
      twice.run.err.hasPrefix(
        "m.yaml:57:17: error: this text of field 'furigana' is listed as invalid and already as valid; a sample "
          + "has one verdict"))
    let first = try Self.place(of: "たかは,", in: twice.text)
    #expect(twice.run.err.contains("m.yaml:\(first.line):\(first.column): note: first listed here"))
    let notText = try Self.lint(
      replacing: "valid: [たかはし, たかは, たか, た, わたなべ]", with: "valid: [たかはし, [たかは], たか, た]")
    let list = try Self.place(of: "[たかは]", in: notText.text)
    #expect(
      notText.run.err.hasPrefix(
        "m.yaml:\(list.line):\(list.column): error: expected a string for a sample text of field 'furigana', found a list"
      ))
  }
}
