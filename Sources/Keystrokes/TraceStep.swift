import TextFormats

/// What an input method showed and produced after one keystroke.
///
/// `preedit` is the uncommitted (marked) text; `committed` is what this key sent to the application as
/// final text. When `reachesApp` is true the key was not consumed and the application receives it too
/// (zh-py `{Return}` commits the highlighted candidate *and* submits the form).
package struct TraceStep: Hashable, Sendable {
  /// The key pressed; encoded as its recipe spelling (`"z"`, `"{space}"`).
  package var key: Key
  /// The uncommitted (marked) text after the key.
  package var preedit: String
  /// The caret inside `preedit`, in Unicode scalars from its start, when the engine reports one.
  package var cursor: Int?
  /// Text committed by this key (`""` if none).
  package var committed: String
  /// The current candidate page: the group of the engine's candidate list that holds the highlighted
  /// candidate (what a candidate window shows; zh-py groups hold 10, Anthy pages hold 10), in the
  /// engine's order. Empty when there is no candidate list.
  package var candidates: [String]
  /// The highlighted candidate, as an index into `candidates`.
  package var candidateIndex: Int?
  /// Whether the key was not consumed and also reaches the application.
  package var reachesApp: Bool

  /// A step; defaults describe a key that changed nothing visible.
  package init(
    key: Key,
    preedit: String = "",
    cursor: Int? = nil,
    committed: String = "",
    candidates: [String] = [],
    candidateIndex: Int? = nil,
    reachesApp: Bool = false
  ) {
    self.key = key
    self.preedit = preedit
    self.cursor = cursor
    self.committed = committed
    self.candidates = candidates
    self.candidateIndex = candidateIndex
    self.reachesApp = reachesApp
  }
}

/// A step decodes with the synthesized decoder: `cursor` and `candidateIndex` may be `null` or absent.
extension TraceStep: Codable {
  enum CodingKeys: String, CodingKey {
    case key, preedit, cursor, committed, candidates, candidateIndex, reachesApp
  }

  /// Encodes every field, writing `null` for a missing cursor or candidate index so all steps have
  /// the same shape.
  package func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encodeFields([
      .key: key, .preedit: preedit, .cursor: cursor, .committed: committed, .candidates: candidates,
      .candidateIndex: candidateIndex, .reachesApp: reachesApp,
    ])
  }
}
