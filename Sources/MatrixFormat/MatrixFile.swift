import Diagnostics
import MatrixExpansion
import Oracle
import QAModel

/// A qapass matrix file, format version 1: the catalogs of input methods, devices and fields, the haptic
/// contract, and the `matrix:` block that combines them. The README documents every key.
package struct MatrixFile: Sendable {
  /// The only format version this release reads.
  package static let formatVersion = 1
  /// Dimensions whose values are ids from a catalog, or OS versions.
  package static let catalogDimensions = ["os", "input_method", "device"]

  package var path: String
  package var name: String
  /// The app build under test, such as `4.12.0 (812)`; observations for another build are stale.
  package var build: String?
  package var inputMethods: [InputMethod]
  package var devices: [Device]
  package var fields: [Field]
  /// Where `fields:` is written; `nil` when the file has no `fields:` key (``fieldsProblem`` then
  /// refuses it in `lint`).
  package var fieldsLocation: TextPosition? = nil
  package var haptics: Haptics?
  /// The people who test, with the devices they hold (optional `testers:`).
  package var testers: [Tester] = []
  /// The ids input methods, devices and fields had before (`renamed_from:`), so observations follow them.
  package var renames = Renames()
  /// The app subjects whose automated results a report requires (optional `subjects:`).
  package var subjects: [Subject] = []
  /// The team's declared policies for the automated composition items (optional `policies:`).
  package var policies = Policies()
  /// What the team's decisions about results may do (optional `decisions:`).
  package var decisions = Decisions()
  package var matrix: Matrix
  package var planning: Planning

  package func inputMethod(_ id: String) -> InputMethod? { inputMethods.first { $0.id == id } }
  package func device(_ id: String) -> Device? { devices.first { $0.id == id } }
  package func field(_ id: String) -> Field? { fields.first { $0.id == id } }
}

extension MatrixFile {
  /// A keyboard under test, and how automated runs compose text with it.
  package struct InputMethod: Sendable, Hashable {
    package var id: String
    package var label: String
    /// The iOS keyboard identifier (an `AppleKeyboards` entry), e.g.
    /// `zh_Hans-Pinyin@sw=Pinyin-Simplified;hw=Automatic`.
    package var keyboard: String
    /// The engine that composes for automated runs: `m17n:<lang>-<name>`, `anthy`, `hangul:<keyboard>`;
    /// `nil` for a keyboard no engine models (such as 10-key flick), which gets manual items only.
    package var engine: String?
    /// Keystrokes, with named keys in braces: `nihongo{space}{Return}`; without an engine, what a
    /// tester enters (kana for a 10-key keyboard).
    package var recipe: String
    /// The text the recipe commits.
    package var expect: String
    /// Where the entry is written.
    package var location: TextPosition
    /// Where `recipe` is written, for recipe errors.
    package var recipeLocation: TextPosition
    /// Where `engine` is written (the entry itself when it has none).
    package var engineLocation: TextPosition
    /// Where the `expect` value starts.
    package var expectLocation: TextPosition
  }

  /// A phone, tablet or simulator that people test on.
  package struct Device: Sendable, Hashable {
    package enum Kind: String, Sendable, Hashable, CaseIterable {
      case device
      case simulator
    }

    package var id: String
    package var name: String
    package var kind: Kind
    /// Whether the hardware plays Core Haptics patterns (iPhone 8 and later; no iPad, no simulator).
    package var haptics: Bool
    package var osSupport: OSSupport
    /// The input methods the device can use; `nil` means all.
    package var inputMethods: [String]?
    package var location: TextPosition

    /// Whether the device can run an OS version: some release `os` stands for lies in the device's
    /// range, or among the releases of its list (`26.4` is one of `26.x`, and `26.x` holds `26.4`).
    package func supports(_ os: OSVersion) -> Bool {
      switch osSupport {
      case .range(let min, let max): os.overlaps(min: min, max: max)
      case .versions(let list):
        list.contains { entry in OSVersion(entry).map { os.overlaps(min: $0, max: $0) } ?? false }
      }
    }
  }

  /// The OS versions a device supports: a range or a list of versions (each read by the OS spelling
  /// rule, so every entry is a version).
  package enum OSSupport: Sendable, Hashable {
    case range(min: OSVersion?, max: OSVersion?)
    case versions([String])

    package var summary: String {
      switch self {
      case .range(let min?, let max?): "\(min)–\(max)"
      case .range(let min?, nil): "\(min) or later"
      case .range(nil, let max?): "up to \(max)"
      case .range(nil, nil): "any"
      case .versions(let list): list.joined(separator: ", ")
      }
    }
  }

  /// A form field under test and the business rules it applies.
  package struct Field: Sendable, Hashable {
    package var id: String
    package var label: String
    package var rules: [Rule]
    /// Message overrides by rule name, for localised apps.
    package var messages: [String: String]
    /// The input methods that apply to the field, in the order written; `nil` (no `input_methods:`
    /// key) means every input method of the catalog, with its own recipe, as version 1 files had it.
    package var inputMethods: [InputMethodUse]?
    package var location: TextPosition
    /// Where each of ``rules`` is written, in the same order.
    package var ruleLocations: [TextPosition] = []
    /// The team's own verdicts on texts (`samples:`), valid ones first, then invalid and incomplete,
    /// each list in the order written; for a regex rule, its only oracle.
    package var samples: [Sample] = []

    /// One input method a field declares, optionally with a recipe and expected text of its own
    /// (a Korean-name field types a Korean name, not the catalog's recipe).
    package struct InputMethodUse: Sendable, Hashable {
      /// The input method's id.
      package var id: String
      /// The field's own recipe, or `nil` for the input method's.
      package var recipe: String?
      /// The field's own expected text; given exactly when ``recipe`` is.
      package var expect: String?
      /// Where the entry is written.
      package var location: TextPosition
      /// Where the field's own recipe is written.
      package var recipeLocation: TextPosition?
      /// Where the field's own expected text is written.
      package var expectLocation: TextPosition?
    }

    /// One text of `samples:` and the verdict the team gives it.
    package struct Sample: Sendable, Hashable {
      /// The text, as written.
      package var text: String
      /// The list it is in: `valid`, `invalid` or `incomplete`.
      package var verdict: Verdict
      /// Where the text is written.
      package var location: TextPosition
    }

    /// Whether the input method `id` applies to this field.
    package func applies(_ id: String) -> Bool {
      inputMethods.map { list in list.contains { $0.id == id } } ?? true
    }
  }

  /// A tester: the device units they hold and their time zone.
  package struct Tester: Sendable, Hashable {
    /// How observations name them (`tester: mei`).
    package var name: String
    /// The device ids of the units they hold; a device held by two testers is two units.
    package var devices: [String]
    /// An IANA time zone such as `Asia/Tokyo`, if given.
    package var timeZone: String?
    package var location: TextPosition
  }

  /// An app subject whose QAPassHarness results (`qapass pass --automated`) a report requires: without
  /// them the verdict is INCOMPLETE, so a team that adopted the harness cannot forget to pass them.
  package struct Subject: Sendable, Hashable {
    /// The name its `HarnessSubject` reports (`SignUpCore`), as the results file spells it.
    package var name: String
    /// Where the name is written.
    package var location: TextPosition
  }

  /// A business rule; the composition gate is separate and always applies.
  package enum Rule: Sendable, Hashable {
    case required
    case hanName
    case japaneseName
    case koreanName
    case email
    case regex(String)

    package static let names = ["email", "han-name", "japanese-name", "korean-name", "required"]

    package var name: String {
      switch self {
      case .required: "required"
      case .hanName: "han-name"
      case .japaneseName: "japanese-name"
      case .koreanName: "korean-name"
      case .email: "email"
      case .regex: "regex"
      }
    }
  }

  /// The haptic contract: the events the "saved" confirmation must request.
  package struct Haptics: Sendable, Hashable {
    package struct Event: Sendable, Hashable {
      package var kind: HapticEventKind
      package var time: Double
      package var intensity: Double
      package var sharpness: Double
      package var duration: Double?
      package var location: TextPosition
    }

    package var confirmation: [Event]
    package var location: TextPosition
  }

  /// How manual items are chosen from the matrix.
  package struct Planning: Sendable, Hashable {
    package enum Strategy: Sendable, Hashable {
      /// Every combination (the GitHub expansion).
      case full
      /// A t-way covering array over the dimensions.
      case pairwise(strength: Int)
    }

    package var strategy: Strategy = .full
    package var seed: UInt64 = 0
    /// The covering-array search budget (`plan.strategy.effort`, `--effort`): 1 by default, 0 for the
    /// greedy array only; the same effort and seed always give the same rows.
    package var effort: Double = 1
    /// Per-dimension value weights for covering arrays.
    package var weights: [String: [String: Double]] = [:]
  }
}
