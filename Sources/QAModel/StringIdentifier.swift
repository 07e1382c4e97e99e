/// A fact that travels as a string in files (an item id, a check id, a device id) but is a value of its
/// own type in code, so one kind of id cannot be passed where another is expected.
///
/// Conforming types get their spelling as ``CustomStringConvertible/description``, ordering by the
/// spelling, string literals, and Codable as a plain JSON string (the standard library's `Codable` for
/// `RawRepresentable` with a `String` raw value).
///
/// ```swift
/// struct CheckID: StringIdentifier {
///   var rawValue: String
///   init(rawValue: String) { self.rawValue = rawValue }
/// }
/// let id: CheckID = "c3"
/// ```
public protocol StringIdentifier: RawRepresentable, Hashable, Comparable, Codable, Sendable,
  ExpressibleByStringLiteral, CustomStringConvertible
where RawValue == String {
  /// Creates the id spelled `rawValue`; every spelling is an id (readers check it against a catalog).
  init(rawValue: String)
}

extension StringIdentifier {
  /// The id spelled `value`.
  public init(stringLiteral value: String) { self.init(rawValue: value) }

  /// The spelling used in files.
  public var description: String { rawValue }

  /// Orders ids by their spelling.
  public static func < (lhs: Self, rhs: Self) -> Bool { lhs.rawValue < rhs.rawValue }
}
