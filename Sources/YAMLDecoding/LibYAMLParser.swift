internal import CYAML

/// Owns one libyaml parser reading a UTF-8 buffer and hands out its events in Swift terms.
///
/// The buffer must outlive the parser: create and use it inside `withUnsafeBufferPointer`. libyaml is
/// told the input is UTF-8, so a UTF-16 file can never be decoded silently.
final class LibYAMLParser {
  private let parser: UnsafeMutablePointer<yaml_parser_t>
  private let event: UnsafeMutablePointer<yaml_event_t>
  private let source: SourceBytes
  /// How many characters the input has, to recognise marks at its end.
  private let characterCount: Int
  /// The position just past the last character.
  private lazy var endOfInput = source.endMark

  /// Prepares a parser over `input`, which must not be empty.
  init(input: UnsafeBufferPointer<UInt8>) throws(YAMLError) {
    parser = .allocate(capacity: 1)
    event = .allocate(capacity: 1)
    source = SourceBytes(bytes: input)
    var characters = 0
    for byte in input where byte & 0xC0 != 0x80 { characters += 1 }
    characterCount = characters
    guard yaml_parser_initialize(parser) == 1 else {
      parser.deallocate()
      event.deallocate()
      throw .syntax(message: Message.outOfMemory, at: .fileStart)
    }
    guard let base = input.baseAddress, !input.isEmpty else {
      yaml_parser_delete(parser)
      parser.deallocate()
      event.deallocate()
      throw .syntax(message: Message.emptyInput, at: .fileStart)
    }
    yaml_parser_set_input_string(parser, base, input.count)
    yaml_parser_set_encoding(parser, YAML_UTF8_ENCODING)
  }

  deinit {
    yaml_parser_delete(parser)
    parser.deallocate()
    event.deallocate()
  }

  /// The next event, or the error libyaml stopped at.
  func next() throws(YAMLError) -> Event {
    guard yaml_parser_parse(parser, event) == 1 else { throw currentError() }
    defer { yaml_event_delete(event) }
    let e = event.pointee
    let start = mark(e.start_mark)
    let end = mark(e.end_mark)
    switch e.type {
    case YAML_STREAM_START_EVENT:
      return .streamStart
    case YAML_STREAM_END_EVENT:
      return .streamEnd
    case YAML_DOCUMENT_START_EVENT:
      return .documentStart(start: start)
    case YAML_DOCUMENT_END_EVENT:
      return .documentEnd
    case YAML_ALIAS_EVENT:
      return .alias(name: Self.string(e.data.alias.anchor) ?? "", start: start, end: end)
    case YAML_SCALAR_EVENT:
      let data = e.data.scalar
      let text =
        data.length == 0
        ? "" : String(decoding: UnsafeBufferPointer(start: data.value, count: data.length), as: UTF8.self)
      let properties = Self.properties(tag: data.tag, anchor: data.anchor)
      return .scalar(.init(text: text, style: Self.style(data.style)), properties, start: start, end: end)
    case YAML_SEQUENCE_START_EVENT:
      let data = e.data.sequence_start
      let properties = Self.properties(tag: data.tag, anchor: data.anchor)
      return .sequenceStart(properties, isFlow: data.style == YAML_FLOW_SEQUENCE_STYLE, start: start)
    case YAML_MAPPING_START_EVENT:
      let data = e.data.mapping_start
      let properties = Self.properties(tag: data.tag, anchor: data.anchor)
      return .mappingStart(properties, isFlow: data.style == YAML_FLOW_MAPPING_STYLE, start: start)
    case YAML_SEQUENCE_END_EVENT, YAML_MAPPING_END_EVENT:
      return .collectionEnd(end: end)
    default:
      throw .syntax(message: Message.noEvent, at: start)
    }
  }

  /// The error libyaml recorded, as a `YAMLError` with a 1-based mark and a readable message.
  private func currentError() -> YAMLError {
    let p = parser.pointee
    let problem = p.problem.map { String(cString: $0) } ?? Message.unknownProblem
    switch p.error {
    case YAML_READER_ERROR:
      let at = source.mark(ofByteOffset: p.problem_offset)
      if problem == "control characters are not allowed" {
        return .controlCharacter(value: UInt32(truncatingIfNeeded: p.problem_value), at: at)
      }
      return .invalidUTF8(at: at)
    case YAML_SCANNER_ERROR, YAML_PARSER_ERROR:
      let syntax = SyntaxProblem(
        problem: problem,
        problemMark: .init(index: p.problem_mark.index, mark: mark(p.problem_mark)),
        context: p.context.map { String(cString: $0) },
        contextMark: .init(index: p.context_mark.index, mark: mark(p.context_mark))
      )
      return syntax.error(in: source)
    case YAML_MEMORY_ERROR:
      return .syntax(message: Message.outOfMemory, at: mark(p.problem_mark))
    default:
      return .syntax(message: problem, at: mark(p.problem_mark))
    }
  }

  /// A libyaml mark made 1-based.
  ///
  /// At the end of input libyaml pretends a line break follows the last line; a file without a final
  /// line break would then get marks on a line it does not have, so those point just past the last
  /// character instead.
  private func mark(_ mark: yaml_mark_t) -> Mark {
    mark.index >= characterCount ? endOfInput : Mark(mark)
  }

  private static func string(_ pointer: UnsafeMutablePointer<yaml_char_t>?) -> String? {
    guard let pointer else { return nil }
    return String(cString: pointer)
  }

  /// A node event's tag and anchor, read from libyaml's C strings.
  private static func properties(
    tag: UnsafeMutablePointer<yaml_char_t>?, anchor: UnsafeMutablePointer<yaml_char_t>?
  ) -> Event.Properties {
    Event.Properties(tag: Self.tag(tag), anchor: string(anchor))
  }

  /// The tag as written for the standard `!!` handle; other tags as libyaml resolved them.
  private static func tag(_ pointer: UnsafeMutablePointer<yaml_char_t>?) -> String? {
    guard let tag = string(pointer) else { return nil }
    if tag.hasPrefix(standardTagPrefix) { return "!!" + tag.dropFirst(standardTagPrefix.count) }
    return tag
  }

  /// What `!!` stands for.
  static let standardTagPrefix = "tag:yaml.org,2002:"

  private static func style(_ style: yaml_scalar_style_t) -> Node.Scalar.Style {
    switch style {
    case YAML_SINGLE_QUOTED_SCALAR_STYLE: .singleQuoted
    case YAML_DOUBLE_QUOTED_SCALAR_STYLE: .doubleQuoted
    case YAML_LITERAL_SCALAR_STYLE: .literal
    case YAML_FOLDED_SCALAR_STYLE: .folded
    default: .plain
    }
  }

  enum Message {
    static let outOfMemory = "libyaml ran out of memory"
    static let emptyInput = "internal error: the libyaml parser was given no input"
    static let noEvent = "libyaml returned no event"
    static let unknownProblem = "libyaml reported an unknown problem"
  }
}

extension TextPosition {
  /// Converts a 0-based libyaml mark to a 1-based mark.
  init(_ mark: yaml_mark_t) {
    self.init(line: mark.line + 1, column: mark.column + 1)
  }
}
