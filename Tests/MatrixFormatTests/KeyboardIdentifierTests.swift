import Diagnostics
import MatrixFormat
import TestSupport
import Testing

/// Well-formed but wrong keyboard identifiers are warned with the nearest one qapass knows (issue 23:
/// `zh_Hans-Zhuyin@sw=Zhuyin` and `ja_JP-Kana@sw=Kana-Flick` passed lint).
struct KeyboardIdentifierTests {
  static func warning(_ identifier: String, nearest: String) -> String {
    "keyboard '\(identifier)' is not an iOS keyboard identifier qapass knows (DOMAIN 3.3); did you mean "
      + "'\(nearest)'? If it is right, confirm it in the AppleKeyboards list of a device that has the keyboard: "
      + "simulator-setup writes it there"
  }

  @Test(arguments: [
    // Zhuyin is a Traditional Chinese keyboard (DOMAIN 3.3).
    ("zh_Hans-Zhuyin@sw=Zhuyin", "zh_Hant-Zhuyin@sw=Zhuyin"),
    ("ja_JP-Kana@sw=Kana-Flick", "ja_JP-Kana@sw=Kana;hw=Automatic"),
    // The identifier's own hardware part is kept.
    ("zh_Hans-Zhuyin@sw=Zhuyin;hw=US", "zh_Hant-Zhuyin@sw=Zhuyin;hw=US"),
    ("zh_Hans-Pinyin@sw=Pinyin;hw=Automatic", "zh_Hans-Pinyin@sw=Pinyin-Simplified;hw=Automatic"),
  ])
  func `a wrong identifier is a warning at the keyboard, naming the nearest known one`(
    identifier: String, nearest: String
  ) throws {
    let marked = MarkedText(
      """
      version: 1
      name: Keyboards
      input_methods:
        - {id: im, keyboard: 1️⃣\(identifier), recipe: a, expect: a}
      devices:
        - {id: iphone-11, name: iPhone 11, kind: device, haptics: true, os: {min: "13.0"}}
      matrix:
        os: ["26.x"]
        input_method: [im]
        device: [iphone-11]

      """)
    let (_, warnings) = try MatrixDocument.load(path: "m.yaml", bytes: Array(marked.text.utf8))
    #expect(
      warnings.map {
        "\($0.location.map { "\($0.line):\($0.column)" } ?? "-"): \($0.severity): \($0.message)"
      }
        == ["\(marked.place(1)): warning: \(Self.warning(identifier, nearest: nearest))"])
  }

  @Test func `every known identifier is clean, with any hardware part`() {
    // The negative control: nothing qapass knows is warned, whatever ;hw= a device dump writes.
    for identifier in KeyboardIdentifier.known {
      let bare = String(KeyboardIdentifier.bare(identifier))
      for spelling in [identifier, bare, bare + ";hw=US"] {
        #expect(KeyboardIdentifier.unknownWarning(for: spelling) == nil, "\(spelling)")
        #expect(KeyboardIdentifier.problem(with: spelling) == nil, "\(spelling)")
      }
    }
  }

  @Test func `the nearest known one is of the same language when qapass knows any`() {
    #expect(
      KeyboardIdentifier.nearestKnown(to: "zh_Hant-Pinyin@sw=Pinyin10-Traditional")?.hasPrefix("zh_") == true)
    #expect(
      KeyboardIdentifier.nearestKnown(to: "ko_KR@sw=Korean10Key-Flick") == "ko_KR@sw=Korean10Key;hw=Automatic"
    )
    // A language qapass knows nothing of still gets the nearest identifier it knows.
    #expect(
      KeyboardIdentifier.nearestKnown(to: "yue_Hant-Cangjie@sw=Cangjie") == "zh_Hant-Cangjie@sw=Cangjie")
  }

  @Test func `a malformed identifier stays an error, never only a warning`() {
    #expect(KeyboardIdentifier.problem(with: "ko_KR@sw=Korean - 2 Set") != nil)
    #expect(KeyboardIdentifier.problem(with: "zh_Hans@sw=Pinyin-Simplified") != nil)
  }
}
