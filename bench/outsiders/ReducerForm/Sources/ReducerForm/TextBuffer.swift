/// A span of UTF-16 code units (`NSRange`).
public struct UTF16Span: Hashable, Sendable {
  /// The first code unit.
  public var start: Int
  /// The number of code units.
  public var count: Int

  /// Creates a span.
  public init(start: Int, count: Int) {
    self.start = start
    self.count = count
  }

  /// One past the last code unit.
  public var end: Int { start + count }
}

/// The text a field holds as the text-input system edits it, stored as UTF-16 code units (the units
/// `UITextInput` ranges count), with the marked range and the selection.
///
/// It is the view's storage, not the feature's state: the form's reducer only ever sees snapshots the
/// view reports (``Snapshot``).
public struct TextBuffer: Hashable, Sendable {
  /// What the view reports to the store: the text and whether part of it is still being composed.
  public struct Snapshot: Hashable, Sendable {
    /// The whole text, marked text included.
    public var text: String
    /// Whether some of it is marked.
    public var isComposing: Bool
  }

  private var units: [UInt16] = []
  /// The marked range, or `nil`.
  public private(set) var marked: UTF16Span?
  /// The selection (an empty span is the caret).
  public private(set) var selection = UTF16Span(start: 0, count: 0)

  /// An empty buffer.
  public init() {}

  /// The whole text.
  public var text: String { String(decoding: units, as: UTF16.self) }
  /// The text and its composing state.
  public var snapshot: Snapshot { Snapshot(text: text, isComposing: marked != nil) }

  /// Replaces everything with `text` (code assigns it): no marked text, caret at the end.
  public mutating func setText(_ text: String) {
    units = Array(text.utf16)
    marked = nil
    selection = UTF16Span(start: units.count, count: 0)
  }

  /// `setMarkedText(_:selectedRange:)`.
  public mutating func setMarkedText(_ text: String, selected: UTF16Span) {
    let target = marked ?? selection
    let new = Array(text.utf16)
    splice(target, new)
    marked = new.isEmpty ? nil : UTF16Span(start: target.start, count: new.count)
    let start = clamp(selected.start, 0, new.count)
    selection = UTF16Span(start: target.start + start, count: clamp(selected.count, 0, new.count - start))
  }

  /// `unmarkText()`.
  public mutating func unmarkText() {
    guard let span = marked else { return }
    marked = nil
    selection = UTF16Span(start: span.end, count: 0)
  }

  /// `insertText(_:)`.
  public mutating func insertText(_ text: String) {
    let target = marked ?? selection
    let new = Array(text.utf16)
    splice(target, new)
    marked = nil
    selection = UTF16Span(start: target.start + new.count, count: 0)
  }

  /// `deleteBackward()`: the selection, or the composed character before the caret.
  public mutating func deleteBackward() {
    var span = selection
    if span.count == 0 {
      guard span.start > 0 else { return }
      let before = String(decoding: units[..<span.start], as: UTF16.self)
      let lastCharacterUnits = before.last.map { String($0).utf16.count } ?? 1
      span = UTF16Span(start: span.start - lastCharacterUnits, count: lastCharacterUnits)
    }
    splice(span, [])
    if let old = marked {
      let remaining = old.count - max(0, min(old.end, span.end) - max(old.start, span.start))
      marked = remaining > 0 ? UTF16Span(start: min(old.start, span.start), count: remaining) : nil
    }
    selection = UTF16Span(start: span.start, count: 0)
  }

  /// `replace(_:withText:)`.
  public mutating func replace(_ span: UTF16Span, with text: String) {
    let new = Array(text.utf16)
    splice(span, new)
    marked = nil
    selection = UTF16Span(start: clamp(span.start, 0, units.count - new.count) + new.count, count: 0)
  }

  /// The selection moves (by the user or the system); leaving the marked text ends the composition,
  /// the marked text staying as it is.
  public mutating func select(_ span: UTF16Span) {
    let start = clamp(span.start, 0, units.count)
    let new = UTF16Span(start: start, count: clamp(span.count, 0, units.count - start))
    if let marked, new.start < marked.start || new.end > marked.end { self.marked = nil }
    selection = new
  }

  /// Whether the selection and the marked range lie inside the text, and the selection inside the
  /// marked range while composing.
  public var isConsistent: Bool {
    let inside = { (span: UTF16Span) in span.start >= 0 && span.count >= 0 && span.end <= units.count }
    guard inside(selection) else { return false }
    guard let marked else { return true }
    return inside(marked) && selection.start >= marked.start && selection.end <= marked.end
  }

  private mutating func splice(_ span: UTF16Span, _ new: [UInt16]) {
    let lower = clamp(span.start, 0, units.count)
    let upper = clamp(span.end, lower, units.count)
    units.replaceSubrange(lower..<upper, with: new)
  }

  private func clamp(_ value: Int, _ low: Int, _ high: Int) -> Int { min(max(value, low), high) }
}
