import AcceptanceCore
import Foundation

/// The name-field validator as the articles write it, ported from UIKit unchanged in substance.
///
/// ```swift
/// @objc func textChanged(_ field: UITextField) {
///   guard field.markedTextRange == nil else { return }   // still composing: don't judge
///   let ok = field.text?.range(of: "^[\u{4e00}-\u{9fa5}·]+$", options: .regularExpression) != nil
///   errorLabel.text = ok ? nil : "请输入中文姓名"
///   saveButton.isEnabled = ok
/// }
/// func textFieldShouldReturn(_ field: UITextField) -> Bool { if saveButton.isEnabled { save() }; return true }
/// ```
///
/// Kept as written on purpose: the scenario pack shows what it misses (the old message stays
/// while a new composition starts, a commit announced without `editingChanged` is never judged,
/// Return and Save trust the button's last state, U+4E00–9FA5 leaves out 刘䶮 and 𠮷).
public final class ArticleNameFieldValidator: NameFieldValidating, TextFieldObserver {
  /// The error the articles show.
  public static let message = "请输入中文姓名"
  /// The field.
  public let field: TextFieldModel
  /// The error label.
  public private(set) var errorMessage: String?
  /// The Save button.
  public private(set) var isSaveEnabled = false

  /// Wires the validator to `field`'s `editingChanged`.
  public init(field: TextFieldModel) {
    self.field = field
    field.addObserver(self)
  }

  /// The `editingChanged` target; other events are not wired.
  public func textField(_ field: TextFieldModel, didReceive event: TextFieldEvent) {
    guard event == .editingChanged else { return }
    guard field.markedTextRange == nil else { return }
    let ok = field.text.range(of: "^[\u{4e00}-\u{9fa5}·]+$", options: .regularExpression) != nil
    errorMessage = ok ? nil : Self.message
    isSaveEnabled = ok
  }

  /// Submits when the button is enabled.
  public func returnPressed() -> SubmitResult? { saveTapped() }

  /// Submits when the button is enabled.
  public func saveTapped() -> SubmitResult { isSaveEnabled ? .submitted(field.text) : .blockedInvalid }

  /// Submits when the button is enabled.
  public func submitFromCode() -> SubmitResult { saveTapped() }

  /// Code sets the text; the articles rely on `editingChanged`, which UIKit does not send for it.
  public func setText(_ text: String) { field.text = text }
}
