/// The form field an item is about, as the matrix declares it.
public struct PackField: Codable, Hashable, Sendable {
  /// One of the team's own verdicts (the matrix field's `samples:`).
  public struct Sample: Codable, Hashable, Sendable {
    /// The text, as the matrix writes it (compared scalar by scalar).
    public var text: String
    /// `valid`, `invalid` or `incomplete` (still being typed: no message while editing, refused on
    /// submission).
    public var verdict: String

    /// Creates a sample.
    public init(text: String, verdict: String) {
      self.text = text
      self.verdict = verdict
    }
  }

  /// The field's id in the matrix, such as `full-name`.
  public var id: String
  /// Its label.
  public var label: String
  /// Its rules in order, by matrix name (`required`, `han-name`, `korean-name`, `regex:^…$`).
  public var rules: [String]
  /// The team's own verdicts, in the order written: they bind every subject, qapass's own core too,
  /// before any rule is applied. Empty when the field declares none (and then left out of the pack).
  public var samples: [Sample]

  /// Creates a field description.
  public init(id: String, label: String, rules: [String], samples: [Sample] = []) {
    self.id = id
    self.label = label
    self.rules = rules
    self.samples = samples
  }

  enum CodingKeys: String, CodingKey { case id, label, rules, samples }

  /// Decodes a field; one without `samples` declares none.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    id = try container.decode(String.self, forKey: .id)
    label = try container.decode(String.self, forKey: .label)
    rules = try container.decode([String].self, forKey: .rules)
    samples = try container.decodeIfPresent([Sample].self, forKey: .samples) ?? []
  }

  /// Encodes the field, `samples` only when there are some.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(id, forKey: .id)
    try container.encode(label, forKey: .label)
    try container.encode(rules, forKey: .rules)
    if !samples.isEmpty { try container.encode(samples, forKey: .samples) }
  }
}
