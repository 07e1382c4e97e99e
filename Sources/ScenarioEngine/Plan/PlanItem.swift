import AcceptanceCore
import QAModel

/// One thing to check: an automated check qapass runs, or a manual item for a person.
///
/// Ids are stable and documented:
/// - `auto.c1.<input method>.<field>.<variant>` and `auto.c2…` (C1, C2);
/// - `auto.c3.<input method>.<field>.<variant>.<button|return|programmatic>` (C3);
/// - `auto.p1.<paste|autofill|dictation|programmatic>.<field>.<valid|invalid|incomplete>` (paths without
///   marked text) and `auto.p2.<field>` (the rules against the oracle's known texts);
/// - `auto.<r1|r2|r3>.<input method>.<field>` (recomposition, a silent commit then Return, a commit
///   announced only by editingDidEnd; marked-text methods);
/// - `auto.haptic.<scenario>` (automated haptic checks);
/// - `manual.ime.<m1|m2|m3>.<device>.<os>.<input method>.<field>[.<extra value>…]`;
/// - `manual.haptic.<h1…h5|v1>.<device>.<os>`.
/// Catalog ids contain only letters, digits, `-` and `_`; other characters of extra matrix values
/// become `-`. An id that would still repeat gets `.2`, `.3`, … in plan order.
package struct PlanItem: Hashable, Sendable {
  /// The stable id.
  package var id: ItemID
  /// Automated or manual.
  package var kind: Scenario.Kind
  /// Composition or haptics.
  package var channel: Scenario.Channel
  /// The scenario id, such as `c3` or `h1`.
  package var scenario: CheckID
  /// The scenario's text version when the plan was made.
  package var scenarioVersion: Int
  /// Where the item applies.
  package var configuration: Configuration
  /// A short title.
  package var title: String
  /// Conditions to establish first.
  package var preconditions: [String]
  /// What to do.
  package var steps: [String]
  /// What must be seen.
  package var expected: [String]
  /// What to write down.
  package var record: [String]
  /// For haptic items: the contract's fingerprint and parameters to record.
  package var haptic: HapticReference?
  /// For a keyboard item whose texts an input-method engine's trace words (Korean syllables and the
  /// jamo one delete leaves, bopomofo): its texts as a build without the engines words them, from the
  /// recipe's keys; `nil` for every other item. The plan fingerprint covers these instead of the
  /// engine's wording, so the same matrix has one fingerprint with and without the engines.
  package var recipeWording: Texts? = nil

  /// An item's preconditions, steps, expected results and what to record.
  package struct Texts: Hashable, Sendable {
    /// Conditions to establish first.
    package var preconditions: [String]
    /// What to do.
    package var steps: [String]
    /// What must be seen.
    package var expected: [String]
    /// What to write down.
    package var record: [String]
  }

  /// The cell and the settings of an item; `nil` members do not apply.
  package struct Configuration: Hashable, Sendable {
    /// The device id.
    package var device: DeviceID?
    /// The OS version, as the matrix writes it.
    package var os: String?
    /// The input method id.
    package var inputMethod: InputMethodID?
    /// The iOS keyboard identifier.
    package var keyboard: String?
    /// The field id.
    package var field: FieldID?
    /// How commits are announced (automated composition items).
    package var variant: DeliveryVariant?
    /// The submission path (C3).
    package var submitPath: SubmitTrigger?
    /// The path without marked text (P1).
    package var inputPath: DirectInputPath?
    /// `valid` or `invalid` (P1).
    package var sample: SampleKind?
    /// Other matrix dimensions and included keys, in matrix order.
    package var extras: [Pair]

    /// The device session, when the configuration names a device and an OS (manual items do).
    package var session: SessionID? {
      guard let device, let os else { return nil }
      return SessionID(device: device, os: os)
    }

    /// Creates a configuration.
    package init(
      device: DeviceID? = nil, os: String? = nil, inputMethod: InputMethodID? = nil, keyboard: String? = nil,
      field: FieldID? = nil, variant: DeliveryVariant? = nil, submitPath: SubmitTrigger? = nil,
      inputPath: DirectInputPath? = nil, sample: SampleKind? = nil, extras: [Pair] = []
    ) {
      self.device = device
      self.os = os
      self.inputMethod = inputMethod
      self.keyboard = keyboard
      self.field = field
      self.variant = variant
      self.submitPath = submitPath
      self.inputPath = inputPath
      self.sample = sample
      self.extras = extras
    }

    /// The members that apply, in a fixed order, with snake_case keys.
    package var pairs: [Pair] {
      var result: [Pair] = []
      func add(_ key: String, _ value: String?) {
        if let value { result.append(Pair(key: key, value: value)) }
      }
      add("device", device?.rawValue)
      add("os", os)
      add("input_method", inputMethod?.rawValue)
      add("keyboard", keyboard)
      add("field", field?.rawValue)
      add("variant", variant?.rawValue)
      add("submit_path", submitPath?.segment)
      add("input_path", inputPath?.rawValue)
      add("sample", sample?.rawValue)
      return result + extras
    }
  }

  /// A key and its value.
  package struct Pair: Hashable, Sendable {
    /// The key.
    package var key: String
    /// The value, as text.
    package var value: String

    /// Creates a pair.
    package init(key: String, value: String) {
      self.key = key
      self.value = value
    }
  }

  /// The haptic contract an item refers to: the pattern itself, carried as a value to the plan's text,
  /// the observation sheets and ingest, never parsed back from its text.
  package struct HapticReference: Hashable, Sendable {
    /// The contract's pattern.
    package var pattern: HapticPattern

    /// `sha256:` and 12 hex digits of the pattern's canonical form.
    package var fingerprint: String { pattern.fingerprint }

    /// The canonical event lines, such as `transient t=0.000 i=1.000 s=0.500`, for plans and checklists.
    package var parameters: [String] {
      pattern.canonicalForm.split(separator: "\n").dropFirst().map(String.init)
    }

    /// The pattern's parameters by name, as a tester records what was felt: `type`, `time`, `duration`
    /// (continuous events), `intensity` and `sharpness`, each number with three decimals, prefixed
    /// `event1.`, `event2.`, … when the pattern has several events (in canonical order).
    package var namedParameters: [String: String] {
      let events = pattern.canonicalEvents
      var result: [String: String] = [:]
      for (index, event) in events.enumerated() {
        let prefix = events.count == 1 ? "" : "event\(index + 1)."
        result[prefix + "type"] = event.kind.rawValue
        result[prefix + "time"] = HapticPattern.fixed3(event.relativeTime)
        if event.kind == .continuous { result[prefix + "duration"] = HapticPattern.fixed3(event.duration) }
        result[prefix + "intensity"] = HapticPattern.fixed3(event.intensity)
        result[prefix + "sharpness"] = HapticPattern.fixed3(event.sharpness)
      }
      return result
    }
  }
}
