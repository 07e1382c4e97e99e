/// Why a ``TextFieldModel`` refused an edit; the field is unchanged when one is thrown.
public enum TextFieldError: Error, Hashable, Sendable, CustomStringConvertible {
  /// The range reaches outside the text (or the marked text, for a selection relative to it).
  case rangeOutOfBounds(TextRange, limit: Int)
  /// The range has a negative location or length.
  case negativeRange(TextRange)
  /// A range bound falls between the high and low surrogate of one character.
  case splitsSurrogatePair(offset: Int)

  /// One sentence naming the offending range.
  public var description: String {
    switch self {
    case .rangeOutOfBounds(let range, let limit):
      "range \(range) reaches past UTF-16 length \(limit)"
    case .negativeRange(let range):
      "range \(range) has a negative location or length"
    case .splitsSurrogatePair(let offset):
      "UTF-16 offset \(offset) falls inside a surrogate pair"
    }
  }
}
