/// Which of a field's oracle samples an item of the paths without marked text (P1) enters: the item's
/// `sample` configuration value and the last segment of its id (`auto.p1.paste.full-name.valid`).
package enum SampleKind: String, Hashable, Sendable, CaseIterable {
  /// A text the field's rules accept.
  case valid
  /// A text the field's rules reject.
  case invalid
  /// A text the rules leave incomplete (neither accepted nor rejected yet).
  case incomplete
}

extension FieldSetup {
  /// The field's sample of `kind`, or `nil` when the oracle found none.
  package func sample(_ kind: SampleKind) -> String? {
    switch kind {
    case .valid: validSample
    case .invalid: invalidSample
    case .incomplete: incompleteSample
    }
  }

  /// The sample a programmatic assignment of `kind` replaces, so the change shows: the invalid sample
  /// before a valid one, the valid sample before the others.
  func contrast(to kind: SampleKind) -> String? {
    kind == .valid ? invalidSample : validSample
  }
}
