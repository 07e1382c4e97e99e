/// Builds a ``Node`` tree from parser events with an explicit stack, enforcing ``YAMLLimits``.
///
/// Nothing here recurses: each open sequence or mapping is a `Frame` on `stack`, and a finished node is
/// appended to the frame below it. Each anchor remembers how many nodes its subtree holds and how deep
/// it is, so an alias adds the full expansion to the running node count (refusing alias bombs after a
/// few events) and cannot smuggle in nesting deeper than `maxDepth`.
struct TreeBuilder {
  private enum Kind {
    case sequence
    case mapping
  }

  /// An open collection.
  private struct Frame {
    var kind: Kind
    var properties: Event.Properties
    var isFlow: Bool
    var start: Mark
    var items: [Node] = []
    var pairs: [Node.Pair] = []
    /// The key waiting for its value, in a mapping.
    var pendingKey: Node?
    /// The keys so far, built once a mapping grows past `linearSearchLimit` keys.
    var keyIndex: KeyIndex?
    /// Nodes in this subtree so far, counting the collection itself and alias expansions.
    var count = 1
    /// Collection nesting levels in this subtree so far, counting the collection itself.
    var height = 1
    /// The end of the last child, which is where a block collection really ends.
    var lastEnd: Mark?

    static let linearSearchLimit = 16

    /// Records `key` and returns the mark of an earlier equal key, if any.
    mutating func register(key text: String, at mark: Mark) -> Mark? {
      if keyIndex == nil {
        if let pair = pairs.first(where: { $0.key.scalar?.text == text }) { return pair.key.start }
        guard pairs.count >= Self.linearSearchLimit else { return nil }
        var index = KeyIndex(minimumCapacity: pairs.count * 4)
        for pair in pairs {
          if let keyText = pair.key.scalar?.text { _ = index.insert(keyText, at: pair.key.start) }
        }
        keyIndex = index
      }
      return keyIndex?.insert(text, at: mark)
    }
  }

  /// An anchored node with the size and depth an alias to it adds.
  private struct Anchored {
    var node: Node
    var count: Int
    var height: Int
  }

  let limits: YAMLLimits
  private var stack: [Frame] = []
  private var anchors: [String: Anchored] = [:]
  private var nodeCount = 0
  private var aliasCount = 0
  private var aliasExpansion = 0
  /// The finished document root, once its last event has arrived.
  private(set) var root: Node?

  init(limits: YAMLLimits) {
    self.limits = limits
    stack.reserveCapacity(min(max(limits.maxDepth, 0), 64) + 1)
  }

  mutating func scalar(_ scalar: Node.Scalar, _ properties: Event.Properties, start: Mark, end: Mark)
    throws(YAMLError)
  {
    try count(1, at: start)
    let node = Node(.scalar(scalar), start: start, end: end, tag: properties.tag, anchor: properties.anchor)
    if let anchor = properties.anchor { anchors[anchor] = Anchored(node: node, count: 1, height: 0) }
    try attach(node, count: 1, height: 0)
  }

  mutating func alias(_ name: String, start: Mark, end: Mark) throws(YAMLError) {
    aliasCount += 1
    if aliasCount > limits.maxAliases {
      throw .limitExceeded(limit: "maxAliases", value: limits.maxAliases, at: start)
    }
    guard let anchored = anchors[name] else { throw .undefinedAlias(name: name, at: start) }
    if stack.count + anchored.height > limits.maxDepth {
      throw .limitExceeded(limit: "maxDepth", value: limits.maxDepth, at: start)
    }
    let (expanded, overflow) = aliasExpansion.addingReportingOverflow(anchored.count)
    guard !overflow, expanded <= limits.maxAliasExpansion else {
      throw .limitExceeded(limit: "maxAliasExpansion", value: limits.maxAliasExpansion, at: start)
    }
    aliasExpansion = expanded
    try count(anchored.count, at: start)
    var node = anchored.node
    node.start = start
    node.end = end
    node.anchor = nil
    try attach(node, count: anchored.count, height: anchored.height)
  }

  mutating func startSequence(_ properties: Event.Properties, isFlow: Bool, start: Mark) throws(YAMLError) {
    try open(.sequence, properties, isFlow: isFlow, start: start)
  }

  mutating func startMapping(_ properties: Event.Properties, isFlow: Bool, start: Mark) throws(YAMLError) {
    try open(.mapping, properties, isFlow: isFlow, start: start)
  }

  /// Closes the innermost collection; `end` is libyaml's end mark for it.
  mutating func endCollection(end eventEnd: Mark) throws(YAMLError) {
    guard let frame = stack.popLast() else {
      throw .syntax(message: Message.unbalanced, at: eventEnd)
    }
    // A block collection's end event sits at the next token, possibly lines later; use the last child.
    let end = frame.isFlow ? eventEnd : (frame.lastEnd ?? eventEnd)
    let content: Node.Content = frame.kind == .sequence ? .sequence(frame.items) : .mapping(frame.pairs)
    let anchor = frame.properties.anchor
    let node = Node(content, start: frame.start, end: end, tag: frame.properties.tag, anchor: anchor)
    if let anchor { anchors[anchor] = Anchored(node: node, count: frame.count, height: frame.height) }
    try attach(node, count: frame.count, height: frame.height)
  }

  private mutating func open(_ kind: Kind, _ properties: Event.Properties, isFlow: Bool, start: Mark)
    throws(YAMLError)
  {
    if stack.count >= limits.maxDepth {
      throw .limitExceeded(limit: "maxDepth", value: limits.maxDepth, at: start)
    }
    if let top = stack.last, top.kind == .mapping, top.pendingKey == nil {
      throw .nonScalarKey(at: start)
    }
    try count(1, at: start)
    stack.append(Frame(kind: kind, properties: properties, isFlow: isFlow, start: start))
  }

  private mutating func count(_ added: Int, at mark: Mark) throws(YAMLError) {
    let (sum, overflow) = nodeCount.addingReportingOverflow(added)
    guard !overflow, sum <= limits.maxNodes else {
      throw .limitExceeded(limit: "maxNodes", value: limits.maxNodes, at: mark)
    }
    nodeCount = sum
  }

  /// Adds a finished node to the innermost open collection, or makes it the root.
  private mutating func attach(_ node: Node, count: Int, height: Int) throws(YAMLError) {
    let top = stack.count - 1
    guard top >= 0 else {
      root = node
      return
    }
    stack[top].count += count
    stack[top].height = max(stack[top].height, height + 1)
    stack[top].lastEnd = node.end
    switch stack[top].kind {
    case .sequence:
      stack[top].items.append(node)
    case .mapping:
      if let key = stack[top].pendingKey.take() {
        // Most mappings are small; one allocation of four pairs beats growing 1, 2, 4.
        if stack[top].pairs.isEmpty { stack[top].pairs.reserveCapacity(4) }
        stack[top].pairs.append(Node.Pair(key: key, value: node))
      } else {
        guard case .scalar(let scalar) = node.content else { throw .nonScalarKey(at: node.start) }
        if let first = stack[top].register(key: scalar.text, at: node.start) {
          throw .duplicateKey(key: scalar.text, at: node.start, first: first)
        }
        stack[top].pendingKey = node
      }
    }
  }

  enum Message {
    static let unbalanced = "internal error: libyaml closed a collection that was not open"
  }
}
