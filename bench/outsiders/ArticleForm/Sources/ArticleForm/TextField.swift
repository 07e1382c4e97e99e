/// A range of UTF-16 code units, as `NSRange` and `UITextInput` count them.
public struct TextRange: Hashable, Sendable, CustomStringConvertible {
  /// The first code unit.
  public var location: Int
  /// The number of code units.
  public var length: Int

  /// Creates a range.
  public init(location: Int, length: Int) {
    self.location = location
    self.length = length
  }

  /// An empty range at `offset`.
  public static func caret(_ offset: Int) -> TextRange { TextRange(location: offset, length: 0) }

  /// One past the last code unit.
  public var end: Int { location + length }

  /// `{location, length}`.
  public var description: String { "{\(location), \(length)}" }
}

/// What a text field tells the code that listens to it (the `UITextFieldDelegate` methods the form uses).
public protocol TextFieldDelegate: AnyObject {
  /// `textFieldDidBeginEditing(_:)`.
  func textFieldDidBeginEditing(_ field: TextField)
  /// `textFieldDidEndEditing(_:)`.
  func textFieldDidEndEditing(_ field: TextField)
  /// `textFieldDidChangeSelection(_:)`: the selection or the marked range changed.
  func textFieldDidChangeSelection(_ field: TextField)
  /// `textFieldShouldReturn(_:)`.
  func textFieldShouldReturn(_ field: TextField) -> Bool
}

/// The form's text field: the state a `UITextField` keeps for the text-input system, and the
/// target-action and delegate wiring the form listens through.
///
/// Operations change the text as UIKit's `UITextInput` methods do and send nothing; the system
/// sends events separately (``sendActions(for:)`` and the delegate calls), as on a device, where
/// zero, one or two `editingChanged` follow a commit. Ranges are in UTF-16 code units, so a
/// character outside the BMP (𠮷) counts two.
///
/// ```swift
/// let field = TextField()
/// field.setMarkedText("zhang", selectedRange: .caret(5))   // text "zhang", marked {0, 5}
/// field.insertText("张")                                   // text "张", no marked text
/// ```
public final class TextField {
  /// A control event targets can listen to.
  public enum Event: Hashable, Sendable {
    /// `.editingDidBegin`.
    case editingDidBegin
    /// `.editingChanged`.
    case editingChanged
    /// `.editingDidEnd`.
    case editingDidEnd
  }

  /// The whole text, marked text included.
  public private(set) var text = ""
  /// The marked (uncommitted) text's range, or `nil` when nothing is being composed.
  public private(set) var markedTextRange: TextRange?
  /// The selection; an empty range is the caret.
  public private(set) var selectedTextRange = TextRange.caret(0)
  /// The delegate.
  public weak var delegate: (any TextFieldDelegate)?
  private var targets: [Event: [() -> Void]] = [:]

  /// Creates an empty field.
  public init() {}

  /// Adds a target action for `event` (`addTarget(_:action:for:)`).
  public func addTarget(for event: Event, action: @escaping () -> Void) {
    targets[event, default: []].append(action)
  }

  /// Sends `event` to its targets, and the matching delegate call for focus events.
  public func sendActions(for event: Event) {
    switch event {
    case .editingDidBegin: delegate?.textFieldDidBeginEditing(self)
    case .editingDidEnd: delegate?.textFieldDidEndEditing(self)
    case .editingChanged: break
    }
    for action in targets[event] ?? [] { action() }
  }

  /// Tells the delegate that the selection or the marked range changed.
  public func sendSelectionChanged() { delegate?.textFieldDidChangeSelection(self) }

  /// Tells the delegate that Return was pressed; returns its answer.
  @discardableResult
  public func sendReturn() -> Bool { delegate?.textFieldShouldReturn(self) ?? true }

  /// Code assigns the text (`field.text = …`): the composition ends, the caret goes to the end, and no
  /// event is sent.
  public func setText(_ newText: String) {
    text = newText
    markedTextRange = nil
    selectedTextRange = .caret(newText.utf16.count)
  }

  /// `setMarkedText(_:selectedRange:)`: replaces the marked text, or the selection when there is
  /// none, with `marked`, marked; `selectedRange` is relative to the marked text. An empty text
  /// removes the marked text.
  public func setMarkedText(_ marked: String, selectedRange: TextRange) {
    let target = markedTextRange ?? selectedTextRange
    replaceCodeUnits(target, with: marked)
    let length = marked.utf16.count
    markedTextRange = length == 0 ? nil : TextRange(location: target.location, length: length)
    let start = min(max(selectedRange.location, 0), length)
    selectedTextRange = TextRange(
      location: target.location + start, length: min(max(selectedRange.length, 0), length - start))
  }

  /// `unmarkText()`: the marked text becomes ordinary text.
  public func unmarkText() {
    guard let marked = markedTextRange else { return }
    markedTextRange = nil
    selectedTextRange = .caret(marked.end)
  }

  /// `insertText(_:)`: replaces the marked text, or the selection, with `inserted`, unmarked.
  public func insertText(_ inserted: String) {
    let target = markedTextRange ?? selectedTextRange
    replaceCodeUnits(target, with: inserted)
    markedTextRange = nil
    selectedTextRange = .caret(target.location + inserted.utf16.count)
  }

  /// `deleteBackward()`: removes the selection, or the character before the caret (inside the
  /// marked text while composing).
  public func deleteBackward() {
    if selectedTextRange.length > 0 {
      replaceCodeUnits(selectedTextRange, with: "")
      shrinkMarked(removing: selectedTextRange)
      selectedTextRange = .caret(selectedTextRange.location)
      return
    }
    let caret = selectedTextRange.location
    guard caret > 0 else { return }
    let end = index(atCodeUnit: caret)
    let start = text.index(before: end)
    let removed = TextRange(
      location: text.utf16.distance(from: text.startIndex, to: start),
      length: text.utf16.distance(from: start, to: end))
    replaceCodeUnits(removed, with: "")
    shrinkMarked(removing: removed)
    selectedTextRange = .caret(removed.location)
  }

  /// `replace(_:withText:)` over a UTF-16 range: what the Korean keyboard does to the syllable it is
  /// writing, and what a paste over a selection does.
  public func replace(_ range: TextRange, withText replacement: String) {
    replaceCodeUnits(range, with: replacement)
    markedTextRange = nil
    selectedTextRange = .caret(range.location + replacement.utf16.count)
  }

  /// The selection moves (`selectedTextRange = …`, by the user or the system); a selection that
  /// leaves the marked text ends the composition, the marked text staying as it is.
  public func select(_ range: TextRange) {
    let count = text.utf16.count
    let start = min(max(range.location, 0), count)
    let selection = TextRange(location: start, length: min(max(range.length, 0), count - start))
    if let marked = markedTextRange, selection.location < marked.location || selection.end > marked.end {
      markedTextRange = nil
    }
    selectedTextRange = selection
  }

  /// Traps when the selection or the marked range leaves the text, or the selection leaves the
  /// marked text while composing.
  public func checkInvariants() {
    let count = text.utf16.count
    precondition(
      selectedTextRange.location >= 0 && selectedTextRange.end <= count, "selection outside the text")
    if let marked = markedTextRange {
      precondition(marked.location >= 0 && marked.end <= count, "marked range outside the text")
      precondition(
        selectedTextRange.location >= marked.location && selectedTextRange.end <= marked.end,
        "selection outside the marked text")
    }
  }

  /// The string index at UTF-16 offset `offset`, clamped to the text and rounded down to a scalar.
  private func index(atCodeUnit offset: Int) -> String.Index {
    let units = text.utf16
    var index = units.index(units.startIndex, offsetBy: min(max(offset, 0), units.count))
    while index > units.startIndex, index.samePosition(in: text.unicodeScalars) == nil {
      index = units.index(before: index)
    }
    return index
  }

  private func replaceCodeUnits(_ range: TextRange, with replacement: String) {
    let lower = index(atCodeUnit: range.location)
    let upper = max(lower, index(atCodeUnit: range.end))
    var scalars = text.unicodeScalars
    scalars.replaceSubrange(lower..<upper, with: replacement.unicodeScalars)
    text = String(scalars)
  }

  private func shrinkMarked(removing removed: TextRange) {
    guard let marked = markedTextRange else { return }
    let length = marked.length - min(removed.length, max(0, marked.end - removed.location))
    markedTextRange = length > 0 ? TextRange(location: marked.location, length: length) : nil
  }
}
