import TestSupport
import Testing

/// Names, labels and matrix values are printed in the scripts of `simulator-setup`, in commands and on
/// terminals, so `lint` refuses a control character or a line break in them, at the value (issue 32: a
/// line break in `language:` or a keyboard's `label:` left a `#` comment of the printed script and ran).
struct OneLineTextTests {
  struct Case: Sendable, CustomTestStringConvertible {
    var name: String
    var file: MarkedText
    var message: String
    var testDescription: String { name }
  }

  /// A sound matrix with `replacing` replaced by `with` (which marks the value at fault with 1️⃣).
  static func file(_ replacing: String, with text: String) -> MarkedText {
    let sound = OSSpellingTests.file(extra: "\n  language: [ja, en]").text
    return MarkedText(sound.replacingOccurrences(of: replacing, with: text))
  }

  static func message(_ what: String, _ code: String) -> String {
    "\(what) holds U+\(code), a control character or line break; it is printed in scripts and commands and "
      + "on terminals, so it must be one line of printable text"
  }

  static let refused = [
    Case(
      name: "a line break in a free dimension's value",
      file: file("language: [ja, en]", with: #"language: [ja, 1️⃣"en\ntouch /tmp/owned"]"#),
      message: message("a value of matrix dimension 'language'", "000A")),
    Case(
      name: "ESC in a free dimension's name",
      file: file("language: [ja, en]", with: #"1️⃣"lang\euage": [ja]"#),
      message: message("the matrix dimension name", "001B")),
    Case(
      name: "a line break in an include entry",
      file: file("language: [ja, en]", with: "language: [ja]\n  include:\n    - {language: 1️⃣\"ja\\rx\"}"),
      message: message("a value in 'include'", "000D")),
    Case(
      name: "a line break in an input method's label",
      file: file("{id: zh-pinyin,", with: #"{id: zh-pinyin, label: 1️⃣"Pinyin\n touch /tmp/owned","#),
      message: message("'label'", "000A")),
    Case(
      name: "BEL in a device's name",
      file: file("name: iPhone 11,", with: #"name: 1️⃣"iPhone\a 11","#),
      message: message("'name'", "0007")),
    Case(
      name: "a C1 control in the matrix's name",
      file: file("name: OS spellings", with: #"name: 1️⃣"OS\u009B31m""#),
      message: message("'name'", "009B")),
    Case(
      name: "a tab in the build", file: file("name: OS spellings", with: "name: x\nbuild: 1️⃣\"1.0\\t(1)\""),
      message: message("'build'", "0009")),
  ]

  @Test(arguments: refused)
  func `a control character in a printed name or value is refused at the value`(_ c: Case) {
    #expect(OSSpellingTests.diagnostics(c.file.text) == ["\(c.file.place(1)): error: \(c.message)"])
  }

  @Test func `printable text of any script passes`() {
    let file = Self.file("name: OS spellings", with: "name: \"Fiche — 中文 · 한국어 ‹ok›\"")
    #expect(OSSpellingTests.diagnostics(file.text) == [])
  }
}
