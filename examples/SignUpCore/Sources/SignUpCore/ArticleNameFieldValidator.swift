import AcceptanceCore
import Foundation

/// A name field's validator as the articles write it, ported from UIKit unchanged in substance.
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
/// The articles write the Chinese field; the Japanese and Korean fields are the same code with
/// their own pattern and message (``pattern(for:)``). Kept as written on purpose: the scenario pack shows what it misses (the
/// old message stays while a new composition starts, a commit announced without `editingChanged`
/// is never judged, Return and Save trust the button's last state, the patterns' ranges leave out
/// real names, and a Korean syllable still being typed is judged as a wrong name).
public final class ArticleNameFieldValidator: NameFieldValidating, TextFieldObserver {
  /// The field.
  public let field: TextFieldModel
  /// The error label's text.
  public private(set) var message: String?
  /// The Save button.
  public private(set) var isSubmitEnabled = false
  private let pattern: String
  private let errorText: String

  /// Wires a validator for `pattern` to `field`'s `editingChanged`; `errorText` is what the error
  /// label shows.
  public init(field: TextFieldModel = TextFieldModel(), pattern: String, errorText: String) {
    self.field = field
    self.pattern = pattern
    self.errorText = errorText
    field.addObserver(self)
  }

  /// The `editingChanged` target; other events are not wired.
  public func textField(_ field: TextFieldModel, didReceive event: TextFieldEvent) {
    guard event == .editingChanged else { return }
    guard field.markedTextRange == nil else { return }
    let ok = field.text.range(of: pattern, options: .regularExpression) != nil
    message = ok ? nil : errorText
    isSubmitEnabled = ok
  }

  /// Submits when the button is enabled.
  public func returnPressed() -> SubmitOutcome? { submit(via: .returnKey) }

  /// Nothing: the articles judge on `editingChanged`, which UIKit does not send when code assigns
  /// the text, so the old verdict stays on screen.
  public func revalidate() {}

  /// Submits when the button is enabled.
  public func submit(via trigger: SubmitTrigger) -> SubmitOutcome {
    isSubmitEnabled ? .accepted(field.text) : .refusedInvalid(errorText)
  }

  /// The pattern of `field`: the articles' U+4E00–9FA5 and middle dot for the Chinese name; for
  /// the Japanese name the ranges Japanese regular-expression tutorials give for hiragana (`ぁ-ん`,
  /// ourinttech.com/regex/hiragana-katakana), katakana (`ァ-ヴー`, qiita.com/nasuB7373/items/17adc4b808a8bd39624d)
  /// and kanji (U+4E00–9FFF, javadrive.jp/regex-basic/sample/index9.html); for the Korean name
  /// `가-힣`, the range Korean Swift notes give for Hangul (github.com/keenkim1202/KEENs_TIL,
  /// Swift/regEx.md).
  public static func pattern(for field: SignUpForm.Field) -> String {
    switch field {
    case .fullName: "^[\u{4e00}-\u{9fa5}·]+$"
    case .japaneseName: "^[ぁ-んァ-ヴー\u{4e00}-\u{9fff}]+$"
    case .koreanName: "^[가-힣]+$"
    }
  }
}

extension SignUpForm {
  /// The form as the articles write it: every field validated by ``ArticleNameFieldValidator``
  /// with the field's pattern and message.
  public static func asWritten() -> SignUpForm {
    SignUpForm { field in
      ArticleNameFieldValidator(
        pattern: ArticleNameFieldValidator.pattern(for: field), errorText: field.message)
    }
  }
}
