import Testing

@testable import InputMethods

struct InputMethodEnginesTests {
  @Test func `available names cover the three families, sorted and unique`() {
    let names = InputMethodEngines.availableNames()
    #expect(names == names.sorted())
    #expect(Set(names).count == names.count)
    for expected in [
      "anthy", "hangul:2", "hangul:3f", "hangul:39", "m17n:zh-py", "m17n:zh-bopomofo", "m17n:ko-han2",
    ] {
      #expect(names.contains(expected), "\(expected) missing")
    }
    #expect(!names.contains("m17n:ja-anthy"))
  }

  @Test func `every available name opens an engine of that name`() throws {
    for name in InputMethodEngines.availableNames() {
      #expect(try InputMethodEngines.engine(named: name).name == name)
    }
  }

  @Test func `unknown engine suggests a close name, or sums up the families`() throws {
    let error = #expect(throws: EngineError.self) { try InputMethodEngines.engine(named: "m17n:zh-pyy") }
    let available = InputMethodEngines.availableNames()
    #expect(error == .unknownEngine("m17n:zh-pyy", available: available))
    #expect(error?.message == "unknown input method engine 'm17n:zh-pyy'; did you mean 'm17n:zh-py'?")
    let far = #expect(throws: EngineError.self) { try InputMethodEngines.engine(named: "wubi") }
    let m17nCount = available.filter { $0.hasPrefix("m17n:") }.count
    #expect(
      far?.message
        == "unknown input method engine 'wubi'; expected 'anthy', 'hangul:<keyboard>' "
        + "(2, 2y, 32, 39, 3f, 3s, 3y, ahn, ro) or 'm17n:<lang>-<name>' (\(m17nCount) input methods, "
        + "such as 'm17n:zh-py'); 'qapass trace --list-engines' lists them all")
  }

  @Test func `a name without its family prefix suggests the prefixed one`() {
    let error = #expect(throws: EngineError.self) { try InputMethodEngines.engine(named: "zh-py") }
    #expect(
      error?.message.hasPrefix("unknown input method engine 'zh-py'; did you mean 'm17n:zh-py'?") == true)
    let hangul = #expect(throws: EngineError.self) { try InputMethodEngines.engine(named: "3f") }
    #expect(hangul?.message.hasPrefix("unknown input method engine '3f'; did you mean 'hangul:3f'?") == true)
  }

  @Test func `an unknown libhangul keyboard is an unknown engine`() {
    // hangul_ic_new would silently fall back to a default keyboard; the registry must not.
    #expect(throws: EngineError.self) { try InputMethodEngines.engine(named: "hangul:9") }
    #expect(throws: EngineError.engineFailure("hangul:9", reason: "libhangul has no keyboard '9'")) {
      try HangulEngine(keyboard: "9").trace(KeystrokeRecipe.parse("g"))
    }
  }

  @Test func `m17n ja-anthy is refused with the reason and the alternative`() {
    let error = #expect(throws: EngineError.self) { try InputMethodEngines.engine(named: "m17n:ja-anthy") }
    #expect(
      error?.message
        == "input method engine 'm17n:ja-anthy' is not supported: Debian's libmimx-anthy exchanges EUC-JP "
        + "with a UTF-8 Anthy, so conversion yields garbage; use the 'anthy' engine, which drives Anthy directly"
    )
  }
}
