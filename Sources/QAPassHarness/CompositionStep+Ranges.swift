extension CompositionStep {
  /// The marked range and selection `actions` leave in a field that had `marked` and `selection`,
  /// by `UITextInput`'s rules, or `nil` when they depend on more than the ranges (the text itself:
  /// `deleteBackward`, `replace`, `select`, app code assigning text).
  ///
  /// `setMarkedText` replaces the marked text (or the selection) and marks its text, the selection
  /// relative to its start (an empty text leaves no marked text and the caret where it began);
  /// `unmarkText` puts the caret after the marked text; `insertText` replaces the marked text (or the
  /// selection) and puts the caret after its text; events and submissions change neither range.
  ///
  /// ```swift
  /// CompositionStep.ranges(
  ///   after: [.setMarkedText("zh", selection: .caret(at: 2)), .event(.editingChanged)],
  ///   marked: nil, selection: .caret(at: 1))
  /// // (marked: {1, 2}, selection: {3, 0})
  /// ```
  ///
  /// - Complexity: O(n) in the UTF-16 length of the actions' texts.
  public static func ranges(after actions: [FieldAction], marked: PackRange?, selection: PackRange) -> (
    marked: PackRange?, selection: PackRange
  )? {
    var marked = marked
    var selection = selection
    for action in actions {
      switch action {
      case .setMarkedText(let text, let selected):
        let start = (marked ?? selection).location
        let length = text.utf16.count
        if length == 0 {
          marked = nil
          selection = .caret(at: start)
        } else {
          marked = PackRange(location: start, length: length)
          selection = PackRange(location: start + selected.location, length: selected.length)
        }
      case .unmarkText:
        if let range = marked {
          marked = nil
          selection = .caret(at: range.location + range.length)
        }
      case .insertText(let text):
        selection = .caret(at: (marked ?? selection).location + text.utf16.count)
        marked = nil
      case .event, .submit: break
      case .deleteBackward, .replace, .select, .assignText: return nil
      }
    }
    return (marked, selection)
  }
}
