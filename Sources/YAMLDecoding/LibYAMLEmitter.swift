internal import CYAML

/// Owns one libyaml emitter writing into memory.
final class LibYAMLEmitter {
  /// The bytes written so far; a class so libyaml's C callback can reach it through a raw pointer.
  private final class Output {
    var bytes: [UInt8] = []
  }

  private let emitter: UnsafeMutablePointer<yaml_emitter_t>
  private let event: UnsafeMutablePointer<yaml_event_t>
  private let output = Output()

  init(indent: Int, width: Int?) throws(YAMLEmitterError) {
    emitter = .allocate(capacity: 1)
    event = .allocate(capacity: 1)
    guard yaml_emitter_initialize(emitter) == 1 else {
      emitter.deallocate()
      event.deallocate()
      throw YAMLEmitterError(message: Message.outOfMemory)
    }
    yaml_emitter_set_output(
      emitter,
      { data, buffer, size in
        guard let data else { return 0 }
        let output = Unmanaged<Output>.fromOpaque(data).takeUnretainedValue()
        if let buffer, size > 0 {
          output.bytes.append(contentsOf: UnsafeBufferPointer(start: buffer, count: size))
        }
        return 1
      },
      Unmanaged.passUnretained(output).toOpaque()
    )
    yaml_emitter_set_encoding(emitter, YAML_UTF8_ENCODING)
    yaml_emitter_set_unicode(emitter, 1)
    yaml_emitter_set_indent(emitter, Int32(clamping: indent))
    yaml_emitter_set_width(emitter, Int32(clamping: width ?? -1))
    yaml_emitter_set_break(emitter, YAML_LN_BREAK)
  }

  deinit {
    yaml_emitter_delete(emitter)
    emitter.deallocate()
    event.deallocate()
  }

  /// The text written so far.
  var text: String { String(decoding: output.bytes, as: UTF8.self) }

  /// Initialises an event with `make` and hands it to libyaml, which takes ownership of it.
  func emit(_ make: (UnsafeMutablePointer<yaml_event_t>) -> Int32) throws(YAMLEmitterError) {
    guard make(event) == 1 else { throw YAMLEmitterError(message: Message.invalidEvent) }
    guard yaml_emitter_emit(emitter, event) == 1 else {
      let problem = emitter.pointee.problem.map { String(cString: $0) } ?? Message.unknownProblem
      throw YAMLEmitterError(message: problem)
    }
  }

  func scalar(_ scalar: Node.Scalar, tag: String?, anchor: String?) throws(YAMLEmitterError) {
    let properties = try Self.checkedProperties(tag: tag, anchor: anchor)
    guard let length = Int32(exactly: scalar.text.utf8.count) else {
      throw YAMLEmitterError(message: Message.tooLong)
    }
    let style = Self.style(scalar.style)
    try emitNode(properties) { event, anchor, tag, implicit in
      scalar.text.withCString(encodedAs: UTF8.self) { value in
        yaml_scalar_event_initialize(event, anchor, tag, value, length, implicit, implicit, style)
      }
    }
  }

  func sequenceStart(tag: String?, anchor: String?) throws(YAMLEmitterError) {
    try emitNode(Self.checkedProperties(tag: tag, anchor: anchor)) { event, anchor, tag, implicit in
      yaml_sequence_start_event_initialize(event, anchor, tag, implicit, YAML_BLOCK_SEQUENCE_STYLE)
    }
  }

  func mappingStart(tag: String?, anchor: String?) throws(YAMLEmitterError) {
    try emitNode(Self.checkedProperties(tag: tag, anchor: anchor)) { event, anchor, tag, implicit in
      yaml_mapping_start_event_initialize(event, anchor, tag, implicit, YAML_BLOCK_MAPPING_STYLE)
    }
  }

  /// A node's tag (spelled out) and anchor, checked before libyaml sees them.
  private struct NodeProperties {
    var tag: String?
    var anchor: String?
  }

  private static func checkedProperties(tag: String?, anchor: String?) throws(YAMLEmitterError)
    -> NodeProperties
  {
    let tag = try fullTag(tag)
    try checkName(anchor)
    return NodeProperties(tag: tag, anchor: anchor)
  }

  /// Emits a node event: `initialize` gets the event, the anchor and tag as C strings (`nil` for
  /// none) and whether the tag is implicit (1 when there is none).
  private func emitNode(
    _ properties: NodeProperties,
    _ initialize: (UnsafeMutablePointer<yaml_event_t>, UnsafePointer<UInt8>?, UnsafePointer<UInt8>?, Int32) ->
      Int32
  ) throws(YAMLEmitterError) {
    let implicit: Int32 = properties.tag == nil ? 1 : 0
    try emit { event in
      Self.withOptionalCString(properties.anchor) { anchor in
        Self.withOptionalCString(properties.tag) { tag in initialize(event, anchor, tag, implicit) }
      }
    }
  }

  /// `!!x` spelled out as `tag:yaml.org,2002:x`, so libyaml writes it back with the `!!` handle.
  private static func fullTag(_ tag: String?) throws(YAMLEmitterError) -> String? {
    guard let tag else { return nil }
    guard !tag.isEmpty, !tag.contains("\0") else { throw YAMLEmitterError(message: Message.badTag(tag)) }
    if tag.hasPrefix("!!") { return LibYAMLParser.standardTagPrefix + tag.dropFirst(2) }
    return tag
  }

  /// libyaml copies names as C strings; a NUL would cut them short silently.
  private static func checkName(_ anchor: String?) throws(YAMLEmitterError) {
    if let anchor, anchor.isEmpty || anchor.contains("\0") {
      throw YAMLEmitterError(message: Message.badAnchor(anchor))
    }
  }

  private static func withOptionalCString<R>(_ string: String?, _ body: (UnsafePointer<UInt8>?) -> R) -> R {
    guard let string else { return body(nil) }
    return string.withCString(encodedAs: UTF8.self) { body($0) }
  }

  private static func style(_ style: Node.Scalar.Style) -> yaml_scalar_style_t {
    switch style {
    case .plain: YAML_PLAIN_SCALAR_STYLE
    case .singleQuoted: YAML_SINGLE_QUOTED_SCALAR_STYLE
    case .doubleQuoted: YAML_DOUBLE_QUOTED_SCALAR_STYLE
    case .literal: YAML_LITERAL_SCALAR_STYLE
    case .folded: YAML_FOLDED_SCALAR_STYLE
    }
  }

  enum Message {
    static let outOfMemory = "libyaml ran out of memory"
    static let invalidEvent = "libyaml could not create an event (invalid UTF-8 or out of memory)"
    static let unknownProblem = "libyaml reported an unknown emitter problem"
    static let tooLong = "a scalar is longer than libyaml can write (2 GiB)"

    static func badTag(_ tag: String) -> String {
      "invalid tag '\(Node.excerpt(tag))'; a tag is non-empty and has no NUL character"
    }

    static func badAnchor(_ anchor: String) -> String {
      "invalid anchor '\(Node.excerpt(anchor))'; an anchor is non-empty and has no NUL character"
    }
  }
}
