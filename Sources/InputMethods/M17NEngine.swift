/// An m17n-lib input method from m17n-db, named `m17n:<lang>-<name>` (`m17n:zh-py`, `m17n:ko-han2`).
///
/// Each key goes through `minput_filter` and `minput_lookup`; the step records the preedit, caret,
/// produced text, the candidate group holding the highlight, and whether the key reaches the
/// application (`minput_lookup` returned -1 for a key `minput_filter` did not absorb).
///
/// ```swift
/// let trace = try M17NEngine(methodKey: "zh-py").trace(.parse("zhongwen3"))
/// trace.committedText  // "中文"
/// ```
package struct M17NEngine: InputMethodEngine {
  /// The engine-name prefix.
  package static let prefix = EngineError.Family.m17n

  /// m17n-db methods that exist but are not offered, with why.
  static let unsupportedMethods: [String: String] = [
    "ja-anthy":
      "Debian's libmimx-anthy exchanges EUC-JP with a UTF-8 Anthy, so conversion yields garbage; "
      + "use the 'anthy' engine, which drives Anthy directly"
  ]

  /// The m17n-db key, `lang-name`.
  package let methodKey: String

  /// The engine for `lang-name` (not checked until `trace(_:)`; `InputMethodEngines` checks names).
  package init(methodKey: String) {
    self.methodKey = methodKey
  }

  /// The engine name: `m17n:<lang>-<name>`, e.g. `m17n:zh-py`.
  package var name: String { Self.prefix + methodKey }

  /// The `lang-name` keys of the usable m17n-db input methods, sorted.
  static func availableMethodKeys() -> [String] {
    NativeInputRuntime.shared.run { session in
      session.m17nCatalog().keys.filter { unsupportedMethods[$0] == nil }.sorted()
    }
  }

  /// Types `recipe` into a fresh input context; see the type's documentation for the key handling.
  package func trace(_ recipe: KeystrokeRecipe) throws(EngineError) -> Trace {
    let engineName = name
    let key = methodKey
    return try NativeInputRuntime.shared.run { session throws(EngineError) -> Trace in
      guard session.ensureM17N() else {
        throw .engineFailure(engineName, reason: "m17n-lib failed to initialise")
      }
      guard let method = session.inputMethod(key) else {
        throw .engineFailure(engineName, reason: "minput_open_im could not open '\(key)' from m17n-db")
      }
      guard let context = M17NInputContext(method: method) else {
        throw .engineFailure(engineName, reason: "minput_create_ic failed")
      }
      var steps: [TraceStep] = []
      steps.reserveCapacity(recipe.keys.count)
      for key in recipe.keys {
        let state = context.press(key.m17nSymbolName)
        steps.append(
          TraceStep(
            key: key,
            preedit: state.preedit,
            cursor: state.cursor,
            committed: state.produced,
            candidates: state.candidates,
            candidateIndex: state.candidateIndex,
            reachesApp: !state.filtered && state.notHandled))
      }
      return Trace(engine: engineName, recipe: recipe.text, steps: steps)
    }
  }
}
