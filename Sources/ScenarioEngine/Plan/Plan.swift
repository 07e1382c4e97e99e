import AcceptanceCore
import Digests
import Keystrokes
import MatrixFormat
import QAModel
import QAPassHarness
import TextFormats

/// A QA pass: the automated and manual items for one matrix file, the cells removed as impossible,
/// notes, a summary and a fingerprint.
///
/// Made by ``make(file:cellLimit:)``; rendered by ``table()``, ``json()`` and ``markdown()``. The
/// same file always gives byte-identical renderings.
package struct Plan: Sendable {
  /// The matrix's name.
  package var name: String
  /// The matrix file's path, as given.
  package var path: String
  /// The app build under test, if the matrix names one.
  package var build: String?
  /// The items, automated first, then manual grouped by device session.
  package var items: [PlanItem]
  /// Combinations removed because a device cannot run them.
  package var removedCells: [RemovedCell]
  /// Things a reader of the plan should know (simulator sessions without feel items, guessed
  /// keyboard profiles, samples that could not be derived, …), in a fixed order.
  package var notes: [String]
  /// The counts.
  package var summary: Summary
  /// `sha256:` and the hex SHA-256 of ``canonicalForm``.
  package var fingerprint: String
  /// Each device's display name by id, in catalog order.
  package var deviceNames: [PlanItem.Pair]
  /// Who carries out each device session, when the matrix has a `testers:` catalog (else empty).
  package var assignments: [SessionAssignment] = []
  /// How ``assignments`` differ from the assignment the checklists were last written with (empty for
  /// a first assignment): who lost or gained which session, and why.
  package var assignmentChanges: [AssignmentChange] = []
  /// Each tester's time zone by name, when given.
  package var testerTimeZones: [PlanItem.Pair] = []
  /// The ids the matrix's input methods, devices and fields had before (`renamed_from:`), so
  /// observations recorded under them count for the items of the new ids (``PlanItem/formerIDs(_:)``).
  package var renames = MatrixFile.Renames()
  /// The team's declared policies for the automated composition items (`policies:`); the
  /// fingerprint covers them.
  package var policies = MatrixFile.Policies()
  /// What the runner needs to execute the automated items.
  var automation: Automation

  /// A combination the catalogs say cannot exist.
  package struct RemovedCell: Hashable, Sendable {
    /// The combination's members as `key=value`, in matrix order.
    package var combination: [PlanItem.Pair]
    /// Why it was removed.
    package var reason: String
  }

  /// The counts of a plan.
  package struct Summary: Hashable, Sendable {
    /// Automated items.
    package var automatedItems: Int
    /// Manual items.
    package var manualItems: Int
    /// Distinct device × OS pairs among the manual items (one setup each).
    package var deviceSessions: Int
    /// Automated items per scenario id, in catalog order.
    package var automatedPerScenario: [PlanItem.Pair]
    /// Manual items per scenario id, in catalog order.
    package var manualPerScenario: [PlanItem.Pair]
    /// Cells removed as impossible.
    package var removedCells: Int
  }

  /// The canonical text the fingerprint is computed over: one block per item, every member on its
  /// own line, in plan order.
  package var canonicalForm: String {
    Self.canonicalForm(of: items, policies: policies)
  }

  static func canonicalForm(of items: [PlanItem], policies: MatrixFile.Policies) -> String {
    var text = canonicalHeader(policies)
    for item in items { appendCanonicalForm(of: item, to: &text) }
    return text
  }

  /// `sha256:` and the hex SHA-256 of the canonical form of `items`, hashed item by item (the text of
  /// a large plan is never built whole).
  static func fingerprint(of items: [PlanItem], policies: MatrixFile.Policies) -> String {
    var digest = Digest.Stream()
    digest.append(canonicalHeader(policies))
    var text = ""
    for item in items {
      text.removeAll(keepingCapacity: true)
      appendCanonicalForm(of: item, to: &text)
      digest.append(text)
    }
    return "sha256:" + digest.hex()
  }

  /// The canonical form's first lines: its version and the matrix's policies.
  private static func canonicalHeader(_ policies: MatrixFile.Policies) -> String {
    var text = "qapass-plan/1\n"
    for line in policies.canonicalLines { text += "policy \(line)\n" }
    return text
  }

  /// One item's block of the canonical form: its texts as worded from the recipe where an engine's trace
  /// words them otherwise (``PlanItem/recipeWording``).
  private static func appendCanonicalForm(of item: PlanItem, to text: inout String) {
    text += "item \(item.id)\n"
    text += "kind \(item.kind.rawValue)\nchannel \(item.channel.rawValue)\n"
    text += "scenario \(item.scenario)@\(item.scenarioVersion)\n"
    for pair in item.configuration.pairs { text += "config \(pair.key)=\(Self.escape(pair.value))\n" }
    text += "title \(Self.escape(item.title))\n"
    let texts =
      item.recipeWording
      ?? PlanItem.Texts(
        preconditions: item.preconditions, steps: item.steps, expected: item.expected, record: item.record)
    for (label, lines) in [
      ("precondition", texts.preconditions), ("step", texts.steps), ("expected", texts.expected),
      ("record", texts.record),
    ] {
      for line in lines { text += "\(label) \(Self.escape(line))\n" }
    }
    if let haptic = item.haptic {
      text += "haptic \(haptic.fingerprint)\n"
      for line in haptic.parameters { text += "haptic-event \(line)\n" }
    }
  }

  /// What ``escape(_:)`` changes: line feed, carriage return and backslash.
  private static let lineBreaksAndBackslash = ByteScreen(controls: false, ascii: "\n\r\\")

  /// Newlines and backslashes escaped so each member stays on one line.
  private static func escape(_ text: String) -> String {
    // Most members hold none of the three, and are kept as they are.
    guard lineBreaksAndBackslash.matches(text) else { return text }
    return Escaping.escaped(characters: text) { character in
      switch character {
      case "\\": "\\\\"
      case "\n": "\\n"
      case "\r", "\r\n": "\\r"
      default: nil
      }
    }
  }
}

/// The resolved inputs of the automated items.
struct Automation: Sendable {
  struct Method: Sendable {
    var id: String
    var label: String
    var keyboard: String
    /// `nil` for a keyboard checked by hand only.
    var engine: String?
    var recipe: KeystrokeRecipe
    var expect: String
    var profile: InputMethodProfile
  }

  struct HapticContract: Sendable {
    /// The declared events.
    var declared: HapticPattern
    /// The core's savedConfirmation built from the first declared event's parameters.
    var built: HapticPattern
  }

  /// An input method as it applies to one field: with the field's recipe and expected text.
  struct Crossing: Sendable {
    var field: String
    var method: Method
  }

  /// The catalog's input methods, with their own recipes, in catalog order.
  var methods: [Method]
  /// The field × input method pairs the fields declare, input method outermost.
  var crossings: [Crossing]
  var fields: [FieldSetup]
  var haptics: HapticContract?
  /// The team's policies as the pack's scripts carry them.
  var policies = CompositionPolicies.defaults
  /// How marked-text commits may be announced: the variants the composition items cross.
  var variants = DeliveryVariant.allCases

  func method(_ id: String?) -> Method? { methods.first { $0.id == id } }
  /// The input method `id` as it applies to `field`, or `nil` when the field does not declare it.
  func method(_ id: String?, field: String?) -> Method? {
    crossings.first { $0.method.id == id && $0.field == field }?.method
  }
  func field(_ id: String?) -> FieldSetup? { fields.first { $0.id == id } }

  /// The input method of an item's configuration as it applies to its field.
  func method(_ id: InputMethodID?, field: FieldID?) -> Method? {
    method(id?.rawValue, field: field?.rawValue)
  }
  /// The field of an item's configuration.
  func field(_ id: FieldID?) -> FieldSetup? { field(id?.rawValue) }
}
