import Observations

/// Plain-text lines describing an observation.
enum ObservationText {
  static func lines(_ observation: Observation) -> [String] {
    var lines = [
      "tester: \(observation.tester)", "time: \(observation.timeText)",
      "device: \(observation.device.rawValue), OS \(observation.os)",
    ]
    if let build = observation.build { lines.append("build: \(build)") }
    if let note = observation.note { lines.append("note: \(note)") }
    lines += observation.evidence.map { "evidence: " + $0 }
    if let fingerprint = observation.hapticFingerprint { lines.append("haptic pattern: \(fingerprint)") }
    if !observation.hapticParameters.isEmpty {
      lines.append(
        "haptic parameters: "
          + observation.hapticParametersByName.map { "\($0.key)=\($0.value)" }.joined(separator: ", "))
    }
    return lines
  }
}
