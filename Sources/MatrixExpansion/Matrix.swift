import Diagnostics

/// A GitHub Actions–style matrix: dimensions, `include` and `exclude`, with where each part was written.
///
/// ```yaml
/// os: ["27.x", "26.x"]
/// input_method: [zh-pinyin, ko-2set]
/// exclude:
///   - {os: "26.x", input_method: ko-2set}
/// ```
package struct Matrix: Sendable {
  /// A value with the place it was written, for diagnostics.
  package struct Located: Sendable, Hashable {
    package var value: MatrixValue
    package var location: TextPosition?

    package init(_ value: MatrixValue, at location: TextPosition? = nil) {
      self.value = value
      self.location = location
    }
  }

  /// One axis of the product, such as `os` or `device`.
  package struct Dimension: Sendable {
    package var name: String
    package var values: [Located]
    /// Where the dimension's key is written.
    package var location: TextPosition?

    package init(name: String, values: [Located], location: TextPosition? = nil) {
      self.name = name
      self.values = values
      self.location = location
    }
  }

  /// One `include` or `exclude` entry: keys and values in the order written.
  package struct Entry: Sendable {
    package struct Member: Sendable {
      package var key: String
      package var keyLocation: TextPosition?
      package var value: Located

      package init(key: String, keyLocation: TextPosition? = nil, value: Located) {
        self.key = key
        self.keyLocation = keyLocation
        self.value = value
      }
    }

    package var members: [Member]
    package var location: TextPosition?

    package init(members: [Member], location: TextPosition? = nil) {
      self.members = members
      self.location = location
    }
  }

  /// The file the matrix comes from, for diagnostics.
  package var path: String
  /// Where the matrix mapping starts.
  package var location: TextPosition?
  package var dimensions: [Dimension]
  package var include: [Entry]
  package var exclude: [Entry]

  package init(
    path: String,
    location: TextPosition? = nil,
    dimensions: [Dimension],
    include: [Entry] = [],
    exclude: [Entry] = []
  ) {
    self.path = path
    self.location = location
    self.dimensions = dimensions
    self.include = include
    self.exclude = exclude
  }
}

/// One row of an expanded matrix: keys and values in GitHub's order (dimensions, then included keys).
package struct Combination: Hashable, Sendable {
  package var members: [MatrixMember]

  package init(_ members: [MatrixMember]) {
    self.members = members
  }

  package subscript(key: String) -> MatrixValue? {
    members.first(where: { $0.key == key })?.value
  }

  /// One compact JSON object, keys in order.
  package var json: String { MatrixValue.object(members).json }
}
