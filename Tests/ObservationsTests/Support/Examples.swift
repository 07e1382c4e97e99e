import Diagnostics
import QAModel

@testable import Observations

/// A small plan: three items on an iPhone session (one haptic) and one on an iPad session.
enum Examples {
  static let pinyin = ObservableItem(
    id: "manual.ime.m1.iphone-16e.26.x.zh-pinyin", textVersion: 2, device: "iphone-16e", os: "26.x",
    title: "Pinyin: type zhongwen, pick 中文; the name field accepts it")
  static let kana = ObservableItem(
    id: "manual.ime.m2.iphone-16e.26.x.ja-romaji", textVersion: 1, device: "iphone-16e", os: "26.x",
    title: "Kana-kanji: Return that confirms 山田 does not submit")
  static let haptic = ObservableItem(
    id: "manual.haptic.h1.iphone-16e.26.x", textVersion: 1, device: "iphone-16e", os: "26.x",
    title: "Saving plays the confirmation haptic\n(one sharp tap)",
    hapticFingerprint: "sha256:1a2b3c4d5e6f", hapticParameters: ["sharpness": "0.5", "intensity": "1.0"])
  static let ipad = ObservableItem(
    id: "manual.ime.m1.ipad-air.26.x.zh-pinyin", textVersion: 2, device: "ipad-air", os: "26.x",
    title: "Pinyin on iPad")

  static let iphoneItems = [pinyin, kana, haptic]
  static let catalog = ObservableCatalog(
    items: [pinyin, kana, haptic, ipad], build: "4.12.0 (812)", planFingerprint: "sha256:0f1e2d3c")

  static func time(_ text: String) -> Timestamp {
    (try? Timestamp.parse(text)) ?? Timestamp(secondsSince1970: 0)
  }

  /// A recorded observation of `item`.
  static func observation(
    _ item: ObservableItem, _ result: Outcome, at time: String, tester: String = "mei",
    build: String? = "4.12.0 (812)"
  ) -> Observation {
    Observation(item: item, result: result, tester: tester, time: Self.time(time), build: build)
  }
}

/// Text with position markers (`1️⃣`, `2️⃣`, …) removed, and where each marker was, as swift-format's
/// tests mark findings.
struct Marked {
  let text: String
  private let markers: [String: TextPosition]

  init(_ marked: String) {
    var text = ""
    var markers: [String: TextPosition] = [:]
    var line = 1
    var column = 1
    for character in marked {
      if character.unicodeScalars.count > 1, character.unicodeScalars.last == "\u{20E3}" {
        markers[String(character)] = TextPosition(line: line, column: column)
        continue
      }
      text.append(character)
      if character == "\n" {
        line += 1
        column = 1
      } else {
        column += character.unicodeScalars.count
      }
    }
    self.text = text
    self.markers = markers
  }

  /// Where `marker` was; 0:0 when it is not in the text (which fails the comparison).
  subscript(_ marker: String) -> TextPosition {
    markers[marker] ?? TextPosition(line: 0, column: 0)
  }

  var file: ObservationFile { ObservationFile(path: "sheets/iphone.yaml", text: text) }
}
