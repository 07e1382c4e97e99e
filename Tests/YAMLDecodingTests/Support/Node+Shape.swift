import YAMLDecoding

extension Node {
  /// The node's content, tags and anchors without marks or scalar styles, as one line of text, so two
  /// trees can be compared for structure: `{a: [x, "17"], b: !!str 5}`.
  var shape: String {
    var out = ""
    if let tag { out += tag + " " }
    switch content {
    case .scalar(let scalar):
      out += scalar.style == .plain ? scalar.text : "\"\(scalar.text)\""
    case .sequence(let items):
      out += "[" + items.map(\.shape).joined(separator: ", ") + "]"
    case .mapping(let pairs):
      out += "{" + pairs.map { "\($0.key.shape): \($0.value.shape)" }.joined(separator: ", ") + "}"
    }
    return out
  }

  /// Like ``shape`` but every scalar is shown quoted, for comparisons where styles may change.
  var textShape: String {
    var out = ""
    if let tag { out += tag + " " }
    switch content {
    case .scalar(let scalar):
      out += "'\(scalar.text)'"
    case .sequence(let items):
      out += "[" + items.map(\.textShape).joined(separator: ", ") + "]"
    case .mapping(let pairs):
      out += "{" + pairs.map { "\($0.key.textShape): \($0.value.textShape)" }.joined(separator: ", ") + "}"
    }
    return out
  }
}
