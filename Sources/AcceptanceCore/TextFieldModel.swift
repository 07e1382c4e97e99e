/// A text field with the `UITextInput` semantics that matter for composition: text, marked text
/// and selection, in UTF-16 code units.
///
/// `text` includes the marked (provisional, still-composing) text, as `UITextField.text` does.
/// ``markedTextRange`` is `nil` when nothing is being composed; while composing, the selection
/// always lies inside the marked text. All ranges count UTF-16 code units like `NSRange`: a CJK
/// Extension B character such as 𠮷 is two units, and no operation ever leaves a range bound
/// between the two halves of a surrogate pair (such requests throw ``TextFieldError``).
///
/// Mutations never notify anyone by themselves. A driver (a keyboard simulation, a replayed
/// trace) mutates the field, then calls ``send(_:)`` with the events iOS would deliver, so that
/// tests can reproduce keyboards that send zero, one or two `editingChanged` on one commit.
///
/// ```swift
/// let field = TextFieldModel()
/// try field.setMarkedText("zhong", selectedRange: .caret(at: 5))
/// field.send(.editingChanged)          // a validator sees "zhong", composing
/// try field.setMarkedText("中", selectedRange: .caret(at: 1))
/// field.unmarkText()
/// field.send(.editingChanged)          // a validator sees "中", committed
/// ```
///
/// Confine a field to one thread (the main thread in an app).
public final class TextFieldModel {
  /// The text, marked text included, as UTF-16 code units.
  public private(set) var utf16: [UInt16]
  /// The range of the marked text, or `nil` when nothing is being composed.
  public private(set) var markedTextRange: TextRange?
  /// The selection; an empty range is the caret.
  public private(set) var selectedTextRange: TextRange
  private var observers: [WeakObserver] = []
  /// ``text`` as last built from ``utf16``, until the units change: observers read the text of one
  /// state several times.
  private var builtText: String?

  /// Creates a field holding `text`, not composing, with the caret at the end.
  public init(text: String = "") {
    utf16 = Array(text.utf16)
    markedTextRange = nil
    selectedTextRange = .caret(at: utf16.count)
  }

  /// Creates a field in an arbitrary state without checking it; only for testing the invariant
  /// checker itself.
  init(uncheckedUTF16 units: [UInt16], marked: TextRange?, selected: TextRange) {
    utf16 = units
    markedTextRange = marked
    selectedTextRange = selected
  }

  /// The whole text, marked text included; assigning it is a programmatic change.
  ///
  /// Assignment drops any marked text (composition ends without a commit event) and puts the
  /// caret at the end, as `UITextField.text = …` does; like UIKit it sends no event.
  public var text: String {
    get {
      if let builtText { return builtText }
      let text = String(decoding: utf16, as: UTF16.self)
      builtText = text
      return text
    }
    set {
      utf16 = Array(newValue.utf16)
      builtText = newValue
      markedTextRange = nil
      selectedTextRange = .caret(at: utf16.count)
    }
  }

  /// Whether text is being composed (``markedTextRange`` is not `nil`).
  public var isComposing: Bool { markedTextRange != nil }

  /// The marked text itself, or `nil` when nothing is being composed.
  public var markedText: String? {
    markedTextRange.map { substring($0) }
  }

  /// The text in `range`.
  ///
  /// - Throws: ``TextFieldError`` when `range` is outside the text or splits a surrogate pair.
  public func text(in range: TextRange) throws(TextFieldError) -> String {
    try Self.check(range, in: utf16)
    return substring(range)
  }

  /// Sets the marked text, replacing the current marked text or, when there is none, the
  /// selection; `selectedRange` is relative to the new marked text.
  ///
  /// Setting an empty string removes the marked text and ends composition with the caret where
  /// the marked text was.
  ///
  /// - Parameters:
  ///   - markedText: The provisional text the input method shows, such as `zhong` or `にn`.
  ///   - selectedRange: The selection inside `markedText`, in its UTF-16 code units.
  /// - Throws: ``TextFieldError`` when `selectedRange` is outside `markedText` or splits a
  ///   surrogate pair; the field is then unchanged.
  public func setMarkedText(_ markedText: String, selectedRange: TextRange) throws(TextFieldError) {
    let newUnits = Array(markedText.utf16)
    try Self.check(selectedRange, in: newUnits)
    let target = markedTextRange ?? selectedTextRange
    splice(target, with: newUnits)
    if newUnits.isEmpty {
      markedTextRange = nil
      selectedTextRange = .caret(at: target.location)
    } else {
      markedTextRange = TextRange(location: target.location, length: newUnits.count)
      selectedTextRange = TextRange(
        location: target.location + selectedRange.location, length: selectedRange.length)
    }
  }

  /// Commits the marked text as it is and ends composition; the text does not change and the
  /// caret moves to the end of the committed text, as after confirming a candidate.
  public func unmarkText() {
    guard let marked = markedTextRange else { return }
    markedTextRange = nil
    selectedTextRange = .caret(at: marked.upperBound)
  }

  /// Inserts `text` in place of the marked text (ending composition) or of the selection, and
  /// puts the caret after it.
  public func insertText(_ text: String) {
    let newUnits = Array(text.utf16)
    let target = markedTextRange ?? selectedTextRange
    splice(target, with: newUnits)
    markedTextRange = nil
    selectedTextRange = .caret(at: target.location + newUnits.count)
  }

  /// Deletes the selection, or the character (extended grapheme cluster) before the caret.
  ///
  /// While composing, deletion stays inside the marked text; deleting its last character ends
  /// composition. At the start of the text (or of the marked text) nothing happens.
  public func deleteBackward() {
    var deleted: TextRange
    if !selectedTextRange.isEmpty {
      deleted = selectedTextRange
    } else {
      let caret = selectedTextRange.location
      let floor = markedTextRange?.location ?? 0
      guard caret > floor else { return }
      let before = String(decoding: utf16[floor..<caret], as: UTF16.self)
      let width = before.last.map { String($0).utf16.count } ?? 0
      deleted = TextRange(location: caret - width, length: width)
    }
    splice(deleted, with: [])
    selectedTextRange = .caret(at: deleted.location)
    if let marked = markedTextRange {
      let remaining = marked.length - deleted.length
      markedTextRange = remaining > 0 ? TextRange(location: marked.location, length: remaining) : nil
    }
  }

  /// Replaces the text in `range` with `text`, ends any composition, and puts the caret after
  /// the replacement (how the Korean keyboard rewrites the syllable being typed).
  ///
  /// - Throws: ``TextFieldError`` when `range` is outside the text or splits a surrogate pair.
  public func replace(_ range: TextRange, with text: String) throws(TextFieldError) {
    try Self.check(range, in: utf16)
    let newUnits = Array(text.utf16)
    splice(range, with: newUnits)
    markedTextRange = nil
    selectedTextRange = .caret(at: range.location + newUnits.count)
  }

  /// Selects `range`; selecting outside the marked text commits it first, as UIKit does when
  /// the user taps elsewhere in the field.
  ///
  /// - Throws: ``TextFieldError`` when `range` is outside the text or splits a surrogate pair.
  public func select(_ range: TextRange) throws(TextFieldError) {
    try Self.check(range, in: utf16)
    if let marked = markedTextRange, !marked.contains(range) {
      markedTextRange = nil
    }
    selectedTextRange = range
  }

  /// Registers `observer` to receive the events sent with ``send(_:)``; held weakly.
  public func addObserver(_ observer: any TextFieldObserver) {
    observers.removeAll { $0.value == nil || $0.value === observer }
    observers.append(WeakObserver(value: observer))
  }

  /// Delivers `event` to every live observer, in registration order.
  public func send(_ event: TextFieldEvent) {
    for observer in observers {
      observer.value?.textField(self, didReceive: event)
    }
  }

  private func substring(_ range: TextRange) -> String {
    String(decoding: utf16[range.location..<range.upperBound], as: UTF16.self)
  }

  private func splice(_ range: TextRange, with units: [UInt16]) {
    utf16.replaceSubrange(range.location..<range.upperBound, with: units)
    builtText = nil
  }

  /// Checks that `range` lies inside `units` and that neither bound splits a surrogate pair.
  static func check(_ range: TextRange, in units: [UInt16]) throws(TextFieldError) {
    guard range.location >= 0, range.length >= 0 else { throw .negativeRange(range) }
    // Compared without adding, so a range of `Int.max` is refused rather than overflowing.
    guard range.location <= units.count, range.length <= units.count - range.location else {
      throw .rangeOutOfBounds(range, limit: units.count)
    }
    for offset in [range.location, range.upperBound] where splitsSurrogatePair(units, at: offset) {
      throw .splitsSurrogatePair(offset: offset)
    }
  }

  /// Whether `offset` falls between a high and a low surrogate in `units`.
  static func splitsSurrogatePair(_ units: [UInt16], at offset: Int) -> Bool {
    guard offset > 0, offset < units.count else { return false }
    return UTF16.isLeadSurrogate(units[offset - 1]) && UTF16.isTrailSurrogate(units[offset])
  }
}

/// A weak reference to an observer, so that a validator holding its field creates no cycle.
private struct WeakObserver {
  weak var value: (any TextFieldObserver)?
}
