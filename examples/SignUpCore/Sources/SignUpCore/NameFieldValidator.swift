import AcceptanceCore

/// The name-field validator, corrected: composition first, the business rule second, and every
/// submission checked again.
///
/// The fixes, each for a finding of the scenario pack (see ``ArticleNameFieldValidator``):
/// - marked text clears the old message and disables Save (`r1`, `c1`);
/// - `editingChanged`, `selectionChanged` and `editingDidEnd` all judge committed text, so a
///   commit announced by any of them, or only by focus leaving, updates the form (`c2`, `r3`, `r4`);
/// - code that sets the text judges it at once, since UIKit sends no event for it (`p1`);
/// - Save, Return and code re-check composition and the rule, never the button's state (`c3`,
///   `p1`, `r2`: a Return right after a commit no event announced submits, as `submit` refuses only
///   while text is marked);
/// - the rule is AcceptanceCore's `HanNameRule` (every Han block, middle dots only between names)
///   behind `RequiredRule` (`p2`).
public final class NameFieldValidator: NameFieldValidating, TextFieldObserver {
  /// The error shown for a name that is not in Chinese characters.
  public static let message = "请输入中文姓名"
  /// The field.
  public let field: TextFieldModel
  /// The error label.
  public private(set) var errorMessage: String?
  /// The Save button.
  public private(set) var isSaveEnabled = false
  private let rule = AllOfRule([RequiredRule(), HanNameRule()])
  private var touched = false

  /// Wires the validator to `field`'s events.
  public init(field: TextFieldModel) {
    self.field = field
    field.addObserver(self)
  }

  /// Every event of the field.
  public func textField(_ field: TextFieldModel, didReceive event: TextFieldEvent) {
    switch event {
    case .returnKey:
      break  // returnPressed() is the delegate's answer
    case .editingDidBegin:
      if field.isComposing { composing() }
    case .editingChanged, .selectionChanged, .editingDidEnd:
      if field.isComposing {
        composing()
      } else if event != .selectionChanged || touched {
        judge()
      }
    }
  }

  private func composing() {
    touched = true
    errorMessage = nil
    isSaveEnabled = false
  }

  @discardableResult
  private func judge() -> RuleVerdict {
    touched = true
    let verdict = rule.evaluate(field.text)
    errorMessage = verdict == .valid ? nil : Self.message
    isSaveEnabled = verdict == .valid
    if case .incomplete = verdict { errorMessage = nil }
    return verdict
  }

  /// Return submits, through the same checks as Save.
  public func returnPressed() -> SubmitResult? { submit() }

  /// Code sets the text, then judges it: UIKit sends no event for an assignment.
  public func setText(_ text: String) {
    field.text = text
    judge()
  }

  /// Save.
  public func saveTapped() -> SubmitResult { submit() }

  /// Code.
  public func submitFromCode() -> SubmitResult { submit() }

  private func submit() -> SubmitResult {
    if field.isComposing {
      composing()
      return .blockedComposing
    }
    let verdict = judge()
    if verdict != .valid {
      errorMessage = Self.message
      return .blockedInvalid
    }
    return .submitted(field.text)
  }
}
