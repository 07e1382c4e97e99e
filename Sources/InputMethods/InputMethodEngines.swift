/// The registry of input-method engines available on this machine.
///
/// Names: `anthy`; `hangul:<id>` for each libhangul keyboard (`hangul:2`, `hangul:3f`, …);
/// `m17n:<lang>-<name>` for each m17n-db input method (`m17n:zh-py`, `m17n:ko-han2`, …).
///
/// ```swift
/// let engine = try InputMethodEngines.engine(named: "m17n:zh-py")
/// InputMethodEngines.availableNames().first  // "anthy"
/// ```
package enum InputMethodEngines {
  /// The engine called `name`.
  ///
  /// - Parameter name: An engine name, exactly as `availableNames()` lists it.
  /// - Returns: The engine; nothing is opened until it traces.
  /// - Throws: `EngineError.unknownEngine` (with the valid names and a did-you-mean) for a name that is
  ///   not available, `EngineError.unsupported` for `m17n:ja-anthy`.
  package static func engine(named name: String) throws(EngineError) -> any InputMethodEngine {
    if name == AnthyEngine().name { return AnthyEngine() }
    if name.hasPrefix(HangulEngine.prefix) {
      let keyboard = String(name.dropFirst(HangulEngine.prefix.count))
      if HangulEngine.keyboardIDs().contains(keyboard) { return HangulEngine(keyboard: keyboard) }
    }
    if name.hasPrefix(M17NEngine.prefix) {
      let key = String(name.dropFirst(M17NEngine.prefix.count))
      if let reason = M17NEngine.unsupportedMethods[key] { throw .unsupported(name, reason: reason) }
      if M17NEngine.availableMethodKeys().contains(key) { return M17NEngine(methodKey: key) }
    }
    throw .unknownEngine(name, available: availableNames())
  }

  /// Every engine name `engine(named:)` accepts, sorted.
  package static func availableNames() -> [String] {
    let names =
      [AnthyEngine().name]
      + HangulEngine.keyboardIDs().map { HangulEngine.prefix + $0 }
      + M17NEngine.availableMethodKeys().map { M17NEngine.prefix + $0 }
    return names.sorted()
  }
}
