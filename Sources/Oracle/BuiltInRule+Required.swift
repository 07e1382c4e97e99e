extension BuiltInRule {
  /// `required`: invalid when the text is blank, that is empty or made only of scalars with the
  /// `White_Space` property (U+0020, U+3000 IDEOGRAPHIC SPACE, U+00A0, line breaks …); valid otherwise.
  ///
  /// Judged scalar by scalar: a space carrying a combining accent is not blank.
  static func required(_ text: String) -> Verdict {
    text.unicodeScalars.allSatisfy(\.properties.isWhitespace) ? .invalid : .valid
  }

  /// Throws when `scalar`, which `data` does not assign, might be assigned in the definitions' version.
  static func checkAssigned(_ scalar: Unicode.Scalar, data: UnicodeVersion = .standardLibrary)
    throws(UnicodeDataTooOld)
  {
    if data < .definitions { throw UnicodeDataTooOld(scalar: scalar, data: data) }
  }
}
