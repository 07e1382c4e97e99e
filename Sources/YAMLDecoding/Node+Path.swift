extension Node {
  /// The node at the end of `path`, or the deepest node on the way when the path leaves the tree
  /// (a missing key, an index past the end): the place a reader of the file should look.
  ///
  /// Each step is a key of a mapping, or the decimal index (0-based) of an item of a sequence: the
  /// node itself says which. JSON is YAML, so this also finds where in a JSON file a decoder's
  /// coding path points:
  ///
  /// ```swift
  /// let root = try YAML.parse("{\"items\": [{\"id\": \"x\"}]}")
  /// root?.deepest(along: ["items", "0", "id"]).start  // 1:20
  /// ```
  package func deepest(along path: [String]) -> Node {
    var node = self
    for step in path {
      let next: Node? =
        switch node.content {
        case .mapping(let pairs): pairs.first { $0.key.scalar?.text == step }?.value
        case .sequence(let items): Int(step).flatMap { items.indices.contains($0) ? items[$0] : nil }
        case .scalar: nil
        }
      guard let next else { return node }
      node = next
    }
    return node
  }
}

extension YAML {
  /// Where in a JSON (or YAML) file a decoder's coding path points: the start of the value at fault,
  /// or of the deepest value on the way to a missing one.
  ///
  /// For a text that is not JSON at all (`codingPath` `nil`), libyaml's place of the syntax error.
  /// `nil` when libyaml reads the text differently from the JSON decoder, rather than a wrong place.
  ///
  /// ```swift
  /// YAML.location(of: ["items", "1"], in: Array("{\"items\": [1,\n  \"x\"]}".utf8))  // 2:3
  /// ```
  package static func location(of codingPath: [String]?, in bytes: [UInt8]) -> TextPosition? {
    do {
      let root = try parse(bytes)
      return codingPath.flatMap { root?.deepest(along: $0).start }
    } catch {
      return codingPath == nil ? error.location : nil
    }
  }
}
