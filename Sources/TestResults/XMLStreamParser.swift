internal import CLibXML2

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// What an ``XMLStreamParser`` reports while it reads, in document order.
protocol XMLStreamParserDelegate: AnyObject {
  /// An element starts. `name` is its qualified name (`prefix:local` or `local`); `attributes` are
  /// decoded (`&amp;` is `&`).
  func parser(
    _ parser: XMLStreamParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?,
    attributes: [String: String])
  /// An element ends.
  func parser(
    _ parser: XMLStreamParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?)
  /// Text (or a CDATA section's content) inside an element, in one or more pieces.
  func parser(_ parser: XMLStreamParser, foundCharacters string: String)
}

extension XMLStreamParserDelegate {
  func parser(_ parser: XMLStreamParser, foundCharacters string: String) {}
}

/// A streaming XML parser over libxml2's SAX2 interface, for untrusted files.
///
/// It reads any byte sequence without trapping: text that is not well-formed XML (bad UTF-8, an
/// undeclared entity such as `&\u{FF};`) ends the parse with ``problem``. The limits are qapass's, not
/// libxml2's: libxml2's hard-coded ones (10,000,000 bytes of text in one node or of look-ahead, which
/// refused real JUnit files over 10 MB) are lifted with `XML_PARSE_HUGE`, and the size of the input is
/// checked by the caller before parsing. A document type declaration (`<!DOCTYPE`) ends the parse where
/// it starts: with no DTD there are no entities to declare, so no external entity is ever loaded (XXE)
/// and no entity expands (billion laughs); `XML_PARSE_HUGE` lifts libxml2's own entity-amplification
/// check, so this refusal is what keeps them out. `XML_PARSE_NONET` forbids the network besides.
///
/// ```swift
/// final class Names: XMLStreamParserDelegate {
///   var names: [String] = []
///   func parser(
///     _ parser: XMLStreamParser, didStartElement name: String, namespaceURI: String?,
///     qualifiedName: String?, attributes: [String: String]
///   ) { names.append(name) }
///   func parser(
///     _ parser: XMLStreamParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?
///   ) {}
/// }
/// let names = Names()
/// let parser = XMLStreamParser(bytes: Array("<a><b/></a>".utf8))
/// parser.delegate = names
/// parser.parse()  // true; names.names == ["a", "b"]
/// ```
final class XMLStreamParser {
  /// Why the parse stopped, with its 1-based place.
  struct Problem: Error, Hashable {
    /// 1-based line.
    var line: Int
    /// 1-based column.
    var column: Int
    /// What is wrong, in libxml2's words or qapass's.
    var message: String
    /// libxml2's error code (`xmlParserErrors`), 0 for qapass's own refusals.
    var code: Int
  }

  /// libxml2's code for a document with no element (`XML_ERR_DOCUMENT_EMPTY`).
  static let emptyDocumentCode = Int(XML_ERR_DOCUMENT_EMPTY.rawValue)

  /// What a document type declaration is told.
  static let doctypeRefused =
    "a document type declaration (<!DOCTYPE>) is not accepted: JUnit XML has none, and qapass expands no entity"

  /// The most attributes one element may have. libxml2 2.9 looks for a duplicate attribute by comparing
  /// each with all before it, so its time grows with the square of their number (200,000 attributes in
  /// a 2.3 MB file took 26 s); JUnit elements have about ten.
  static let maxAttributes = 100

  /// The receiver of the parse's events (held weakly, as Foundation's `XMLParser` does).
  weak var delegate: (any XMLStreamParserDelegate)?
  /// Why the parse stopped, once ``parse()`` returned `false`.
  private(set) var problem: Problem?
  /// Whether an element started.
  private(set) var sawElement = false

  private let bytes: [UInt8]
  private var context: xmlParserCtxtPtr?

  /// Creates a parser over `bytes`; nothing is read before ``parse()``.
  init(bytes: [UInt8]) {
    self.bytes = bytes
  }

  /// The 1-based line the parser is at (during a callback: the end of what it reports).
  var lineNumber: Int { context.flatMap { $0.pointee.input }.map { Int($0.pointee.line) } ?? 0 }

  /// The 1-based column the parser is at.
  var columnNumber: Int { context.flatMap { $0.pointee.input }.map { Int($0.pointee.col) } ?? 0 }

  /// The 1-based line and column (in scalars) of the `<` that opens the element being reported, during
  /// ``XMLStreamParserDelegate/parser(_:didStartElement:namespaceURI:qualifiedName:attributes:)``
  /// (``lineNumber`` and ``columnNumber`` are past its last attribute); `nil` outside a parse.
  ///
  /// - Complexity: O(*t* + *c*) for a start tag of *t* bytes at column *c*.
  var elementStart: (line: Int, column: Int)? {
    guard let input = context?.pointee.input, let base = input.pointee.base, let cur = input.pointee.cur,
      cur >= base
    else { return nil }
    // An attribute value holds no `<`, so the last one before the parser's place opens the tag.
    var open = cur
    while open > base, open.pointee != UInt8(ascii: "<") { open -= 1 }
    guard open.pointee == UInt8(ascii: "<") else { return nil }
    var lines = 0
    var scan = open
    while scan < cur {
      if scan.pointee == UInt8(ascii: "\n") { lines += 1 }
      scan += 1
    }
    var column = 1
    var back = open
    while back > base, (back - 1).pointee != UInt8(ascii: "\n") {
      back -= 1
      if back.pointee & 0xC0 != 0x80 { column += 1 }
    }
    return (max(1, lineNumber - lines), column)
  }

  /// Stops the parse from a callback; ``parse()`` then returns `false`.
  func abortParsing() {
    if let context { xmlStopParser(context) }
  }

  /// Reads the whole input, calling the delegate.
  ///
  /// - Returns: `true` when the document is well-formed and nothing aborted; otherwise ``problem``
  ///   says why (an abort from the delegate leaves it `nil` unless the delegate set one).
  @discardableResult
  func parse() -> Bool {
    _ = Self.initialised
    var handler = xmlSAXHandler()
    handler.initialized = XML_SAX2_MAGIC
    handler.startElementNs = { user, local, prefix, uri, _, _, count, _, attributes in
      guard let parser = XMLStreamParser.from(user) else { return }
      parser.startElement(local: local, prefix: prefix, uri: uri, count: Int(count), attributes: attributes)
    }
    handler.endElementNs = { user, local, prefix, uri in
      guard let parser = XMLStreamParser.from(user) else { return }
      let name = XMLStreamParser.qualified(local, prefix)
      parser.delegate?.parser(
        parser, didEndElement: name, namespaceURI: uri.map { String(cString: $0) }, qualifiedName: name)
    }
    let characters: charactersSAXFunc = { user, text, length in
      guard let parser = XMLStreamParser.from(user), let text, length > 0 else { return }
      let string = String(decoding: UnsafeBufferPointer(start: text, count: Int(length)), as: UTF8.self)
      parser.delegate?.parser(parser, foundCharacters: string)
    }
    handler.characters = characters
    handler.cdataBlock = characters
    handler.internalSubset = { user, _, _, _ in
      guard let parser = XMLStreamParser.from(user) else { return }
      parser.refuse(XMLStreamParser.doctypeRefused)
    }
    handler.entityDecl = { user, _, _, _, _, _ in
      guard let parser = XMLStreamParser.from(user) else { return }
      parser.refuse(XMLStreamParser.doctypeRefused)
    }
    handler.serror = { user, error in
      guard let parser = XMLStreamParser.from(user), let error else { return }
      parser.report(error.pointee)
    }

    let user = Unmanaged.passUnretained(self).toOpaque()
    return bytes.withUnsafeBufferPointer { buffer -> Bool in
      if let crowded = Self.firstCrowdedElement(buffer, limit: Self.maxAttributes) {
        problem = Problem(
          line: crowded.line, column: crowded.column, message: Self.tooManyAttributes, code: 0)
        return false
      }
      let raw = UnsafeRawBufferPointer(buffer).bindMemory(to: CChar.self)
      // libxml2 makes no context for an empty input.
      guard let base = raw.baseAddress, !raw.isEmpty,
        let context = xmlCreateMemoryParserCtxt(base, Int32(raw.count))
      else {
        problem = Problem(line: 1, column: 1, message: "Document is empty", code: Self.emptyDocumentCode)
        return false
      }
      self.context = context
      defer {
        self.context = nil
        // A document libxml2 made for itself is not freed with the context (fuzz-junit found one leaked
        // when entity substitution was on).
        if let document = context.pointee.myDoc {
          xmlFreeDoc(document)
          context.pointee.myDoc = nil
        }
        xmlFreeParserCtxt(context)
      }
      // The context's own handler (freed with it) takes qapass's callbacks.
      context.pointee.sax.pointee = handler
      context.pointee.userData = user
      // No XML_PARSE_NOENT: with it libxml2 keeps declared entities in a document of its own, even after
      // a fatal error has turned the callbacks off and the DOCTYPE was never refused (the parse goes on
      // to the end). Without it no entity is ever stored, and attribute values keep only `&#38;` for
      // `&` (see `startElement`).
      let options = XML_PARSE_HUGE.rawValue | XML_PARSE_NONET.rawValue
      xmlCtxtUseOptions(context, Int32(options))
      // The whole input at once (a pull parse): the push parser searched its unparsed input again for
      // every chunk while one start tag spanned many (a 50 MB attribute took over 20 s).
      _ = xmlParseDocument(context)
      if problem == nil, context.pointee.wellFormed == 0 {
        problem = Problem(
          line: max(1, lineNumber), column: max(1, columnNumber), message: "the XML is not well-formed",
          code: Int(context.pointee.errNo))
      }
      let stopped = context.pointee.errNo == Int32(XML_ERR_USER_STOP.rawValue)
      return problem == nil && context.pointee.wellFormed != 0 && !stopped
    }
  }

  /// What an element with too many attributes is told.
  static let tooManyAttributes =
    "an element has more than \(maxAttributes) attributes (XMLStreamParser.maxAttributes); JUnit elements have a few"

  /// The place of the first tag with more than `limit` attributes (counted by their `=` outside quoted
  /// values), skipping comments, CDATA sections and processing instructions; `nil` when there is none.
  /// Malformed text is left for libxml2 to report.
  ///
  /// - Complexity: O(*n*); text, quoted values and skipped sections are crossed with `memchr`.
  static func firstCrowdedElement(_ bytes: UnsafeBufferPointer<UInt8>, limit: Int) -> (
    line: Int, column: Int
  )? {
    guard let base = bytes.baseAddress else { return nil }
    let end = bytes.count
    func find(_ byte: UInt8, from index: Int) -> Int? {
      guard index < end, let found = memchr(base + index, Int32(byte), end - index) else { return nil }
      return base.distance(to: found.assumingMemoryBound(to: UInt8.self))
    }
    func starts(_ prefix: StaticString, at index: Int) -> Bool {
      index + prefix.utf8CodeUnitCount <= end
        && memcmp(base + index, prefix.utf8Start, prefix.utf8CodeUnitCount) == 0
    }
    // The index just after the first `needle` from `index` (memmem is not in Glibc's Swift module).
    func find(_ needle: StaticString, from index: Int) -> Int? {
      var index = index
      while let first = find(needle.utf8Start.pointee, from: index) {
        if starts(needle, at: first) { return first + needle.utf8CodeUnitCount }
        index = first + 1
      }
      return nil
    }
    var index = 0
    while let open = find(UInt8(ascii: "<"), from: index) {
      index = open + 1
      if starts("!--", at: index) {
        guard let after = find("-->", from: index + 3) else { return nil }
        index = after
        continue
      }
      if starts("![CDATA[", at: index) {
        guard let after = find("]]>", from: index + 8) else { return nil }
        index = after
        continue
      }
      if starts("?", at: index) {
        guard let after = find("?>", from: index + 1) else { return nil }
        index = after
        continue
      }
      var count = 0
      scan: while index < end {
        switch base[index] {
        case UInt8(ascii: "\""), UInt8(ascii: "'"):
          guard let close = find(base[index], from: index + 1) else { return nil }
          index = close
        case UInt8(ascii: "="):
          count += 1
          if count > limit { return place(of: open, in: base) }
        case UInt8(ascii: ">"), UInt8(ascii: "<"):
          break scan
        default:
          break
        }
        index += 1
      }
    }
    return nil
  }

  /// The 1-based line and byte column of `offset`.
  private static func place(of offset: Int, in base: UnsafePointer<UInt8>) -> (line: Int, column: Int) {
    var line = 1
    var lineStart = 0
    var index = 0
    while index < offset, let found = memchr(base + index, Int32(UInt8(ascii: "\n")), offset - index) {
      index = base.distance(to: found.assumingMemoryBound(to: UInt8.self)) + 1
      line += 1
      lineStart = index
    }
    return (line, offset - lineStart + 1)
  }

  // MARK: Callbacks

  private static let initialised: Void = xmlInitParser()

  private static func from(_ user: UnsafeMutableRawPointer?) -> XMLStreamParser? {
    user.map { Unmanaged<XMLStreamParser>.fromOpaque($0).takeUnretainedValue() }
  }

  private static func qualified(_ local: UnsafePointer<xmlChar>?, _ prefix: UnsafePointer<xmlChar>?) -> String
  {
    let name = local.map { String(cString: $0) } ?? ""
    return prefix.map { String(cString: $0) + ":" + name } ?? name
  }

  private func startElement(
    local: UnsafePointer<xmlChar>?, prefix: UnsafePointer<xmlChar>?, uri: UnsafePointer<xmlChar>?, count: Int,
    attributes: UnsafeMutablePointer<UnsafePointer<xmlChar>?>?
  ) {
    sawElement = true
    var values: [String: String] = [:]
    if let attributes {
      // Five pointers per attribute: local name, prefix, URI, value start, value end.
      for index in 0..<count {
        let base = attributes + 5 * index
        guard let start = base[3], let end = base[4] else { continue }
        let key = Self.qualified(base[0], base[1])
        var value = String(decoding: UnsafeBufferPointer(start: start, count: end - start), as: UTF8.self)
        // Without entity substitution libxml2 hands `&amp;` and `&#38;` on as `&#38;`, and nothing else
        // with a `&` (an undeclared entity is a fatal error; no entity can be declared).
        if memchr(start, Int32(UInt8(ascii: "&")), end - start) != nil {
          value = value.replacing("&#38;", with: "&")
        }
        values[key] = values[key] ?? value
      }
    }
    let name = Self.qualified(local, prefix)
    delegate?.parser(
      self, didStartElement: name, namespaceURI: uri.map { String(cString: $0) }, qualifiedName: name,
      attributes: values)
  }

  private func refuse(_ message: String) {
    if problem == nil {
      problem = Problem(line: max(1, lineNumber), column: max(1, columnNumber), message: message, code: 0)
    }
    abortParsing()
  }

  private func report(_ error: xmlError) {
    // Namespace and other recoverable errors (XML_ERR_ERROR) leave the document well-formed.
    guard problem == nil, error.level == XML_ERR_FATAL else { return }
    let text = error.message.map { String(cString: $0) } ?? "parser error \(error.code)"
    problem = Problem(
      line: max(1, Int(error.line)), column: max(1, Int(error.int2)),
      message: String(text.drop { $0 == " " }.reversed().drop { $0.isWhitespace }.reversed()),
      code: Int(error.code))
  }
}
