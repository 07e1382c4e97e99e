/// Japanese input: romaji to hiragana with m17n's `ja-anthy` table, kana-kanji conversion with Anthy.
///
/// While composing, keys go to an m17n `ja-anthy` input context, whose preedit turns romaji into
/// hiragana (`n i h o n g o` → `にほんご`). `{space}`/`{Henkan}` is intercepted: the reading is
/// flushed out of m17n and converted by Anthy directly, in UTF-8 (m17n's own Anthy bridge is broken
/// on Debian, see `M17NEngine.unsupportedMethods`). Kana typed directly (a Kana keyboard) append to the
/// reading.
///
/// Composing: `{Return}` commits the hiragana (consumed), `{BackSpace}` deletes the last kana or
/// romaji letter, `{Escape}` discards the composition. With nothing composed these keys, and
/// `{space}`, reach the application.
///
/// Converting: `{space}`/`{Down}`/`{Henkan}` select the next candidate of the current segment (文節),
/// `{Up}` the previous one (both wrap around), digits `1`…`9`,`0` pick the Nth candidate of the page
/// on screen (pages of `candidatePageSize`) and commit, `{Left}`/`{Right}` move between segments,
/// `{Return}` commits (consumed), `{BackSpace}` returns to the hiragana reading, `{Escape}` discards
/// the composition, and any other key commits the conversion and is then typed normally.
///
/// ```swift
/// let trace = try AnthyEngine().trace(.parse("nihongo{space}{Return}"))
/// trace.committedText  // "日本語"
/// ```
package struct AnthyEngine: InputMethodEngine {
  /// How many candidates a page shows, and so how many digits can pick from.
  package static let candidatePageSize = 10

  /// The m17n-db input method that supplies romaji-to-hiragana.
  static let romajiMethod = "ja-anthy"

  package init() {}

  /// The engine name, always `anthy`.
  package var name: String { "anthy" }

  /// Types `recipe` into a fresh input context; see the type's documentation for the key handling.
  package func trace(_ recipe: KeystrokeRecipe) throws(EngineError) -> Trace {
    let engineName = name
    return try NativeInputRuntime.shared.run { session throws(EngineError) -> Trace in
      // Anthy first, so ja-anthy's module finds it initialised with our settings.
      guard session.ensureAnthy() else {
        throw .engineFailure(engineName, reason: "anthy_init failed (is the 'anthy' dictionary installed?)")
      }
      guard session.ensureM17N(), let method = session.inputMethod(Self.romajiMethod) else {
        throw .engineFailure(engineName, reason: "m17n-db input method 'ja-anthy' could not be opened")
      }
      guard let romaji = M17NInputContext(method: method) else {
        throw .engineFailure(engineName, reason: "minput_create_ic failed for 'ja-anthy'")
      }
      guard let converter = AnthyConverter() else {
        throw .engineFailure(engineName, reason: "anthy_create_context failed")
      }
      var composition = Composition(romaji: romaji, converter: converter)
      let steps = recipe.keys.map { composition.press($0) }
      return Trace(engine: engineName, recipe: recipe.text, steps: steps)
    }
  }
}

extension AnthyEngine {
  /// The composition state of one trace.
  struct Composition {
    let romaji: M17NInputContext
    let converter: AnthyConverter

    /// Reading that is not in m17n's preedit: kana typed directly, or a reading restored by
    /// `{BackSpace}` from a conversion. It precedes m17n's preedit.
    var prefix = ""
    /// m17n's preedit and caret after its last key.
    var romajiPreedit = ""
    var romajiCursor = 0
    var conversion: Conversion?

    var isComposing: Bool { conversion != nil || !prefix.isEmpty || !romajiPreedit.isEmpty }

    mutating func press(_ key: Key) -> TraceStep {
      var step = TraceStep(key: key)
      if conversion != nil {
        pressConverting(key, into: &step)
      } else {
        pressComposing(key, into: &step)
      }
      describe(into: &step)
      return step
    }

    // MARK: Composing

    private mutating func pressComposing(_ key: Key, into step: inout TraceStep) {
      switch key.value {
      case .named(.space), .named(.henkan):
        guard isComposing else {
          step.reachesApp = true
          return
        }
        let reading = prefix + flushRomaji()
        prefix = ""
        let segments = converter.convert(reading)
        if segments.isEmpty {
          prefix = reading  // nothing Anthy could convert: stay composing
        } else {
          conversion = Conversion(reading: reading, segments: segments)
        }
      case .named(.escape) where isComposing:
        _ = flushRomaji()
        prefix = ""
      case .named(.backSpace) where romajiPreedit.isEmpty && !prefix.isEmpty:
        prefix.removeLast()
      case .named(.returnKey) where isComposing:
        let state = romaji.press(key.m17nSymbolName)
        record(state)
        step.committed = prefix + state.produced
        prefix = ""
      case .character(let character) where key.asciiCode == nil:
        // A kana from a Kana keyboard: ja-anthy does not take it, but settles pending romaji (n → ん).
        let state = romaji.press(key.m17nSymbolName)
        record(state)
        prefix += state.produced
        if state.notHandled { prefix.append(character) }
      default:
        let state = romaji.press(key.m17nSymbolName)
        record(state)
        if !state.produced.isEmpty || (state.notHandled && !prefix.isEmpty) {
          step.committed = prefix + state.produced
          prefix = ""
        }
        step.reachesApp = !state.filtered && state.notHandled
      }
    }

    /// Commits m17n's preedit into a string (pending `n` becomes `ん`) and resets it.
    private mutating func flushRomaji() -> String {
      guard !romajiPreedit.isEmpty else { return "" }
      let state = romaji.reset()
      record(state)
      return state.produced
    }

    private mutating func record(_ state: M17NInputContext.State) {
      romajiPreedit = state.preedit
      romajiCursor = state.cursor
    }

    // MARK: Converting

    private mutating func pressConverting(_ key: Key, into step: inout TraceStep) {
      guard var current = conversion else { return }
      switch key.value {
      case .named(.space), .named(.down), .named(.henkan):
        current.selectNext(by: 1)
      case .named(.up):
        current.selectNext(by: -1)
      case .named(.left):
        current.segment = max(0, current.segment - 1)
      case .named(.right):
        current.segment = min(current.segments.count - 1, current.segment + 1)
      case .named(.returnKey):
        step.committed = current.text
        conversion = nil
        return
      case .named(.backSpace):
        prefix = current.reading
        conversion = nil
        return
      case .named(.escape):
        conversion = nil
        return
      case .character(let character) where character.isASCII && character.isWholeNumber:
        let digit = character.wholeNumberValue ?? 0
        let offset = digit == 0 ? 9 : digit - 1
        if current.pickOnPage(offset) {
          step.committed = current.text
          conversion = nil
          return
        }
      default:
        // Commit the conversion, then type the key as the start of a new composition.
        conversion = nil
        pressComposing(key, into: &step)
        step.committed = current.text + step.committed
        return
      }
      conversion = current
    }

    // MARK: Reporting

    private func describe(into step: inout TraceStep) {
      if let conversion {
        step.preedit = conversion.text
        step.cursor = conversion.caret
        let (page, index) = conversion.page
        step.candidates = page
        step.candidateIndex = index
      } else {
        step.preedit = prefix + romajiPreedit
        step.cursor = prefix.unicodeScalars.count + romajiCursor
      }
    }
  }

  /// An Anthy conversion in progress: segments, the candidate chosen in each, the current segment.
  struct Conversion {
    var reading: String
    var segments: [AnthyConverter.Segment]
    var chosen: [Int]
    var segment = 0

    init(reading: String, segments: [AnthyConverter.Segment]) {
      self.reading = reading
      self.segments = segments
      self.chosen = Array(repeating: 0, count: segments.count)
    }

    /// The chosen candidates, concatenated: the preedit.
    var text: String {
      zip(segments, chosen).map { $0.candidates[$1] }.joined()
    }

    /// The caret: the end of the current segment, in Unicode scalars.
    var caret: Int {
      zip(segments, chosen).prefix(segment + 1).reduce(0) { $0 + $1.0.candidates[$1.1].unicodeScalars.count }
    }

    /// The page of the current segment's candidates that holds the chosen one, and its index there.
    var page: ([String], Int) {
      let candidates = segments[segment].candidates
      let choice = chosen[segment]
      let start = choice - choice % AnthyEngine.candidatePageSize
      let end = min(candidates.count, start + AnthyEngine.candidatePageSize)
      return (Array(candidates[start..<end]), choice - start)
    }

    mutating func selectNext(by delta: Int) {
      let count = segments[segment].candidates.count
      chosen[segment] = ((chosen[segment] + delta) % count + count) % count
    }

    /// Chooses the candidate at `offset` on the current page; false if the page is shorter.
    mutating func pickOnPage(_ offset: Int) -> Bool {
      let start = chosen[segment] - chosen[segment] % AnthyEngine.candidatePageSize
      guard start + offset < segments[segment].candidates.count else { return false }
      chosen[segment] = start + offset
      return true
    }
  }
}
