/// Entry points for reading YAML text into a ``Node`` tree.
///
/// libyaml's event parser does the parsing; this module builds the tree, bounds it with
/// ``YAMLLimits``, and reports problems as ``YAMLError`` with 1-based marks.
///
/// Rules beyond YAML itself, chosen for configuration files people edit by hand:
/// - exactly one document per file (`---` twice is ``YAMLError/multipleDocuments(at:)``);
/// - mapping keys are scalars and unique by text (`a` and `"a"` are the same key);
/// - `<<` is an ordinary key: merge keys are not applied, so `<<: *base` is a pair with key `<<`;
/// - input is UTF-8 (a UTF-8 byte order mark is allowed; UTF-16 and UTF-32 are refused).
///
/// ```swift
/// guard let root = try YAML.parse("devices: [iPhone 16, iPad Air]\n") else { return }
/// root["devices"]?.sequence?.count  // 2
/// ```
package enum YAML {
  /// Parses a single-document YAML stream given as bytes.
  ///
  /// - Parameters:
  ///   - bytes: The file's bytes, UTF-8 encoded.
  ///   - limits: Bounds on size, nesting and alias expansion.
  /// - Returns: The document's root, or `nil` for a stream without a document (empty, whitespace or
  ///   comments only).
  /// - Throws: ``YAMLError`` at the first problem, with its 1-based location.
  /// - Complexity: O(*n*) in the input size, plus the node count added by aliases.
  package static func parse(_ bytes: [UInt8], limits: YAMLLimits = .default) throws(YAMLError) -> Node? {
    try bytes.withUnsafeBufferPointer { parse(buffer: $0, limits: limits) }.get()
  }

  /// Parses a single-document YAML stream given as text.
  ///
  /// - Parameters:
  ///   - text: The file's text.
  ///   - limits: Bounds on size, nesting and alias expansion.
  /// - Returns: The document's root, or `nil` for a stream without a document.
  /// - Throws: ``YAMLError`` at the first problem, with its 1-based location.
  package static func parse(_ text: String, limits: YAMLLimits = .default) throws(YAMLError) -> Node? {
    var text = text
    return try text.withUTF8 { parse(buffer: $0, limits: limits) }.get()
  }

  private static func parse(buffer: UnsafeBufferPointer<UInt8>, limits: YAMLLimits) -> Result<
    Node?, YAMLError
  > {
    do {
      return .success(try parseDocument(buffer, limits: limits))
    } catch {
      return .failure(error)
    }
  }

  private static func parseDocument(_ buffer: UnsafeBufferPointer<UInt8>, limits: YAMLLimits)
    throws(YAMLError) -> Node?
  {
    if buffer.count > limits.maxInputBytes {
      throw .limitExceeded(limit: "maxInputBytes", value: limits.maxInputBytes, at: .fileStart)
    }
    if let encoding = foreignEncoding(buffer) {
      throw .unsupportedEncoding(name: encoding, at: .fileStart)
    }
    // libyaml, told the input is UTF-8, would read a byte order mark as part of the first token.
    let hasByteOrderMark = buffer.starts(with: [0xEF, 0xBB, 0xBF])
    let content = hasByteOrderMark ? UnsafeBufferPointer(rebasing: buffer[3...]) : buffer
    if content.isEmpty { return nil }
    let parser = try LibYAMLParser(input: content)
    var builder = TreeBuilder(limits: limits)
    var documents = 0
    while true {
      switch try parser.next() {
      case .streamStart, .documentEnd:
        continue
      case .streamEnd:
        return builder.root
      case .documentStart(let start):
        documents += 1
        if documents > 1 { throw .multipleDocuments(at: start) }
      case .alias(let name, let start, let end):
        try builder.alias(name, start: start, end: end)
      case .scalar(let scalar, let properties, let start, let end):
        try builder.scalar(scalar, properties, start: start, end: end)
      case .sequenceStart(let properties, let isFlow, let start):
        try builder.startSequence(properties, isFlow: isFlow, start: start)
      case .mappingStart(let properties, let isFlow, let start):
        try builder.startMapping(properties, isFlow: isFlow, start: start)
      case .collectionEnd(let end):
        try builder.endCollection(end: end)
      }
    }
  }

  /// The name of the UTF-16 or UTF-32 encoding a byte order mark announces, if the input starts with one.
  static func foreignEncoding(_ bytes: UnsafeBufferPointer<UInt8>) -> String? {
    func starts(with prefix: [UInt8]) -> Bool {
      bytes.count >= prefix.count && zip(bytes, prefix).allSatisfy { $0 == $1 }
    }
    if starts(with: [0xFF, 0xFE, 0x00, 0x00]) { return "UTF-32LE" }
    if starts(with: [0x00, 0x00, 0xFE, 0xFF]) { return "UTF-32BE" }
    if starts(with: [0xFF, 0xFE]) { return "UTF-16LE" }
    if starts(with: [0xFE, 0xFF]) { return "UTF-16BE" }
    return nil
  }
}
