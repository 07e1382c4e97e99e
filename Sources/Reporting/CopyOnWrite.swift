/// A value kept in one box that copies share, copied only when a shared box is changed.
///
/// For large values passed around by value many times over, such as the report's items: copying a
/// struct that holds its strings and arrays inline retains each of them, copying this retains the box
/// once. The wrapped value reads and changes in place:
///
/// ```swift
/// var a = CopyOnWrite(["x"])
/// let b = a           // one box, retained once
/// a.value.append("y") // `a` gets a box of its own first; `b` still holds ["x"]
/// ```
///
/// Equal when the values are equal; hashes as its value.
struct CopyOnWrite<Value: Hashable & Sendable>: Hashable, Sendable {
  /// The box the copies share.
  ///
  /// `@unchecked Sendable`: a box is written only through ``value``'s accessors, after a box that is
  /// not uniquely referenced has been replaced by a copy, so a box another copy (or thread) can see is
  /// never written.
  private final class Box: @unchecked Sendable {
    var value: Value
    init(_ value: Value) { self.value = value }
  }

  private var box: Box

  /// Wraps `value` in a box of its own.
  init(_ value: Value) { box = Box(value) }

  /// The value; changing it first copies a box that another copy shares.
  ///
  /// `_read` and `_modify` lend the value in place: a `get` would copy the whole value out (retaining
  /// every field) to read one field of it, and a `set` would write it all back to change one.
  var value: Value {
    _read { yield box.value }
    _modify {
      if !isKnownUniquelyReferenced(&box) { box = Box(box.value) }
      yield &box.value
    }
  }

  static func == (lhs: Self, rhs: Self) -> Bool {
    lhs.box === rhs.box || lhs.box.value == rhs.box.value
  }

  func hash(into hasher: inout Hasher) { hasher.combine(box.value) }
}
