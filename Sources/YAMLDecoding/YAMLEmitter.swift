internal import CYAML

/// Writes a ``Node`` tree as YAML text through libyaml's emitter: UTF-8, CJK kept as is, block style,
/// deterministic.
///
/// Scalars keep their style where libyaml can write it (a plain `17` stays plain, a `"17"` stays
/// quoted); when a style cannot hold the text (plain `a: b`, a literal block inside a flow context)
/// libyaml falls back to quoting. Build string values with ``Node/init(string:)`` so that text such as
/// `"17"` or `"true"` is quoted and reads back as a string. Collections are written in block style,
/// empty ones as `[]` and `{}`; anchors and tags are written as given, aliases never (a parsed tree
/// already holds copies).
///
/// ```swift
/// let sheet = Node(mapping: ["device": Node(string: "iPhone 16"), "os": Node(string: "18.1")])
/// let text = try YAMLEmitter().emit(sheet)  // "device: iPhone 16\nos: \"18.1\"\n"
/// ```
package struct YAMLEmitter: Sendable {
  /// Spaces per indentation level, 2 through 9.
  package var indent: Int
  /// The preferred line width for folding long scalars, or `nil` to never fold.
  package var lineWidth: Int?

  /// Creates an emitter.
  ///
  /// - Parameters:
  ///   - indent: Spaces per indentation level, 2 through 9 (others fall back to 2).
  ///   - lineWidth: The preferred line width, or `nil` (the default) to never fold lines.
  package init(indent: Int = 2, lineWidth: Int? = nil) {
    self.indent = indent
    self.lineWidth = lineWidth
  }

  /// Writes `root` as a one-document YAML stream.
  ///
  /// - Parameter root: The document's root node.
  /// - Returns: The YAML text, ending with a line break.
  /// - Throws: ``YAMLEmitterError`` when libyaml refuses an anchor or tag (anchors are letters, digits,
  ///   `-` and `_`).
  /// - Complexity: O(*n*) in the number of nodes; the walk is iterative, so depth is not limited by the
  ///   stack.
  package func emit(_ root: Node) throws(YAMLEmitterError) -> String {
    let emitter = try LibYAMLEmitter(indent: indent, width: lineWidth)
    try emitter.emit { yaml_stream_start_event_initialize($0, YAML_UTF8_ENCODING) }
    try emitter.emit { yaml_document_start_event_initialize($0, nil, nil, nil, 1) }

    enum Step {
      case node(Node)
      case sequenceEnd
      case mappingEnd
    }
    var steps: [Step] = [.node(root)]
    while let step = steps.popLast() {
      switch step {
      case .sequenceEnd:
        try emitter.emit { yaml_sequence_end_event_initialize($0) }
      case .mappingEnd:
        try emitter.emit { yaml_mapping_end_event_initialize($0) }
      case .node(let node):
        switch node.content {
        case .scalar(let scalar):
          try emitter.scalar(scalar, tag: node.tag, anchor: node.anchor)
        case .sequence(let items):
          try emitter.sequenceStart(tag: node.tag, anchor: node.anchor)
          steps.append(.sequenceEnd)
          steps.append(contentsOf: items.reversed().map(Step.node))
        case .mapping(let pairs):
          try emitter.mappingStart(tag: node.tag, anchor: node.anchor)
          steps.append(.mappingEnd)
          for pair in pairs.reversed() {
            steps.append(.node(pair.value))
            steps.append(.node(pair.key))
          }
        }
      }
    }

    try emitter.emit { yaml_document_end_event_initialize($0, 1) }
    try emitter.emit { yaml_stream_end_event_initialize($0) }
    return emitter.text
  }
}

/// libyaml's emitter refused the tree.
package struct YAMLEmitterError: Error, Hashable, Sendable, CustomStringConvertible {
  /// libyaml's problem, or ours, in one line.
  package var message: String

  /// Creates an error.
  package init(message: String) {
    self.message = message
  }

  /// The message.
  package var description: String { message }
}
