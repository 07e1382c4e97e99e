/// A scanner or parser error as libyaml reports it, and its rewording for people.
///
/// libyaml's problems are terse ("did not find expected key"); this names what was found at the
/// problem mark, where the enclosing construct started, and what to check. Unrecognised problems
/// keep libyaml's own words, with the context appended.
struct SyntaxProblem {
  /// A libyaml mark: `index` counts characters from the start of the input (0-based), `mark` is the
  /// same position as reported to people (1-based).
  struct RawMark {
    var index: Int
    var mark: Mark
  }

  var problem: String
  var problemMark: RawMark
  var context: String?
  var contextMark: RawMark

  /// The error to throw: the reworded message at the problem mark.
  func error(in source: SourceBytes) -> YAMLError {
    .syntax(message: message(in: source), at: problemMark.mark)
  }

  func message(in source: SourceBytes) -> String {
    let offset = source.byteOffset(ofCharacterIndex: problemMark.index)
    let foundScalar = source.scalar(atByteOffset: offset)
    let found = Self.describeToken(at: offset, in: source)
    let started = contextMark.mark.description
    let firstOnLine = source.isFirstOnLine(byteOffset: offset)
    let indentationHint = firstOnLine && foundScalar != nil ? Message.checkIndentation : ""

    switch problem {
    case "found character that cannot start any token" where foundScalar == "\t":
      return firstOnLine ? Message.tabIndentation : Message.tabSeparator
    case "found a tab character that violates indentation",
      "found a tab character where an indentation space is expected":
      return Message.tabIndentation
    case "found character that cannot start any token" where foundScalar == "@" || foundScalar == "`":
      return Message.reservedIndicator(foundScalar.map { "'\($0)'" } ?? found)
    case "mapping values are not allowed in this context":
      return Message.mappingValueNotAllowed
    case "block sequence entries are not allowed in this context":
      return Message.sequenceEntryNotAllowed
    case "did not find expected key" where context == "while parsing a block mapping":
      return Message.expectedKey(started: started, found: found) + indentationHint
    case "did not find expected '-' indicator":
      return Message.expectedSequenceItem(started: started, found: found) + indentationHint
    case "did not find expected ',' or ']'":
      return Message.expectedFlowSeparator("]", collection: "list", started: started, found: found)
    case "did not find expected ',' or '}'":
      return Message.expectedFlowSeparator("}", collection: "mapping", started: started, found: found)
    case "found unexpected end of stream" where context == "while scanning a quoted scalar":
      let quote = source.scalar(atByteOffset: source.byteOffset(ofCharacterIndex: contextMark.index))
      return Message.unclosedQuote(quote == "'" ? "'" : "\"", started: started)
    case "found unexpected document indicator" where context == "while scanning a quoted scalar":
      return Message.documentMarkerInQuote(started: started)
    case "could not find expected ':'" where context == "while scanning a simple key":
      return Message.expectedColon(started: started, found: found)
    case "did not find expected <document start>":
      return Message.contentAfterDocument(found: found)
    case "did not find expected node content":
      return Message.expectedNode(found: found)
    case "found invalid Unicode character escape code" where offset >= 2:
      let escape = source.scalars(fromByteOffset: offset - 2, limit: 10) { _ in false }
      return Message.invalidCodeEscape(escape)
    case "found unknown escape character":
      let escaped = source.scalars(fromByteOffset: offset + 1, limit: 1) { _ in false }
      return Message.unknownEscape(escaped)
    case "did not find expected alphabetic or numeric character"
    where context == "while scanning an alias" || context == "while scanning an anchor":
      return Message.badName(alias: context == "while scanning an alias", found: found)
    default:
      guard let context else { return problem }
      return "\(problem) (\(context) that starts at \(started))"
    }
  }

  /// `end of file`, `a line break`, `a tab`, or the quoted token at `offset` (up to 20 scalars).
  static func describeToken(at offset: Int, in source: SourceBytes) -> String {
    guard let first = source.scalar(atByteOffset: offset) else { return "end of file" }
    switch first {
    case "\n", "\r": return "a line break"
    case "\t": return "a tab"
    case " ": return "a space"
    default: break
    }
    let indicators: Set<Unicode.Scalar> = [
      ",", "[", "]", "{", "}", ":", "#", "-", "?", "&", "*", "!", "|", ">",
    ]
    if indicators.contains(first) { return "'\(first)'" }
    let stops: Set<Unicode.Scalar> = [" ", "\t", "\n", "\r", ",", "[", "]", "{", "}", ":", "#"]
    let token = source.scalars(fromByteOffset: offset, limit: 20) { stops.contains($0) }
    return "'\(Node.excerpt(token))'"
  }

  /// The reworded messages, in one place.
  enum Message {
    static let tabIndentation = "tab character used for indentation; YAML indents with spaces"
    static let tabSeparator =
      "tab character where YAML expects a space; separate indicators such as '-' and '?' from values with spaces"
    static let mappingValueNotAllowed =
      "mapping values are not allowed in this context; check the indentation of this line, "
      + "or quote the value if it contains ': '"
    static let sequenceEntryNotAllowed =
      "a '-' list item is not allowed here; start the list on its own line, "
      + "or quote the value if it starts with '- '"
    static let checkIndentation = "; check the indentation of this line"

    static func reservedIndicator(_ found: String) -> String {
      "found reserved character \(found), which cannot start a plain scalar; quote the value"
    }

    static func expectedKey(started: String, found: String) -> String {
      "expected a key of the mapping that starts at \(started), found \(found)"
    }

    static func expectedSequenceItem(started: String, found: String) -> String {
      "expected a '-' item of the list that starts at \(started), found \(found)"
    }

    static func expectedFlowSeparator(
      _ close: String, collection: String, started: String, found: String
    ) -> String {
      "expected ',' or '\(close)' in the \(collection) that starts at \(started), found \(found)"
    }

    static func unclosedQuote(_ quote: String, started: String) -> String {
      let kind = quote == "'" ? "single" : "double"
      return "found end of file inside the \(kind)-quoted scalar that starts at \(started); "
        + "expected a closing \(quote)"
    }

    static func documentMarkerInQuote(started: String) -> String {
      "found a document marker ('---' or '...') inside the quoted scalar that starts at \(started); "
        + "expected a closing quote"
    }

    static func expectedColon(started: String, found: String) -> String {
      "expected ':' after the key that starts at \(started), found \(found)"
    }

    static func contentAfterDocument(found: String) -> String {
      "found \(found) after the document's root node ended; expected the end of the file"
    }

    static func expectedNode(found: String) -> String {
      "expected a value, found \(found)"
    }

    static func unknownEscape(_ escaped: String) -> String {
      "unknown escape sequence '\\\(Node.excerpt(escaped))' in a double-quoted scalar; "
        + "write '\\\\' for a backslash, or use single quotes"
    }

    static func invalidCodeEscape(_ escape: String) -> String {
      let code = escape.prefix(escape.hasPrefix("\\U") ? 10 : 6)
      return
        "'\(Node.excerpt(String(code)))' in a double-quoted scalar is no character (a UTF-16 surrogate, half "
        + "of a pair, or past U+10FFFF); write the character itself, or replace the escape with '\\ufffd'"
    }

    static func badName(alias: Bool, found: String) -> String {
      let sigil = alias ? "*" : "&"
      let what = alias ? "an alias" : "an anchor"
      return "expected \(what) name (letters, digits, '-' or '_') after '\(sigil)', found \(found)"
    }
  }
}
