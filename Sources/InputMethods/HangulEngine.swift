internal import CHangul

/// A libhangul keyboard, named `hangul:<id>` (`hangul:2` Dubeolsik, `hangul:3f` Sebeolsik Final, …).
///
/// Printable ASCII keys go to `hangul_ic_process`; a key the keyboard does not handle (a space, a
/// digit on 2-set) commits the syllable in progress and reaches the application. `{BackSpace}` is
/// `hangul_ic_backspace` (it reaches the application only when there was nothing to delete). Other
/// named keys and non-ASCII characters flush the syllable (`hangul_ic_flush`) and reach the
/// application. At the end of a recipe the syllable in progress stays as preedit.
///
/// libhangul input contexts are independent, so traces run on the caller's thread; only
/// `hangul_init` is process-wide and runs once.
///
/// ```swift
/// let trace = try HangulEngine(keyboard: "2").trace(.parse("gksrmf"))
/// (trace.committedText, trace.finalPreedit)  // ("한", "글")
/// ```
package struct HangulEngine: InputMethodEngine {
  /// The engine-name prefix.
  package static let prefix = EngineError.Family.hangul

  /// The libhangul keyboard id, e.g. `2`.
  package let keyboard: String

  /// The engine for a libhangul keyboard id (checked by `InputMethodEngines`).
  package init(keyboard: String) {
    self.keyboard = keyboard
  }

  /// The engine name: `hangul:<keyboard>`, e.g. `hangul:2`.
  package var name: String { Self.prefix + keyboard }

  private static let initialized: Bool = hangul_init() == 0

  /// libhangul's keyboard ids, in its own order.
  static func keyboardIDs() -> [String] {
    guard initialized else { return [] }
    return (0..<hangul_keyboard_list_get_count()).compactMap { index in
      hangul_keyboard_list_get_keyboard_id(index).map { String(cString: $0) }
    }
  }

  /// Types `recipe` into a fresh input context; see the type's documentation for the key handling.
  package func trace(_ recipe: KeystrokeRecipe) throws(EngineError) -> Trace {
    // hangul_ic_new falls back to a default keyboard for unknown ids, so check the id first.
    guard Self.keyboardIDs().contains(keyboard) else {
      throw .engineFailure(name, reason: "libhangul has no keyboard '\(keyboard)'")
    }
    guard let context = hangul_ic_new(keyboard) else {
      throw .engineFailure(name, reason: "hangul_ic_new failed")
    }
    defer { hangul_ic_delete(context) }
    var steps: [TraceStep] = []
    steps.reserveCapacity(recipe.keys.count)
    for key in recipe.keys {
      var committed = ""
      let reachesApp: Bool
      if let code = key.asciiCode {
        reachesApp = !hangul_ic_process(context, Int32(code))
        committed = Self.string(hangul_ic_get_commit_string(context))
      } else if key.name == .space {
        reachesApp = !hangul_ic_process(context, 0x20)
        committed = Self.string(hangul_ic_get_commit_string(context))
      } else if key.name == .backSpace {
        reachesApp = !hangul_ic_backspace(context)
      } else {
        committed = Self.string(hangul_ic_flush(context))
        reachesApp = true
      }
      let preedit = Self.string(hangul_ic_get_preedit_string(context))
      steps.append(
        TraceStep(
          key: key, preedit: preedit, cursor: preedit.unicodeScalars.count, committed: committed,
          reachesApp: reachesApp))
    }
    return Trace(engine: name, recipe: recipe.text, steps: steps)
  }

  /// A zero-terminated UCS-4 string as a `String` (invalid code points are skipped).
  static func string(_ ucs4: UnsafePointer<ucschar>?) -> String {
    guard var pointer = ucs4 else { return "" }
    var text = String.UnicodeScalarView()
    while pointer.pointee != 0 {
      if let scalar = Unicode.Scalar(pointer.pointee) { text.append(scalar) }
      pointer += 1
    }
    return String(text)
  }
}
