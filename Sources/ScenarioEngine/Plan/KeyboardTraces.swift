import Keystrokes

/// The engine traces that word the manual steps: for each input method as a field applies it, the
/// trace of its recipe and what each of its keys gives typed alone.
///
/// Every input method with an engine is traced: its steps follow the recipe's stretches as the engine
/// composes them, and name what the engine gives each key (jamo, bopomofo, radicals). Engines are
/// deterministic, so the plan stays byte-identical.
struct KeyboardTraces: Sendable {
  struct Entry: Sendable {
    var trace: Trace
    var symbols: [String: String]
    /// What the engine leaves after the recipe and one delete (``EngineFacts/afterOneDelete``).
    var afterOneDelete: String?
  }

  var entries: [String: Entry] = [:]
  /// Keyboards whose steps fall back to the recipe's characters, and why.
  var notes: [String] = []

  static func key(_ method: Automation.Method) -> String {
    (method.engine ?? "") + "\u{0}" + method.recipe.text
  }

  /// Whether the steps of `method` are worded from a trace.
  static func needsTrace(_ method: Automation.Method) -> Bool {
    method.engine != nil
  }

  /// Traces every method that needs it, once per engine and recipe.
  ///
  /// Without engines (a build without the `Engines` trait) every such keyboard's steps show the
  /// recipe's keys, and a note says so.
  static func make(for methods: [Automation.Method], engines: EngineFactory?) -> KeyboardTraces {
    var traces = KeyboardTraces()
    for method in methods where needsTrace(method) {
      let key = key(method)
      guard traces.entries[key] == nil, let name = method.engine else { continue }
      guard let engines else {
        let note =
          "input method '\(method.id)': its steps show the recipe's keys, because this build of qapass has "
          + "no input-method engines"
        if !traces.notes.contains(note) { traces.notes.append(note) }
        continue
      }
      do {
        let engine = try engines(name)
        let trace = try engine.trace(method.recipe)
        var symbols: [String: String] = [:]
        for key in method.recipe.keys where key.character != nil && symbols[key.recipeSpelling] == nil {
          let alone = try engine.trace(KeystrokeRecipe(keys: [key]))
          symbols[key.recipeSpelling] = alone.committedText + alone.finalPreedit
        }
        let facts = try? EngineFacts(recipe: method.recipe, engine: engine)
        traces.entries[key] = Entry(trace: trace, symbols: symbols, afterOneDelete: facts?.afterOneDelete)
        let keyboard = method.profile.facts
        if keyboard.entry == .symbols {
          let tone = keyboard.hasTones ? " and the first tone as space" : ""
          let note =
            "input method '\(method.id)': its steps name the symbols \(name) gives each key\(tone); confirm on a "
            + "device that the iOS \(keyboard.name) keyboard shows the same keys [inferred]"
          if !traces.notes.contains(note) { traces.notes.append(note) }
        }
      } catch {
        let note =
          "input method '\(method.id)': its steps show the recipe's keys, because \(error.message)"
        if !traces.notes.contains(note) { traces.notes.append(note) }
      }
    }
    return traces
  }

  /// Whether an engine's trace words `method`'s steps (else they are worded from the recipe's keys).
  func isTraced(_ method: Automation.Method) -> Bool {
    entries[Self.key(method)] != nil
  }

  /// What the engine leaves after `method`'s recipe and one delete, when it was traced.
  func afterOneDelete(for method: Automation.Method) -> String? {
    entries[Self.key(method)]?.afterOneDelete
  }

  /// The wording of `method`'s manual steps on `field`.
  func wording(for method: Automation.Method, field: FieldSetup) -> KeyboardWording {
    let entry = entries[Self.key(method)]
    return KeyboardWording(method: method, trace: entry?.trace, symbols: entry?.symbols ?? [:]) { text in
      if case .incomplete = field.rule.evaluate(text) { return true }
      return false
    }
  }
}
