import CoveringArrays
import Diagnostics
import QAModel
import Testing

@testable import Observations

struct ItemIDSuggesterTests {
  /// Plan-like ids: sessions x scenarios.
  static let ids: [String] =
    (0..<12).flatMap { device in
      ["m1.zh-pinyin", "m2.ja-romaji", "m3.ko-2set", "h1"].map { "manual.\($0).device-\(device).26.x" }
    } + ["a", "ab", "manual.x"]

  /// Typos of every kind: substitutions, insertions, deletions, transpositions, case, up to 4 edits.
  static func typos(seed: UInt64) -> [String] {
    var random = SplitMix64(seed: seed)
    var words: [String] = ["", "a", "b", "abc", "MANUAL.H1.DEVICE-3.26.X", "manual.h1.device-12.26.x"]
    for _ in 0..<80 {
      var scalars = Array(ids[Int(random.next() % UInt64(ids.count))].unicodeScalars)
      for _ in 0..<Int(random.next() % 5) where !scalars.isEmpty {
        let at = Int(random.next() % UInt64(scalars.count))
        switch random.next() % 4 {
        case 0: scalars[at] = "q"
        case 1: scalars.insert("z", at: at)
        case 2: scalars.remove(at: at)
        default:
          if at + 1 < scalars.count { scalars.swapAt(at, at + 1) }
        }
      }
      var word = ""
      word.unicodeScalars.append(contentsOf: scalars)
      words.append(word)
    }
    return words
  }

  @Test func `hints match Suggestion.hint exactly`() {
    let suggester = ItemIDSuggester(ids: Self.ids, listLimit: 5)
    var close = 0
    for word in Self.typos(seed: 7) {
      let expected = Suggestion.hint(for: word, among: Self.ids, listLimit: 5)
      #expect(suggester.hint(for: word) == expected, "\(word)")
      if expected.hasPrefix("; did you mean") { close += 1 }
    }
    // Both kinds of answer were exercised.
    #expect(close > 10 && close < 80)
  }

  @Test func `small catalogs list their ids like Suggestion.hint`() {
    for ids in [[], ["a"], ["b", "a"], ["manual.one", "manual.two", "manual.three"]] {
      let suggester = ItemIDSuggester(ids: ids, listLimit: 5)
      #expect(suggester.hint(for: "zzzzzzzz") == Suggestion.hint(for: "zzzzzzzz", among: ids, listLimit: 5))
    }
  }
}

struct ObservableCatalogTests {
  @Test func `sessions and their items in plan order`() {
    #expect(Examples.catalog.sessions.map(\.description) == ["iphone-16e.26.x", "ipad-air.26.x"])
    #expect(
      Examples.catalog.items(inSession: SessionID(device: "iphone-16e", os: "26.x")) == Examples.iphoneItems)
    #expect(Examples.catalog.items(inSession: SessionID(device: "nowhere", os: "26.x")).isEmpty)
  }

  @Test func `an unknown id gets the hint ingest gives`() {
    #expect(
      Examples.catalog.hint(forUnknownID: "manual.haptic.h1.iphone-16e.26.y")
        == "; did you mean 'manual.haptic.h1.iphone-16e.26.x'?")
    #expect(Examples.catalog.item("manual.haptic.h1.iphone-16e.26.x") == Examples.haptic)
    #expect(Examples.catalog.item("manual.haptic.h1.iphone-16e.26.y") == nil)
  }
}
