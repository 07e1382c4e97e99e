/// An input method that can type a keystroke recipe and report what happened after every key.
///
/// Implementations drive a real engine (m17n-lib, Anthy, libhangul); each call of `trace(_:)` uses a
/// fresh input context, so traces are independent and repeatable.
///
/// ```swift
/// import InputMethods  // the engines
///
/// let engine = try InputMethodEngines.engine(named: "hangul:2")
/// let trace = try engine.trace(.parse("gksrmf"))
/// trace.committedText + trace.finalPreedit  // "한글"
/// ```
package protocol InputMethodEngine: Sendable {
  /// The engine's name as `InputMethodEngines.engine(named:)` accepts it: `m17n:zh-py`, `anthy`,
  /// `hangul:2`.
  var name: String { get }

  /// Types `recipe` into a fresh input context and records every step.
  ///
  /// - Parameter recipe: The keys to type.
  /// - Returns: One step per key; whatever is still uncommitted at the end stays as preedit.
  /// - Throws: `EngineError` when the engine cannot create an input context.
  func trace(_ recipe: KeystrokeRecipe) throws(EngineError) -> Trace
}
