extension TextFieldModel {
  /// A broken structural rule of a ``TextFieldModel``.
  public enum InvariantViolation: Hashable, Sendable, CustomStringConvertible {
    /// The selection is negative or reaches past the text.
    case selectionOutOfBounds(TextRange, utf16Count: Int)
    /// The marked range is negative or reaches past the text.
    case markedRangeOutOfBounds(TextRange, utf16Count: Int)
    /// A marked range exists but is empty (UIKit reports `nil` instead).
    case emptyMarkedRange(TextRange)
    /// While composing, the selection is not inside the marked text.
    case selectionOutsideMarkedText(selection: TextRange, marked: TextRange)
    /// A range bound falls inside a surrogate pair.
    case splitSurrogatePair(offset: Int)

    /// One sentence describing the violation.
    public var description: String {
      switch self {
      case .selectionOutOfBounds(let range, let count):
        "selection \(range) is outside the text (UTF-16 length \(count))"
      case .markedRangeOutOfBounds(let range, let count):
        "marked range \(range) is outside the text (UTF-16 length \(count))"
      case .emptyMarkedRange(let range):
        "marked range \(range) is empty instead of nil"
      case .selectionOutsideMarkedText(let selection, let marked):
        "selection \(selection) is not inside marked range \(marked)"
      case .splitSurrogatePair(let offset):
        "range bound \(offset) splits a surrogate pair"
      }
    }
  }

  /// Every structural rule the field currently breaks; empty for a healthy field.
  ///
  /// The rules: the selection and the marked range lie inside the text; a marked range is never
  /// empty; while composing, the selection lies inside the marked text; no range bound splits a
  /// surrogate pair. Tests call this after every step.
  ///
  /// - Complexity: O(1).
  public func checkInvariants() -> [InvariantViolation] {
    var violations: [InvariantViolation] = []
    let count = utf16.count
    var bounds: [Int] = []
    if Self.isInside(selectedTextRange, count: count) {
      bounds += [selectedTextRange.location, selectedTextRange.upperBound]
    } else {
      violations.append(.selectionOutOfBounds(selectedTextRange, utf16Count: count))
    }
    if let marked = markedTextRange {
      if !Self.isInside(marked, count: count) {
        violations.append(.markedRangeOutOfBounds(marked, utf16Count: count))
      } else {
        bounds += [marked.location, marked.upperBound]
        if marked.isEmpty { violations.append(.emptyMarkedRange(marked)) }
        if !marked.contains(selectedTextRange) {
          violations.append(.selectionOutsideMarkedText(selection: selectedTextRange, marked: marked))
        }
      }
    }
    var reported: Set<Int> = []
    for offset in bounds where Self.splitsSurrogatePair(utf16, at: offset) && reported.insert(offset).inserted
    {
      violations.append(.splitSurrogatePair(offset: offset))
    }
    return violations
  }

  private static func isInside(_ range: TextRange, count: Int) -> Bool {
    range.location >= 0 && range.length >= 0 && range.upperBound <= count
  }
}
