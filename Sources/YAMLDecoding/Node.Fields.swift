extension Node {
  /// A mapping whose keys were checked by ``Node/decodeMapping(allowedKeys:required:context:)``, with
  /// O(1) look-up by key and the document order kept.
  ///
  /// ```swift
  /// let fields = try node.decodeMapping(allowedKeys: ["id", "name"], required: ["id"], context: "input method")
  /// let id = try fields.require("id").decodeString()
  /// let name = try fields["name"]?.decodeString()
  /// ```
  public struct Fields: Hashable, Sendable {
    /// The mapping node itself.
    public let node: Node
    /// What the mapping describes, as used in messages (`input method`).
    public let context: String
    /// Key text to the index of its pair in ``pairs``.
    private let index: [String: Int]

    init(node: Node, context: String) {
      self.node = node
      self.context = context
      var index: [String: Int] = [:]
      for (offset, pair) in (node.mapping ?? []).enumerated() {
        if let key = pair.key.scalar?.text, index[key] == nil { index[key] = offset }
      }
      self.index = index
    }

    /// The pairs in document order.
    public var pairs: [Pair] { node.mapping ?? [] }

    /// The key texts in document order.
    public var keys: [String] { pairs.compactMap { $0.key.scalar?.text } }

    /// The value for `key`, or `nil` when the mapping does not have it.
    public subscript(key: String) -> Node? {
      index[key].map { pairs[$0].value }
    }

    /// The key node for `key` (for its marks), or `nil`.
    public func keyNode(_ key: String) -> Node? {
      index[key].map { pairs[$0].key }
    }

    /// The value for `key`, which must be present.
    ///
    /// - Throws: ``NodeDecodingError`` "missing required key 'id' in input method" at the mapping's start.
    public func require(_ key: String) throws(NodeDecodingError) -> Node {
      guard let value = self[key] else {
        throw NodeDecodingError(Node.Message.missingKey(key, context: context), at: node.start)
      }
      return value
    }
  }
}
