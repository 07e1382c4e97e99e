import AcceptanceCore
import SignUpCore
import Testing

/// The form's fields, outside the pack: each has its own text field, validator and messages.
struct SignUpFormTests {
  @Test func `a syllable still being typed shows nothing, and Save says to finish it`() {
    let form = SignUpForm()
    form.koreanName.field.insertText("ㅂ")
    form.koreanName.field.send(.editingChanged)
    #expect(form.koreanName.message == nil && !form.koreanName.isSubmitEnabled)
    #expect(form.koreanName.submit(via: .button) == .refusedInvalid("이름의 마지막 글자를 완성해 주세요"))
  }

  @Test(arguments: SignUpForm.Field.allCases)
  func `each field judges only its own text, in its own words`(field: SignUpForm.Field) {
    let form = SignUpForm()
    form[field].field.insertText("Kim")
    #expect(form[field].submit(via: .programmatic) == .refusedInvalid(field.message))
    for other in SignUpForm.Field.allCases where other != field {
      #expect(form[other].message == nil && form[other].field.text.isEmpty)
    }
  }

  @Test(arguments: SignUpForm.Field.allCases)
  func `the articles' form shows the same message for a name in the wrong script`(field: SignUpForm.Field) {
    let form = SignUpForm.asWritten()
    form[field].field.insertText("Kim")
    form[field].field.send(.editingChanged)
    #expect(form[field].message == field.message)
  }
}
