import Testing

@testable import AcceptanceCore

/// Drives a ``TextFieldModel`` the way an iOS keyboard would (DOMAIN 1.2), sending the events a
/// test chooses and checking the field's invariants after every step.
struct KeyboardDriver {
  let field: TextFieldModel

  /// Fails the test if the field breaks an invariant.
  func check(sourceLocation: SourceLocation = #_sourceLocation) {
    #expect(field.checkInvariants() == [], sourceLocation: sourceLocation)
  }

  /// Shows `text` as marked text with the caret at its end, then sends `events`
  /// (by default what UIKit sends: the marked range changed, then the text changed).
  func mark(
    _ text: String, events: [TextFieldEvent] = [.selectionChanged, .editingChanged],
    sourceLocation: SourceLocation = #_sourceLocation
  ) throws {
    try field.setMarkedText(text, selectedRange: .caret(at: text.utf16.count))
    check(sourceLocation: sourceLocation)
    send(events, sourceLocation: sourceLocation)
  }

  /// Replaces the marked text by `candidate` and commits it, then sends `events` — zero, one or
  /// two `editingChanged`, depending on the keyboard (DOMAIN 1.3).
  func commit(
    _ candidate: String, events: [TextFieldEvent], sourceLocation: SourceLocation = #_sourceLocation
  )
    throws
  {
    try field.setMarkedText(candidate, selectedRange: .caret(at: candidate.utf16.count))
    check(sourceLocation: sourceLocation)
    field.unmarkText()
    check(sourceLocation: sourceLocation)
    send(events, sourceLocation: sourceLocation)
  }

  /// Inserts committed text (paste, autofill, dictation), then sends `editingChanged`.
  func insert(_ text: String, sourceLocation: SourceLocation = #_sourceLocation) {
    field.insertText(text)
    check(sourceLocation: sourceLocation)
    send([.editingChanged], sourceLocation: sourceLocation)
  }

  /// Rewrites the last character in place, as the Korean keyboard does (DOMAIN 1.4):
  /// `replace(lastCharacter, with:)`, then `editingChanged`.
  func rewriteLast(with text: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
    let units = field.utf16.count
    let last = field.text.last.map { String($0).utf16.count } ?? 0
    try field.replace(TextRange(location: units - last, length: last), with: text)
    check(sourceLocation: sourceLocation)
    send([.editingChanged], sourceLocation: sourceLocation)
  }

  /// Sends `events` one by one, checking invariants after each.
  func send(_ events: [TextFieldEvent], sourceLocation: SourceLocation = #_sourceLocation) {
    for event in events {
      field.send(event)
      check(sourceLocation: sourceLocation)
    }
  }
}
