import AcceptanceCore
import ScenarioEngine

/// Plain-text renderings of keystroke traces and observations, shared by the writers.
enum TraceText {
  /// The columns of a trace row, in order.
  static let headers = ["#", "key / action", "text", "marked", "events", "message", "submit"]

  /// The cells of one driver step, in ``headers`` order (`#` is 1-based).
  static func cells(_ step: DriverStep, number: Int) -> [String] {
    var submit = step.isSubmitEnabled ? "enabled" : "disabled"
    if let outcome = step.submitOutcome { submit += "; " + outcome.label }
    var message = step.message.map { "\"\($0)\"" } ?? "none"
    if !step.invariantViolations.isEmpty {
      message += "; invariant broken: " + step.invariantViolations.map(\.description).joined(separator: ", ")
    }
    return [
      String(number), step.action, "\"\(step.text)\"", step.markedRange?.description ?? "none",
      step.events.isEmpty ? "none" : step.events.map(\.rawValue).joined(separator: ", "), message, submit,
    ]
  }

  /// `  1. z | text "z" | marked {0, 1} | events selectionChanged, editingChanged | message none | submit disabled`.
  static func lines(_ steps: [DriverStep]) -> [String] {
    steps.enumerated().map { index, step in
      let cells = cells(step, number: index + 1)
      return "  \(cells[0]). \(cells[1]) | text \(cells[2]) | marked \(cells[3]) | events \(cells[4]) | "
        + "message \(cells[5]) | submit \(cells[6])"
    }
  }
}

/// Plain-text lines describing an observation.
enum ObservationText {
  static func lines(_ observation: ManualObservation) -> [String] {
    var lines = [
      "tester: \(observation.tester)", "time: \(observation.time)",
      "device: \(observation.device), OS \(observation.os)",
    ]
    if let build = observation.build { lines.append("build: \(build)") }
    if let note = observation.note { lines.append("note: \(note)") }
    lines += observation.evidence.map { "evidence: " + $0 }
    if let fingerprint = observation.hapticFingerprint { lines.append("haptic pattern: \(fingerprint)") }
    if !observation.hapticParameters.isEmpty {
      lines.append(
        "haptic parameters: "
          + observation.hapticParameters.map { "\($0.key)=\($0.value)" }.joined(separator: ", "))
    }
    return lines
  }
}
