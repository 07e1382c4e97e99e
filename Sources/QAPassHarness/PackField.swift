/// The form field an item is about, as the matrix declares it.
public struct PackField: Codable, Hashable, Sendable {
  /// The field's id in the matrix, such as `full-name`.
  public var id: String
  /// Its label.
  public var label: String
  /// Its rules in order, by matrix name (`required`, `han-name`, `korean-name`, `regex:^…$`).
  public var rules: [String]

  /// Creates a field description.
  public init(id: String, label: String, rules: [String]) {
    self.id = id
    self.label = label
    self.rules = rules
  }
}
