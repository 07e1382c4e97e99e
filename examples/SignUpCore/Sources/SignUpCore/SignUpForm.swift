import AcceptanceCore

/// The sign-up form's name fields: a Chinese, a Japanese and a Korean name, each a text field
/// with its own validator and messages.
///
/// The form's view controller forwards each `UITextField` to its validator's ``NameFieldValidating/field``
/// (text, marked range, control events) and binds the error label and the Save button to what the
/// validator shows. By default every field is validated by AcceptanceCore's composition-aware
/// `FieldValidator` with the field's ``Field/rule`` and ``Field/messages``;
/// ``SignUpForm/asWritten()`` builds the same form with the articles' validator.
///
/// ```swift
/// let form = SignUpForm()
/// form.koreanName.field.insertText("ㅂ")
/// form.koreanName.field.send(.editingChanged)   // a syllable still being typed: no message
/// form.koreanName.submit(via: .button)          // .refusedInvalid("이름의 마지막 글자를 완성해 주세요")
/// ```
public final class SignUpForm {
  /// The Chinese name's validator.
  public let fullName: any NameFieldValidating
  /// The Japanese name's validator.
  public let japaneseName: any NameFieldValidating
  /// The Korean name's validator.
  public let koreanName: any NameFieldValidating

  /// The form, each field validated by AcceptanceCore's `FieldValidator` with its own rule and
  /// messages.
  public convenience init() {
    self.init { field in
      FieldValidator(field: TextFieldModel(), rule: field.rule, messages: field.messages)
    }
  }

  /// The form with the validators `makeValidator` builds, one per field.
  public init(validators makeValidator: (Field) -> any NameFieldValidating) {
    fullName = makeValidator(.fullName)
    japaneseName = makeValidator(.japaneseName)
    koreanName = makeValidator(.koreanName)
  }

  /// The validator of `field`.
  public subscript(field: Field) -> any NameFieldValidating {
    switch field {
    case .fullName: fullName
    case .japaneseName: japaneseName
    case .koreanName: koreanName
    }
  }
}
