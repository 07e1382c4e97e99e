extension MatrixFile {
  /// The input method `id` as it applies to `field`: the catalog entry with the field's own recipe and
  /// expected text when the field gives them, or `nil` when the field does not declare the method.
  ///
  /// A field without `input_methods:` takes every input method with its own recipe (version 1 files).
  ///
  /// ```swift
  /// let path = "matrices/default.yaml"
  /// let bytes = Array(try Data(contentsOf: URL(fileURLWithPath: path)))
  /// guard case .qapass(let file) = try MatrixDocument.load(path: path, bytes: bytes).document,
  ///   let koreanName = file.field("korean-name")
  /// else { return }
  /// file.inputMethod("ko-2set", for: koreanName)?.recipe   // "qkrtjdus": the field's own recipe
  /// file.inputMethod("zh-pinyin", for: koreanName)         // nil: the field does not list pinyin
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
