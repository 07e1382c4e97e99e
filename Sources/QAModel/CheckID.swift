/// The id of a scenario of the catalog, the check an item carries out: `c1`, `haptic.contract`, `m2`.
///
/// The catalog's ids are named constants (``ScenarioEngine`` defines them next to the scenarios), so
/// code compares `item.scenario == .c3` rather than a string literal. Ids are stable: never reused for
/// another meaning.
///
/// ```swift
/// let id = CheckID(rawValue: "c3")
/// id.description  // "c3"
/// ```
public struct CheckID: StringIdentifier {
  /// The spelling, as in plans, packs and reports.
  public let rawValue: String

  /// The check spelled `rawValue`.
  public init(rawValue: String) { self.rawValue = rawValue }
}
