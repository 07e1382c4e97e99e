import AcceptanceCore
import Keystrokes

/// The composition checks C1, C2, C3 and P1, each run on a fresh field and validator.
enum CompositionChecks {
  struct Outcome {
    var problems: [String]
    var steps: [DriverStep]
  }

  static func makeValidator(_ field: FieldSetup, _ subject: Subject) -> any FieldValidating {
    let model = TextFieldModel()
    switch subject {
    case .core: return FieldValidator(field: model, rule: field.rule, messages: field.messages)
    case .naive: return NaiveFieldValidator(field: model, rule: field.rule, messages: field.messages)
    }
  }

  /// Runs C1, C2 or C3 over `trace`.
  static func run(
    _ check: String, trace: Trace, method: Automation.Method, field: FieldSetup, variant: DeliveryVariant,
    trigger: SubmitTrigger?, subject: Subject
  ) -> Outcome {
    let validator = makeValidator(field, subject)
    let driver = CompositionDriver(validator: validator, profile: method.profile, variant: variant)
    var problems: [String] = []
    let inPlace = method.profile.presentation == .inPlace
    func composing(_ step: DriverStep) -> Bool {
      if inPlace {
        if case .incomplete = field.rule.evaluate(step.text) { return true }
        return false
      }
      return step.isComposing
    }
    for (index, traceStep) in trace.steps.enumerated() {
      func stepLabel(_ step: DriverStep) -> String { "key \(index + 1) '\(step.action)'" }
      let step = driver.apply(traceStep)
      switch check {
      case "c1":
        if composing(step), let message = step.message {
          problems.append("\(stepLabel(step)): message \"\(message)\" visible while composing")
        }
      case "c3":
        // A Return the recipe itself delivers to the app is a submission too.
        if let outcome = step.submitOutcome, outcome.isAccepted,
          step.isComposing || field.rule.evaluate(step.text) != .valid
        {
          problems.append(
            "\(stepLabel(step)): the recipe's Return submitted text that was not valid committed text")
        }
        if composing(step), let trigger {
          let probe = driver.submit(via: trigger)
          if probe.submitOutcome?.isAccepted == true {
            problems.append("\(stepLabel(step)): submission via \(trigger.rawValue) accepted while composing")
          }
        }
      default:
        break
      }
    }
    driver.finishComposition()
    switch check {
    case "c2":
      if let last = driver.steps.last {
        if last.text != method.expect {
          problems.append("after the commit the field holds \"\(last.text)\", expected \"\(method.expect)\"")
        }
        problems += consistency(last, field, "after the commit")
      }
      problems += consistency(driver.deleteBackward(), field, "after deleting one character")
    case "c3":
      if let trigger {
        let probe = driver.submit(via: trigger)
        problems += submissionProblems(probe, field, via: trigger, "after the commit")
      }
    default:
      break
    }
    problems += driverProblems(driver)
    return Outcome(problems: problems, steps: driver.steps)
  }

  /// Runs P1: `sample` enters by `path` (a programmatic assignment replaces `replacing`, pasted
  /// first), then every submission path must agree with the rule.
  static func directInput(
    _ sample: String, replacing other: String?, via path: DirectInputPath, field: FieldSetup, subject: Subject
  ) -> Outcome {
    let validator = makeValidator(field, subject)
    // Direct input never composes, so the profile and the variant play no part.
    let driver = CompositionDriver(
      validator: validator, profile: InputMethodProfile(keyboard: "ko_KR@sw=Korean"), variant: .everyUpdate)
    var problems: [String] = []
    if path == .programmatic {
      if let other { driver.input(other, via: .paste) }
      driver.input(sample, via: .programmatic)
    } else {
      problems += consistency(driver.input(sample, via: path), field, "after \(path.rawValue)")
    }
    for trigger in SubmitTrigger.allCases {
      problems += submissionProblems(driver.submit(via: trigger), field, via: trigger, "")
    }
    problems += driverProblems(driver)
    return Outcome(problems: problems, steps: driver.steps)
  }

  /// Whether the visible state after `step` matches the rule's verdict on its text.
  static func consistency(_ step: DriverStep, _ field: FieldSetup, _ when: String) -> [String] {
    let expected = field.expectedState(for: step.text)
    var problems: [String] = []
    if step.message != expected.message {
      problems.append(
        "\(when): message is \(quoted(step.message)), the rule on \"\(step.text)\" gives \(quoted(expected.message))"
      )
    }
    if step.isSubmitEnabled != expected.submitEnabled {
      problems.append(
        "\(when): submit button is \(step.isSubmitEnabled ? "enabled" : "disabled"), the rule on \"\(step.text)\" "
          + "says it should be \(expected.submitEnabled ? "enabled" : "disabled")")
    }
    return problems
  }

  /// Whether a submission was accepted exactly when the rule accepts the text, with that text.
  static func submissionProblems(
    _ step: DriverStep, _ field: FieldSetup, via trigger: SubmitTrigger, _ when: String
  )
    -> [String]
  {
    let prefix = when.isEmpty ? "" : when + ": "
    guard let outcome = step.submitOutcome else {
      return ["\(prefix)submission via \(trigger.rawValue) produced no outcome"]
    }
    let valid = field.rule.evaluate(step.text) == .valid
    if outcome.isAccepted != valid {
      return [
        "\(prefix)submission via \(trigger.rawValue) was \(outcome.label) but the rule "
          + "\(valid ? "accepts" : "rejects") \"\(step.text)\""
      ]
    }
    if case .accepted(let text) = outcome, text != step.text {
      return [
        "\(prefix)submission via \(trigger.rawValue) accepted \"\(text)\", not the field's \"\(step.text)\""
      ]
    }
    return []
  }

  static func driverProblems(_ driver: CompositionDriver) -> [String] {
    driver.invariantViolations.map { "field invariant broken: \($0)" }
      + driver.refusedEdits.map { "the field refused an edit: \($0)" }
  }

  private static func quoted(_ text: String?) -> String {
    text.map { "\"\($0)\"" } ?? "none"
  }
}
