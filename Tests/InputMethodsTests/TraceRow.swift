@testable import InputMethods

/// One trace step reduced to what DOMAIN 6.3 records: key, preedit, committed text, whether the key
/// reaches the application, and the first few candidates (highlight marked `*`).
struct TraceRow: Hashable, CustomStringConvertible {
  var key: String
  var preedit: String
  var committed: String
  var reachesApp: Bool
  var candidates: [String]

  init(
    _ key: String, _ preedit: String, _ committed: String = "", app: Bool = false, _ candidates: [String] = []
  ) {
    self.key = key
    self.preedit = preedit
    self.committed = committed
    self.reachesApp = app
    self.candidates = candidates
  }

  var description: String {
    "\(key) preedit=\(preedit) commit=\(committed) app=\(reachesApp) cands=\(candidates)"
  }
}

extension Trace {
  /// The steps as `TraceRow`s, keeping `candidateCount` candidates of each.
  func rows(candidateCount: Int = 4) -> [TraceRow] {
    steps.map { step in
      let shown = step.candidates.prefix(candidateCount).enumerated().map { index, candidate in
        (index == step.candidateIndex ? "*" : "") + candidate
      }
      return TraceRow(
        step.key.recipeSpelling, step.preedit, step.committed, app: step.reachesApp, Array(shown))
    }
  }
}

/// Traces `recipe` with the engine called `engine`.
func trace(_ engine: String, _ recipe: String) throws -> Trace {
  try InputMethodEngines.engine(named: engine).trace(KeystrokeRecipe.parse(recipe))
}
