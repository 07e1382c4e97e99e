/// One automated item of a pack: its stable id and check, where it applies, and its replay.
public struct PackItem: Codable, Hashable, Sendable, CustomStringConvertible {
  /// What the item replays.
  public enum Replay: Hashable, Sendable {
    /// Field operations and events against a ``CompositionSubject``.
    case composition(CompositionScript)
    /// Taps and save completions against a ``SaveFlowSubject``.
    case saveFlow(SaveFlowScript)
  }

  /// The plan item's id, such as `auto.c1.zh-pinyin.full-name.every-update`.
  public var id: String
  /// The check: the scenario id, such as `c1` or `haptic.rapid-taps`.
  public var check: String
  /// The scenario's text version.
  public var scenarioVersion: Int
  /// A short title.
  public var title: String
  /// Where the item applies (input method, keyboard, field, variant, …), by key.
  public var configuration: [String: String]
  /// The replay.
  public var replay: Replay
  /// The id of an earlier item of the pack whose steps this item replays exactly (autofill and
  /// dictation reach a field as paste does: one insertion and `editingChanged`), so a count of items
  /// never reads as more distinct replays than there are; `nil` for an item with steps of its own.
  public var sameStepsAs: String?

  /// Creates an item.
  public init(
    id: String, check: String, scenarioVersion: Int, title: String, configuration: [String: String],
    replay: Replay, sameStepsAs: String? = nil
  ) {
    self.id = id
    self.check = check
    self.scenarioVersion = scenarioVersion
    self.title = title
    self.configuration = configuration
    self.replay = replay
    self.sameStepsAs = sameStepsAs
  }

  /// The id, so Swift Testing names each `@Test(arguments:)` case after its item.
  public var description: String { id }

  enum CodingKeys: String, CodingKey {
    case id, check, scenarioVersion, title, configuration, composition, saveFlow, sameStepsAs
  }

  /// Decodes an item holding exactly one of `composition` and `saveFlow`.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    id = try container.decode(String.self, forKey: .id)
    check = try container.decode(String.self, forKey: .check)
    scenarioVersion = try container.decode(Int.self, forKey: .scenarioVersion)
    title = try container.decode(String.self, forKey: .title)
    configuration = try container.decode([String: String].self, forKey: .configuration)
    sameStepsAs = try container.decodeIfPresent(String.self, forKey: .sameStepsAs)
    if let script = try container.decodeIfPresent(CompositionScript.self, forKey: .composition) {
      replay = .composition(script)
    } else if let script = try container.decodeIfPresent(SaveFlowScript.self, forKey: .saveFlow) {
      replay = .saveFlow(script)
    } else {
      throw DecodingError.dataCorruptedError(
        forKey: .composition, in: container,
        debugDescription: "item '\(id)' has neither 'composition' nor 'saveFlow'")
    }
  }

  /// Encodes the item with its replay under `composition` or `saveFlow`.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(id, forKey: .id)
    try container.encode(check, forKey: .check)
    try container.encode(scenarioVersion, forKey: .scenarioVersion)
    try container.encode(title, forKey: .title)
    try container.encode(configuration, forKey: .configuration)
    try container.encodeIfPresent(sameStepsAs, forKey: .sameStepsAs)
    switch replay {
    case .composition(let script): try container.encode(script, forKey: .composition)
    case .saveFlow(let script): try container.encode(script, forKey: .saveFlow)
    }
  }
}
