import QAPassHarness

/// A text field that applies the keyboard's UTF-16 ranges as counts of characters: the negative
/// control of `r5` (editing after an astral character).
///
/// `UITextInput` ranges count UTF-16 code units, as `NSRange` does; code that takes them as `Character`
/// offsets is right until the text holds a character outside the Basic Multilingual Plane (𠮷 is two
/// units and one character), after which every range lands one unit short and the next marked text
/// is written in the wrong place. The field judges nothing (no message, submit disabled, every
/// submission refused): `r5` checks text alone. With `countsCharacters: false` it converts the ranges
/// correctly and passes `r5`, so its failure pins down the offsets.
///
/// ```swift
/// let field = CharacterOffsetField(countsCharacters: true)
/// field.insertText("\u{20BB7}")
/// field.setMarkedText("y", selectedRange: .caret(at: 1))   // writes "y" at unit 2: the end, by luck
/// field.setMarkedText("ya", selectedRange: .caret(at: 2))  // replaces {2, 1}: characters 2..<3, past the end
/// field.text                                               // "𠮷yya", not "𠮷ya"
/// ```
package final class CharacterOffsetField: CompositionSubject {
  /// Whether ranges are taken as character offsets (the flaw) rather than UTF-16 code units.
  package let countsCharacters: Bool
  /// The field's whole text, marked text included.
  package private(set) var text = ""
  private var marked: PackRange?
  private var selection = PackRange.caret(at: 0)

  /// Creates an empty field.
  package init(countsCharacters: Bool) {
    self.countsCharacters = countsCharacters
  }

  /// The string index of `offset`, a UTF-16 offset the keyboard gave, as the field reads it.
  private func index(_ offset: Int) -> String.Index {
    if countsCharacters {
      return text.index(text.startIndex, offsetBy: min(max(offset, 0), text.count))
    }
    let units = text.utf16
    let index = units.index(units.startIndex, offsetBy: min(max(offset, 0), units.count))
    return index.samePosition(in: text) ?? text.endIndex
  }

  private func splice(_ range: PackRange, with new: String) {
    let lower = index(range.location)
    let upper = max(lower, index(range.location + range.length))
    text.replaceSubrange(lower..<upper, with: new)
  }

  /// `setMarkedText(_:selectedRange:)`.
  package func setMarkedText(_ new: String, selectedRange: PackRange) {
    let target = marked ?? selection
    splice(target, with: new)
    let length = new.utf16.count
    marked = length == 0 ? nil : PackRange(location: target.location, length: length)
    selection = PackRange(location: target.location + selectedRange.location, length: selectedRange.length)
  }

  /// `unmarkText()`.
  package func unmarkText() {
    guard let range = marked else { return }
    marked = nil
    selection = .caret(at: range.location + range.length)
  }

  /// `insertText(_:)`.
  package func insertText(_ new: String) {
    let target = marked ?? selection
    splice(target, with: new)
    marked = nil
    selection = .caret(at: target.location + new.utf16.count)
  }

  /// `deleteBackward()`: the selection, or the character before the caret.
  package func deleteBackward() {
    if selection.length > 0 {
      splice(selection, with: "")
      selection = .caret(at: selection.location)
    } else if selection.location > 0 {
      let end = index(selection.location)
      guard end > text.startIndex else { return }
      let removed = text.remove(at: text.index(before: end))
      selection = .caret(at: max(0, selection.location - String(removed).utf16.count))
    }
    marked = nil
  }

  /// `replace(_:withText:)`.
  package func replace(_ range: PackRange, with new: String) {
    splice(range, with: new)
    marked = nil
    selection = .caret(at: range.location + new.utf16.count)
  }

  /// `select(_:)`: a selection outside the marked text ends the composition.
  package func select(_ range: PackRange) {
    if let current = marked,
      range.location < current.location || range.location + range.length > current.location + current.length
    {
      marked = nil
    }
    selection = range
  }

  /// Code assigns the text.
  package func assignText(_ new: String) {
    text = new
    marked = nil
    selection = .caret(at: new.utf16.count)
  }

  /// Return submits; other events change nothing (the field judges nothing).
  package func receive(_ event: FieldEvent) -> Submission? {
    event == .returnKey ? submit(via: .button) : nil
  }

  /// Refused: while composing as such, otherwise as invalid (nothing is judged, nothing sent).
  package func submit(via path: SubmitPath) -> Submission {
    marked == nil ? .refusedInvalid : .refusedComposing
  }

  /// Never shown.
  package var isMessageShown: Bool { false }
  /// Never enabled.
  package var isSubmitEnabled: Bool { false }
  /// No message.
  package var messageText: String? { nil }
}
