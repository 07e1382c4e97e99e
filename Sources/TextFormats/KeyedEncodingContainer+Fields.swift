extension KeyedEncodingContainer {
  /// Encodes each value under its key, in order, with ``encode(_:forKey:)``: a `nil` optional is
  /// written as `null`, not left out (what `encodeIfPresent` would do).
  ///
  /// For a type whose encoding is its stored fields plus something a synthesized conformance
  /// cannot write (derived values, explicit `null`s): the fields are listed once, as a table.
  ///
  /// ```swift
  /// struct Caret: Encodable {
  ///   var field: String
  ///   var offset: Int?
  ///   enum CodingKeys: CodingKey { case field, offset, atEnd }
  ///
  ///   func encode(to encoder: any Encoder) throws {
  ///     var container = encoder.container(keyedBy: CodingKeys.self)
  ///     try container.encodeFields([.field: field, .offset: offset])   // "offset": null when nil
  ///     try container.encode(offset == nil, forKey: .atEnd)
  ///   }
  /// }
  /// ```
  ///
  /// - Parameter fields: The keys and their values.
  /// - Throws: What encoding a value throws.
  package mutating func encodeFields(_ fields: KeyValuePairs<Key, any Encodable>) throws {
    for (key, value) in fields {
      try encode(value, forKey: key)
    }
  }
}
