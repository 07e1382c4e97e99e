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

/// A submission path other than Return.
public enum SubmitPath: String, Codable, Hashable, Sendable, CaseIterable {
  /// The submit button was tapped, even one whose cached enabled state is stale.
  case button
  /// Code submitted the form (a shortcut, state restoration).
  case programmatic
}

/// What a submission did, as the subject reports it.
public enum Submission: Hashable, Sendable, CustomStringConvertible {
  /// The form was submitted with this text.
  case accepted(String)
  /// Refused because text is still being composed (marked text present).
  case refusedComposing
  /// Refused because the committed text is invalid or unfinished.
  case refusedInvalid

  /// `accepted "张伟"`, `refused while composing`, `refused as invalid`.
  public var description: String {
    switch self {
    case .accepted(let text): "accepted \"\(text)\""
    case .refusedComposing: "refused while composing"
    case .refusedInvalid: "refused as invalid"
    }
  }
}
