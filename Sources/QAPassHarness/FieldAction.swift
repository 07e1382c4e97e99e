/// One thing the harness does to a field under test: an operation a keyboard or code performs on
/// the text, an event the field delivers, or a submission.
///
/// Encoded as an object with an `op` member: `{"op": "setMarkedText", "text": "zhang",
/// "selection": {"location": 5, "length": 0}}`, `{"op": "event", "event": "editingChanged"}`,
/// `{"op": "submit", "path": "button"}`.
public enum FieldAction: Hashable, Sendable, CustomStringConvertible {
  /// `setMarkedText(_:selectedRange:)`: replaces the marked text (or the selection) with `text`,
  /// marked, with `selection` relative to its start; an empty text removes the marked text.
  case setMarkedText(String, selection: PackRange)
  /// `unmarkText()`: the marked text becomes ordinary text (a commit).
  case unmarkText
  /// `insertText(_:)`: replaces the marked text (or the selection) with `text`, unmarked.
  case insertText(String)
  /// `deleteBackward()`.
  case deleteBackward
  /// `replace(_:withText:)`: what the Korean keyboard does to the syllable being typed.
  case replace(PackRange, with: String)
  /// The selection moves (`selectedTextRange`), by the user or the system: selecting the whole text
  /// before a paste over it, or a tap that ends a composition (the marked text stays as it is).
  case select(PackRange)
  /// App code assigns `text` (a restored draft, a suggestion the app fills in), and only that: no
  /// event follows, as in UIKit, so the form must refresh itself. A paste over a selection is a
  /// ``select(_:)`` then an ``insertText(_:)`` with its `editingChanged`.
  case assignText(String)
  /// The field delivers `event` (Return goes to the app's Return handler).
  case event(FieldEvent)
  /// The app is asked to submit through `path`.
  case submit(SubmitPath)

  /// Whether the action can submit the form (a submission, or Return).
  public var submits: Bool {
    switch self {
    case .submit, .event(.returnKey): true
    default: false
    }
  }

  /// `setMarkedText("zhang", {5, 0})`, `event(editingChanged)`, `submit(button)`, …
  public var description: String {
    switch self {
    case .setMarkedText(let text, let selection): "setMarkedText(\"\(text)\", \(selection))"
    case .unmarkText: "unmarkText()"
    case .insertText(let text): "insertText(\"\(text)\")"
    case .deleteBackward: "deleteBackward()"
    case .replace(let range, let text): "replace(\(range), \"\(text)\")"
    case .select(let range): "select(\(range))"
    case .assignText(let text): "text = \"\(text)\""
    case .event(let event): event.rawValue
    case .submit(let path): "submit(\(path.rawValue))"
    }
  }
}

extension FieldAction: Codable {
  enum CodingKeys: String, CodingKey {
    case op, text, selection, range, event, path
  }

  enum Operation: String, Codable {
    case setMarkedText, unmarkText, insertText, deleteBackward, replace, select, assignText, event, submit
  }

  /// Decodes an action; an unknown `op` is a data error.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    switch try container.decode(Operation.self, forKey: .op) {
    case .setMarkedText:
      self = .setMarkedText(
        try container.decode(String.self, forKey: .text),
        selection: try container.decode(PackRange.self, forKey: .selection))
    case .unmarkText: self = .unmarkText
    case .insertText: self = .insertText(try container.decode(String.self, forKey: .text))
    case .deleteBackward: self = .deleteBackward
    case .replace:
      self = .replace(
        try container.decode(PackRange.self, forKey: .range),
        with: try container.decode(String.self, forKey: .text))
    case .select: self = .select(try container.decode(PackRange.self, forKey: .range))
    case .assignText: self = .assignText(try container.decode(String.self, forKey: .text))
    case .event: self = .event(try container.decode(FieldEvent.self, forKey: .event))
    case .submit: self = .submit(try container.decode(SubmitPath.self, forKey: .path))
    }
  }

  /// Encodes the action with its `op`.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    switch self {
    case .setMarkedText(let text, let selection):
      try container.encode(Operation.setMarkedText, forKey: .op)
      try container.encode(text, forKey: .text)
      try container.encode(selection, forKey: .selection)
    case .unmarkText: try container.encode(Operation.unmarkText, forKey: .op)
    case .insertText(let text):
      try container.encode(Operation.insertText, forKey: .op)
      try container.encode(text, forKey: .text)
    case .deleteBackward: try container.encode(Operation.deleteBackward, forKey: .op)
    case .replace(let range, let text):
      try container.encode(Operation.replace, forKey: .op)
      try container.encode(range, forKey: .range)
      try container.encode(text, forKey: .text)
    case .select(let range):
      try container.encode(Operation.select, forKey: .op)
      try container.encode(range, forKey: .range)
    case .assignText(let text):
      try container.encode(Operation.assignText, forKey: .op)
      try container.encode(text, forKey: .text)
    case .event(let event):
      try container.encode(Operation.event, forKey: .op)
      try container.encode(event, forKey: .event)
    case .submit(let path):
      try container.encode(Operation.submit, forKey: .op)
      try container.encode(path, forKey: .path)
    }
  }
}
