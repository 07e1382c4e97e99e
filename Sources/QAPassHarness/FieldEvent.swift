/// An event a text field delivers to its targets and delegate.
///
/// | event | UIKit |
/// | --- | --- |
/// | `editingDidBegin` | `.editingDidBegin` / `textFieldDidBeginEditing` |
/// | `editingChanged` | `.editingChanged` |
/// | `editingDidEnd` | `.editingDidEnd` / `textFieldDidEndEditing` |
/// | `selectionChanged` | `textFieldDidChangeSelection` |
/// | `returnKey` | `textFieldShouldReturn` |
public enum FieldEvent: String, Codable, Hashable, Sendable, CaseIterable {
  /// Focus arrived.
  case editingDidBegin
  /// The text changed (often, not always, sent after a commit).
  case editingChanged
  /// Focus left.
  case editingDidEnd
  /// The selection or the marked range changed.
  case selectionChanged
  /// Return was pressed and reached the app.
  case returnKey
}
