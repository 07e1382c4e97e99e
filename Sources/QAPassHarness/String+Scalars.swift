extension String {
  /// Whether `other` has exactly this text's Unicode scalars, in order.
  ///
  /// Every comparison of what an app shows or sends with what the pack expects is made this way, never
  /// with `==`, which is canonical equivalence: an app that sends 한별 as six conjoining jamo, or turns
  /// 金 U+F929 into 金 U+6717, changed the user's code points, and `==` would call that the same text.
  ///
  /// ```swift
  /// "한별".hasSameScalars(as: "\u{1112}\u{1161}\u{11AB}\u{1107}\u{1167}\u{11AF}")   // false; == says true
  /// ```
  func hasSameScalars(as other: String) -> Bool { unicodeScalars.elementsEqual(other.unicodeScalars) }

  /// The text's scalars as `U+D55C U+BCC4`, to tell apart two texts that print alike.
  package var scalarList: String {
    unicodeScalars.map { "U+" + String($0.value, radix: 16, uppercase: true) }.joined(separator: " ")
  }
}
