/// A range of UTF-16 code units in a text field's text, like `NSRange`.
///
/// Offsets count UTF-16 code units, as UIKit's `UITextInput` and `NSRange` do: a BMP character
/// such as 中 is one unit, a supplementary-plane character such as 𠮷 (U+20BB7, CJK Extension B)
/// is two units (a surrogate pair). A `TextRange` whose bound falls between the two halves of a
/// pair is rejected by ``TextFieldModel`` with ``TextFieldError/splitsSurrogatePair(offset:)``.
///
/// ```swift
/// let caret = TextRange(location: 2, length: 0)
/// ```
public struct TextRange: Hashable, Sendable, CustomStringConvertible {
  /// The first UTF-16 offset in the range.
  public var location: Int
  /// How many UTF-16 code units the range covers.
  public var length: Int

  /// Creates a range from a start offset and a length, both in UTF-16 code units.
  public init(location: Int, length: Int) {
    self.location = location
    self.length = length
  }

  /// An empty range (a caret) at `offset`.
  public static func caret(at offset: Int) -> TextRange {
    TextRange(location: offset, length: 0)
  }

  /// The offset just past the range; `Int.max` (or `Int.min`) when `location + length` does not fit
  /// in an `Int`, so a range from untrusted data never traps (no text reaches that far).
  public var upperBound: Int {
    let (sum, overflow) = location.addingReportingOverflow(length)
    guard overflow else { return sum }
    return length > 0 ? .max : .min
  }

  /// Whether the range covers no code units.
  public var isEmpty: Bool { length == 0 }

  /// Whether `other` lies entirely inside this range (bounds included).
  public func contains(_ other: TextRange) -> Bool {
    other.location >= location && other.upperBound <= upperBound
  }

  /// `{location, length}`, the way `NSStringFromRange` prints ranges.
  public var description: String { "{\(location), \(length)}" }
}
