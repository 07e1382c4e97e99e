/// A control event or delegate callback that UIKit delivers to the app for a text field.
///
/// Mutating a ``TextFieldModel`` never fires an event on its own: a driver decides which events
/// iOS would deliver (some keyboards send zero, one or two `editingChanged` on a candidate commit)
/// and calls ``TextFieldModel/send(_:)``.
public enum TextFieldEvent: String, Hashable, Sendable, CaseIterable {
  /// `UIControl.Event.editingDidBegin`: the field became first responder.
  case editingDidBegin
  /// `UIControl.Event.editingChanged`: the text (possibly only the marked text) changed.
  case editingChanged
  /// `UIControl.Event.editingDidEnd`: the field resigned first responder.
  case editingDidEnd
  /// `textFieldDidChangeSelection(_:)`: the selected or the marked range changed.
  case selectionChanged
  /// `textFieldShouldReturn(_:)`: the Return key reached the app.
  case returnKey
}

/// Something that receives the events a ``TextFieldModel`` sends, such as a validator.
public protocol TextFieldObserver: AnyObject {
  /// Called by ``TextFieldModel/send(_:)`` after the field's state is final for this step.
  func textField(_ field: TextFieldModel, didReceive event: TextFieldEvent)
}
