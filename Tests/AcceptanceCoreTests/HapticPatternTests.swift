import Testing

@testable import AcceptanceCore

struct HapticPatternTests {
  @Test func `the saved confirmation defaults to one transient at time zero`() {
    let pattern = HapticPattern.savedConfirmation()
    #expect(
      pattern.events == [
        HapticEvent(kind: .transient, intensity: 1, sharpness: 0.5, relativeTime: 0, duration: 0)
      ])
    #expect(pattern.validate() == [])
    #expect(pattern.canonicalForm == "haptic-pattern/1\ntransient t=0.000 i=1.000 s=0.500\n")
    // sha256("haptic-pattern/1\ntransient t=0.000 i=1.000 s=0.500\n"), by `shasum -a 256`.
    #expect(pattern.fingerprint == "sha256:700be87b4861")
    #expect(pattern.fingerprint.count == "sha256:".count + 12)
  }

  @Test func `changing any parameter changes the fingerprint`() {
    let base = HapticPattern.savedConfirmation()
    let variants: [HapticPattern] = [
      .savedConfirmation(intensity: 0.9),
      .savedConfirmation(sharpness: 0.6),
      .savedConfirmation(delay: 0.05),
      HapticPattern(events: [.continuous(intensity: 1, sharpness: 0.5, duration: 0.1)]),
      HapticPattern(events: base.events + base.events),
    ]
    let fingerprints = Set(variants.map(\.fingerprint) + [base.fingerprint])
    #expect(fingerprints.count == variants.count + 1)
    #expect(HapticPattern.savedConfirmation().fingerprint == base.fingerprint, "stable across calls")
    #expect(
      HapticPattern.savedConfirmation(intensity: 1.0001).fingerprint == base.fingerprint, "below resolution")
  }

  @Test func `canonical form sorts events and formats numbers deterministically`() {
    let pattern = HapticPattern(events: [
      .continuous(intensity: 0.25, sharpness: 1.0 / 3.0, at: 0.1, duration: 0.0125),
      .transient(intensity: 0.5, sharpness: 0.0005, at: 0),
    ])
    #expect(
      pattern.canonicalForm
        == "haptic-pattern/1\ntransient t=0.000 i=0.500 s=0.001\ncontinuous t=0.100 d=0.013 i=0.250 s=0.333\n"
    )
    let reordered = HapticPattern(events: pattern.events.reversed())
    #expect(reordered.fingerprint == pattern.fingerprint)
  }

  @Test(arguments: [
    (0.0, "0.000"), (1.0, "1.000"), (0.5, "0.500"), (0.0005, "0.001"), (0.0004, "0.000"), (-0.0004, "0.000"),
    (-1.25, "-1.250"), (12.3456, "12.346"), (2.0 / 3.0, "0.667"), (1e20, "1e+20"),
    (Double.nan, "nan"), (Double.infinity, "inf"), (-Double.infinity, "-inf"),
  ])
  func `fixed three decimals`(value: Double, text: String) {
    #expect(HapticPattern.fixed3(value) == text)
  }

  @Test func `validation reports every problem as data`() {
    let pattern = HapticPattern(events: [
      HapticEvent(kind: .transient, intensity: 1.5, sharpness: -0.1, relativeTime: -1, duration: 0.2),
      .continuous(intensity: .nan, sharpness: 0.5, at: .infinity, duration: 0),
      .continuous(intensity: 0.5, sharpness: 0.5, duration: -1),
      .transient(intensity: 0, sharpness: 1, at: 2),
    ])
    // Compared piecewise: the NaN intensity error can never compare equal to itself.
    let errors = pattern.validate()
    #expect(
      errors.map(\.description) == [
        "event 0: intensity 1.5 is outside 0...1",
        "event 0: sharpness -0.1 is outside 0...1",
        "event 0: relative time -1.0 must be a finite number >= 0",
        "event 0: transient event has duration 0.2; expected 0",
        "event 1: intensity nan is outside 0...1",
        "event 1: relative time inf must be a finite number >= 0",
        "event 1: continuous event duration 0.0 must be a finite number > 0",
        "event 2: continuous event duration -1.0 must be a finite number > 0",
      ])
    #expect(errors.contains(.parameterOutOfRange(eventIndex: 0, parameter: .intensity, value: 1.5)))
    #expect(errors.contains(.durationOnTransient(eventIndex: 0, value: 0.2)))
    #expect(errors.contains(.invalidRelativeTime(eventIndex: 1, value: .infinity)))
    #expect(errors.contains(.nonPositiveDuration(eventIndex: 1, value: 0)))
    #expect(errors.contains(.nonPositiveDuration(eventIndex: 2, value: -1)))
    #expect(!errors.contains { $0.description.hasPrefix("event 3") })
    #expect(HapticPattern(events: []).validate() == [.emptyPattern])
  }

  @Test func `contract comparison returns mismatches as data`() {
    let contract = HapticPattern.savedConfirmation()
    #expect(contract.mismatches(against: .savedConfirmation()) == [])
    #expect(
      contract.mismatches(against: .savedConfirmation(sharpness: 0.8))
        == [.parameter(index: 0, parameter: .sharpness, expected: 0.5, actual: 0.8)])
    #expect(
      contract.mismatches(against: .savedConfirmation(intensity: 0.4, delay: 0.2)) == [
        .timing(index: 0, expected: 0, actual: 0.2),
        .parameter(index: 0, parameter: .intensity, expected: 1, actual: 0.4),
      ])
    let buzz = HapticPattern(events: [.continuous(intensity: 1, sharpness: 0.5, duration: 0.3)])
    #expect(
      contract.mismatches(against: buzz) == [
        .eventType(index: 0, expected: .transient, actual: .continuous),
        .duration(index: 0, expected: 0, actual: 0.3),
      ])
    let doubled = HapticPattern(events: contract.events + [.transient(intensity: 1, sharpness: 0.5, at: 0.1)])
    #expect(contract.mismatches(against: doubled) == [.eventCount(expected: 1, actual: 2)])
    #expect(contract.mismatches(against: HapticPattern(events: [])) == [.eventCount(expected: 1, actual: 0)])
    #expect(
      HapticMismatch.timing(index: 0, expected: 0, actual: 0.2).description
        == "event 0: expected relative time 0.000, found 0.200")
  }

  @Test func `no mismatch exactly when fingerprints are equal`() {
    let candidates: [HapticPattern] = [
      .savedConfirmation(), .savedConfirmation(intensity: 1.0002), .savedConfirmation(intensity: 0.999),
      .savedConfirmation(sharpness: 0.5004), .savedConfirmation(delay: 0.0006),
    ]
    for a in candidates {
      for b in candidates {
        #expect(a.mismatches(against: b).isEmpty == (a.fingerprint == b.fingerprint))
      }
    }
  }
}
