/// A fact that travels as a string in files (an item id, a check id, a device id) but is a value of its
/// own type in code, so one kind of id cannot be passed where another is expected.
///
/// `Kind` only tells the kinds apart (``ItemID``, ``CheckID``, ``InputMethodID``, ``DeviceID``,
/// ``FieldID``). An id is written as its plain spelling (Codable as a JSON string, through the
/// standard library's `Codable` for `RawRepresentable`), printed as it, ordered by it and made from a
/// string literal. Every string makes an id: readers check a spelling against the plan or the matrix.
///
/// ```swift
/// let check: CheckID = "c3"
/// let method = InputMethodID(rawValue: "zh-pinyin")
/// // check == method  // does not compile: another kind of id
/// ```
package struct Identifier<Kind>: RawRepresentable, Hashable, Comparable, Codable, Sendable,
  ExpressibleByStringLiteral, CustomStringConvertible
{
  /// The spelling, as in the matrix, plans, sheets and reports.
  package let rawValue: String

  /// The id spelled `rawValue`.
  package init(rawValue: String) { self.rawValue = rawValue }

  /// The id spelled `value`.
  package init(stringLiteral value: String) { self.init(rawValue: value) }

  /// The spelling used in files.
  package var description: String { rawValue }

  /// Orders ids by their spelling.
  package static func < (lhs: Self, rhs: Self) -> Bool { lhs.rawValue < rhs.rawValue }
}
