/// What a field's rules say of a committed text.
///
/// The words a scenario pack's expectations are made of: a valid text shows no message and may be
/// submitted; an invalid one shows a message and is refused; an incomplete one (a name still being
/// typed in place, such as a trailing lone Korean jamo) shows nothing while editing and is refused on
/// submission.
///
/// ```swift
/// try BuiltInRule.koreanName.verdict(of: "김진ㅇ")   // .incomplete
/// ```
package enum Verdict: String, Hashable, Sendable, CaseIterable {
  /// Accepted.
  case valid
  /// Rejected; a message shows.
  case invalid
  /// Unfinished: no message while editing, refused on submission.
  case incomplete
}
