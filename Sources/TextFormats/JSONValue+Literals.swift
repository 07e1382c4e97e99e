/// Arrays and objects written as Swift literals, so a fixed document reads like the JSON it makes.
///
/// ```swift
/// let schema: JSONValue = ["type": "array", "items": ["type": "string"]]
/// schema.rendered()   // {\n  "type": "array",\n  "items": {\n    "type": "string"\n  }\n}
/// ```
extension JSONValue: ExpressibleByArrayLiteral, ExpressibleByDictionaryLiteral {
  /// An array of the elements written.
  package init(arrayLiteral elements: JSONValue...) { self = .array(elements) }

  /// An object whose keys keep the order written (`[:]` is the empty object).
  package init(dictionaryLiteral elements: (String, JSONValue)...) { self = .object(elements) }
}
