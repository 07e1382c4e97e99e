// Module SignUpCore: the sign-up form of an app, as its team writes it, without UIKit.
//
// The name field follows the pattern iOS articles on CJK input teach: a `UITextField` whose
// `editingChanged` target validates the name unless `markedTextRange` is set, a Han-only regular
// expression, a Save button enabled from the last check, and a "saved" haptic built by
// `confirmationEvents()`. `TextFieldModel` (AcceptanceCore) stands in for `UITextField`: the same
// text, marked range and control events, so the wiring runs anywhere.
//
// - `ArticleNameFieldValidator` and `ArticleSaveController`: that code as written. Replaying
//   qapass's scenario pack finds its bugs; the tests keep each finding visible.
// - `NameFieldValidator` and `SaveController`: the corrected versions, which pass every item.
