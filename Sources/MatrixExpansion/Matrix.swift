import Diagnostics

/// A GitHub Actions–style matrix: dimensions, `include` and `exclude`, with where each part was written.
///
/// ```yaml
/// os: ["27.x", "26.x"]
/// input_method: [zh-pinyin, ko-2set]
/// exclude:
///   - {os: "26.x", input_method: ko-2set}
/// ```
public struct Matrix: Sendable {
  /// A value with the place it was written, for diagnostics.
  public struct Located: Sendable, Hashable {
    public var value: MatrixValue
    public var location: SourceLocation?

    public init(_ value: MatrixValue, at location: SourceLocation? = nil) {
      self.value = value
      self.location = location
    }
  }

  /// One axis of the product, such as `os` or `device`.
  public struct Dimension: Sendable {
    public var name: String
    public var values: [Located]
    /// Where the dimension's key is written.
    public var location: SourceLocation?

    public init(name: String, values: [Located], location: SourceLocation? = nil) {
      self.name = name
      self.values = values
      self.location = location
    }
  }

  /// One `include` or `exclude` entry: keys and values in the order written.
  public struct Entry: Sendable {
    public struct Member: Sendable {
      public var key: String
      public var keyLocation: SourceLocation?
      public var value: Located

      public init(key: String, keyLocation: SourceLocation? = nil, value: Located) {
        self.key = key
        self.keyLocation = keyLocation
        self.value = value
      }
    }

    public var members: [Member]
    public var location: SourceLocation?

    public init(members: [Member], location: SourceLocation? = nil) {
      self.members = members
      self.location = location
    }
  }

  /// The file the matrix comes from, for diagnostics.
  public var path: String
  /// Where the matrix mapping starts.
  public var location: SourceLocation?
  public var dimensions: [Dimension]
  public var include: [Entry]
  public var exclude: [Entry]

  public init(
    path: String,
    location: SourceLocation? = nil,
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
public struct Combination: Hashable, Sendable {
  public var members: [MatrixMember]

  public init(_ members: [MatrixMember]) {
    self.members = members
  }

  public subscript(key: String) -> MatrixValue? {
    members.first(where: { $0.key == key })?.value
  }

  /// One compact JSON object, keys in order.
  public var json: String { MatrixValue.object(members).json }
}
