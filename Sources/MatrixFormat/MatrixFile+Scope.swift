extension MatrixFile {
  /// The input method `id` as it applies to `field`: the catalog entry with the field's own recipe and
  /// expected text when the field gives them, or `nil` when the field does not declare the method.
  ///
  /// A field without `input_methods:` takes every input method with its own recipe (version 1 files).
  ///
  /// ```swift
  /// file.inputMethod("ko-2set", for: koreanName)?.recipe   // the field's Korean recipe
  /// file.inputMethod("zh-pinyin", for: email)              // nil: pinyin does not apply to an email
  /// ```
  package func inputMethod(_ id: String, for field: Field) -> InputMethod? {
    guard var method = inputMethod(id) else { return nil }
    guard let uses = field.inputMethods else { return method }
    guard let use = uses.first(where: { $0.id == id }) else { return nil }
    if let recipe = use.recipe, let expect = use.expect {
      method.recipe = recipe
      method.expect = expect
      method.recipeLocation = use.recipeLocation ?? use.location
      method.expectLocation = use.expectLocation ?? use.location
    }
    return method
  }
}
