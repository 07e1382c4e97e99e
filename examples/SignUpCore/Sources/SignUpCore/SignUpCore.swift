// Module SignUpCore: the sign-up form of an app, as its team writes it, without UIKit.
//
// The form has a Chinese, a Japanese and a Korean name field (`SignUpForm`), each a text field
// with its own validator and messages, and a Save button whose "saved" haptic is built by
// `confirmationEvents()`. `TextFieldModel` (AcceptanceCore) stands in for `UITextField`: the same
// text, marked range and control events, so the wiring runs anywhere.
//
// - `ArticleNameFieldValidator` and `ArticleSaveController`: the code iOS articles on CJK input
//   teach, as written (an `editingChanged` target that validates with a regular expression unless
//   `markedTextRange` is set, a Save button enabled from the last check); `SignUpForm.asWritten()`
//   uses it on every field. Replaying qapass's scenario pack finds its bugs; the tests keep each
//   finding visible.
// - `SignUpForm()` and `SaveController`: the corrected versions, which pass every item. The fields
//   use AcceptanceCore's composition-aware `FieldValidator` with AcceptanceCore's name rules.
