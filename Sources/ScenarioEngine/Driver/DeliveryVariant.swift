import AcceptanceCore

/// How a keyboard announces that a candidate was committed (DOMAIN 1.3): the events a marked-text
/// commit delivers. Preedit updates always deliver `selectionChanged` then `editingChanged`.
package enum DeliveryVariant: String, Hashable, Sendable, CaseIterable {
  /// `editingChanged` on every update, commits included (the normal UIKit case).
  case everyUpdate = "every-update"
  /// No `editingChanged` on a commit; `selectionChanged` still arrives because the marked range
  /// changed (rustdesk#15072 saw commits that only changed the composing range).
  case noChangeOnCommit = "no-change-on-commit"
  /// `editingChanged` twice on a commit (react-native#30578, flutter#50163).
  case duplicateChangeOnCommit = "duplicate-change-on-commit"

  /// The events delivered after a marked-text commit.
  package var commitEvents: [TextFieldEvent] {
    switch self {
    case .everyUpdate: [.selectionChanged, .editingChanged]
    case .noChangeOnCommit: [.selectionChanged]
    case .duplicateChangeOnCommit: [.selectionChanged, .editingChanged, .editingChanged]
    }
  }

  /// How many `editingChanged` a commit delivers: 1, 0 or 2.
  package var changeEventsOnCommit: Int {
    commitEvents.count { $0 == .editingChanged }
  }
}

/// A way text reaches a field without marked text.
package enum DirectInputPath: String, Hashable, Sendable, CaseIterable {
  /// Paste from the clipboard: `insertText` of the whole text, then `editingChanged`.
  case paste
  /// QuickType / password-manager autofill: like paste.
  case autofill
  /// Dictation, as a single insertion: like paste.
  case dictation
  /// Code assigns `text`: no event at all, as in UIKit.
  case programmatic
}
