/// A libyaml parser event, in Swift terms, with 1-based marks.
enum Event {
  /// An anchor and tag written before a node.
  struct Properties {
    var tag: String?
    var anchor: String?
  }

  case streamStart
  case streamEnd
  case documentStart(start: Mark)
  case documentEnd
  case alias(name: String, start: Mark, end: Mark)
  case scalar(Node.Scalar, Properties, start: Mark, end: Mark)
  case sequenceStart(Properties, isFlow: Bool, start: Mark)
  case mappingStart(Properties, isFlow: Bool, start: Mark)
  /// The end of a sequence or a mapping: the tree builder closes whichever is open.
  case collectionEnd(end: Mark)
}
