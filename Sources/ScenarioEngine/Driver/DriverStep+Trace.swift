import AcceptanceCore
import TextFormats

extension DriverStep {
  /// The columns of a keystroke trace, in order: every rendering of a trace (the aligned table of
  /// `qapass run`, the Markdown report, JUnit failure bodies) uses these and ``traceCells(number:)``.
  package static let traceHeaders = ["#", "key / action", "text", "marked", "events", "message", "submit"]

  /// The cells of this step in ``traceHeaders`` order; `number` is 1-based.
  ///
  /// ```swift
  /// let trace = try InputMethodEngines.engine(named: "m17n:zh-py").trace(.parse("zhongwen3"))
  /// let profile = InputMethodProfile(keyboard: "zh_Hans-Pinyin@sw=Pinyin-Simplified;hw=Automatic")
  /// let validator = FieldValidator(field: TextFieldModel(), rule: HanNameRule())
  /// let driver = CompositionDriver(validator: validator, profile: profile, variant: .everyUpdate)
  /// driver.apply(trace.steps[0]).traceCells(number: 1)
  /// // ["1", "z", "\"z\"", "{0, 1}", "selectionChanged, editingChanged", "none", "disabled"]
  /// ```
  package func traceCells(number: Int) -> [String] {
    var submit = isSubmitEnabled ? "enabled" : "disabled"
    if let submitOutcome { submit += "; " + submitOutcome.label }
    var message = message.map { "\"\($0)\"" } ?? "none"
    if !invariantViolations.isEmpty {
      message += "; invariant broken: " + invariantViolations.map(\.description).joined(separator: ", ")
    }
    return [
      String(number), action, "\"\(text)\"", markedRange?.description ?? "none",
      events.isEmpty ? "none" : events.map(\.rawValue).joined(separator: ", "), message, submit,
    ]
  }

  /// `  1. z | text "z" | marked {0, 1} | events … | message none | submit disabled`: one line per step.
  package static func traceLines(_ steps: [DriverStep]) -> [String] {
    steps.enumerated().map { index, step in
      let cells = step.traceCells(number: index + 1)
      return "  \(cells[0]). \(cells[1]) | text \(cells[2]) | marked \(cells[3]) | events \(cells[4]) | "
        + "message \(cells[5]) | submit \(cells[6])"
    }
  }

  /// The steps as an aligned text table with ``traceHeaders`` (CJK counted two columns wide).
  package static func traceTable(_ steps: [DriverStep]) -> String {
    let rows = [traceHeaders] + steps.enumerated().map { $1.traceCells(number: $0 + 1) }
    return TextTable.render(rows, width: \.displayWidth)
  }
}
