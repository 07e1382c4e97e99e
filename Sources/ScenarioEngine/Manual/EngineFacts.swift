import Keystrokes

/// What an input method's engine does at the two moments manual items ask a tester to watch, so
/// checklist expectations can come from the same traces as the automated checks.
///
/// - ``afterOneDelete``: the field's text after the recipe and one delete. While a Korean syllable
///   is still composing, libhangul deletes one jamo (김진우 → 김진ㅇ), not the syllable; once
///   nothing is composing the delete reaches the app and removes a character (张伟 → 张).
/// - ``returnWhileComposing``: what a Return pressed at the recipe's last composing step commits,
///   and whether the key also reaches the app (m17n's zh-py and zh-zhuyin let it through, Anthy
///   consumes it), or `nil` when the recipe never leaves text composing.
///
/// ```swift
/// let facts = try EngineFacts(recipe: .parse("rlawlsdn"), engine: InputMethodEngines.engine(named: "hangul:2"))
/// facts.afterOneDelete   // "김진ㅇ"
/// ```
package struct EngineFacts: Hashable, Sendable {
  /// What a Return during composition does.
  package struct Return: Hashable, Sendable {
    /// The text the Return commits.
    package var commits: String
    /// Whether the Return also reaches the app (`textFieldShouldReturn`).
    package var reachesApp: Bool
  }

  /// The field's text after the recipe and one delete.
  package var afterOneDelete: String
  /// What a Return at the last composing step does, if the recipe composes at all.
  package var returnWhileComposing: Return?

  /// Traces `recipe` followed by `{BackSpace}`, and its prefix up to the last composing step
  /// followed by `{Return}`, with `engine`.
  ///
  /// - Throws: The engine's error.
  package init(recipe: KeystrokeRecipe, engine: any InputMethodEngine) throws(EngineError) {
    let deleted = try engine.trace(KeystrokeRecipe(keys: recipe.keys + [.named(.backSpace)]))
    var committed = deleted.committedText
    if deleted.steps.last?.reachesApp == true, !committed.isEmpty { committed.removeLast() }
    afterOneDelete = committed + deleted.finalPreedit
    let plain = try engine.trace(recipe)
    guard let last = plain.steps.lastIndex(where: { !$0.preedit.isEmpty }) else {
      returnWhileComposing = nil
      return
    }
    let pressed = try engine.trace(KeystrokeRecipe(keys: Array(recipe.keys[...last]) + [.named(.returnKey)]))
    let step = pressed.steps.last
    returnWhileComposing = Return(commits: step?.committed ?? "", reachesApp: step?.reachesApp ?? false)
  }
}
