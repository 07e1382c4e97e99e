import Foundation
import TextFormats

/// What an input method did, key by key, for one recipe typed into a fresh input context.
///
/// ```swift
/// import InputMethods  // the engines
///
/// let trace = try InputMethodEngines.engine(named: "m17n:zh-py").trace(.parse("zhongwen3"))
/// trace.committedText  // "中文"
/// print(trace.table())
/// ```
package struct Trace: Hashable, Sendable {
  /// The engine's name, e.g. `m17n:zh-py`.
  package var engine: String
  /// The recipe, in canonical spelling.
  package var recipe: String
  /// One step per key, in order.
  package var steps: [TraceStep]

  /// A trace of `steps`.
  package init(engine: String, recipe: String, steps: [TraceStep]) {
    self.engine = engine
    self.recipe = recipe
    self.steps = steps
  }

  /// Everything committed, in order: the text the application received from the input method.
  package var committedText: String { steps.map(\.committed).joined() }

  /// The preedit left after the last key (still uncommitted when the recipe ends).
  package var finalPreedit: String { steps.last?.preedit ?? "" }
}

extension Trace: Codable {
  enum CodingKeys: String, CodingKey {
    case engine, recipe, steps, committedText, finalPreedit
  }

  /// Decodes a trace; `committedText` and `finalPreedit` are derived from the steps and not read.
  package init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    engine = try container.decode(String.self, forKey: .engine)
    recipe = try container.decode(String.self, forKey: .recipe)
    steps = try container.decode([TraceStep].self, forKey: .steps)
  }

  /// Encodes the trace with its derived `committedText` and `finalPreedit`.
  package func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encodeFields([
      .engine: engine, .recipe: recipe, .steps: steps, .committedText: committedText,
      .finalPreedit: finalPreedit,
    ])
  }
}

extension Trace {
  /// The most candidates `table()` prints per step before writing `…`.
  package static let tableCandidateLimit = 10

  /// An aligned text table for `qapass trace`, one row per key, with CJK-aware column widths.
  ///
  /// The highlighted candidate is marked `*`; `app` says `yes` when the key also reaches the
  /// application. The table ends with the committed text and the final preedit.
  ///
  /// ```text
  /// engine: m17n:zh-py
  /// recipe: zhongwen3
  /// #  key  preedit  caret  committed  app  candidates
  /// 1  z    z        1
  /// 5  g    中       1                      *中 种 種 重 众 眾 钟 鐘 终 終
  /// 6  w    w        1      中
  /// ```
  package func table() -> String {
    let header = ["#", "key", "preedit", "caret", "committed", "app", "candidates"]
    var rows = [header]
    for (number, step) in steps.enumerated() {
      rows.append([
        String(number + 1),
        step.key.recipeSpelling,
        step.preedit,
        step.cursor.map(String.init) ?? "",
        step.committed,
        step.reachesApp ? "yes" : "",
        Self.candidateCell(step),
      ])
    }
    var out = "engine: \(engine)\nrecipe: \(recipe)\n"
    out += TextTable.render(rows, width: \.displayWidth)
    out += "committed: \(Self.quoted(committedText))\n"
    out += "preedit: \(Self.quoted(finalPreedit))\n"
    return Escaping.terminalText(out)
  }

  private static func candidateCell(_ step: TraceStep) -> String {
    var cells: [String] = []
    for (index, candidate) in step.candidates.prefix(tableCandidateLimit).enumerated() {
      cells.append((index == step.candidateIndex ? "*" : "") + candidate)
    }
    if step.candidates.count > tableCandidateLimit { cells.append("…") }
    return cells.joined(separator: " ")
  }

  private static func quoted(_ text: String) -> String { "'\(text)'" }

  /// Deterministic JSON: keys sorted, non-ASCII written as is, `null` for a missing cursor.
  ///
  /// - Parameter pretty: Indented, one field per line (the default), or everything on one line.
  /// - Returns: The JSON text, without a trailing newline.
  package func json(pretty: Bool = true) -> String {
    let encoder = JSONEncoder()
    encoder.outputFormatting =
      pretty
      ? [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes]
      : [.sortedKeys, .withoutEscapingSlashes]
    // Encoding strings, integers, booleans and nulls cannot fail.
    guard let data = try? encoder.encode(self) else { return "{}" }
    return String(decoding: data, as: UTF8.self)
  }
}
