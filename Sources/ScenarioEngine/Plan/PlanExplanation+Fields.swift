import MatrixFormat

extension PlanExplanation {
  /// The per-field scoping of `plan --explain`: which input methods each field crosses, and the items
  /// that makes.
  ///
  /// A field crosses only the input methods its `input_methods:` declares (every catalog input method
  /// when it has no such key, none for `[]`), for automated and manual items alike; the matrix's
  /// `input_method` dimension only says which of those are planned. An input method no field declares
  /// plans nothing, and one without an engine plans manual items only.
  ///
  /// ```text
  /// fields (each crosses only the input methods it declares, for automated and manual items alike):
  ///   full-name: zh-pinyin, zh-zhuyin (its input_methods): 56 automated, 36 manual items
  ///   email: no input method (input_methods: []): paste, autofill, dictation and programmatic input only: …
  /// input methods no field declares (nothing is planned for them): ko-2set
  /// ```
  ///
  /// - Complexity: O(f · (m + i)) for f fields, m input methods and i plan items.
  package static func fieldScope(file: MatrixFile, plan: Plan) -> String {
    guard !file.fields.isEmpty else {
      return "fields: none, so no composition items are planned (only haptic items)\n"
    }
    let planned = Set(
      file.matrix.dimensions.first { $0.name == "input_method" }?.values.map(\.value.displayText) ?? [])
    var out =
      "fields (each crosses only the input methods it declares, for automated and manual items alike):\n"
    for field in file.fields {
      let items = plan.items.filter { $0.configuration.field?.rawValue == field.id }
      let automated = items.filter { $0.kind == .automated }.count
      let counts = "\(automated) automated, \(items.count - automated) manual items"
      let methods = file.inputMethods.compactMap { method -> String? in
        guard file.inputMethod(method.id, for: field) != nil else { return nil }
        var notes: [String] = []
        if field.inputMethods?.first(where: { $0.id == method.id })?.recipe != nil {
          notes.append("the field's own recipe")
        }
        if method.engine == nil { notes.append("manual only: no engine") }
        if !planned.contains(method.id) { notes.append("not in the matrix: nothing planned") }
        return notes.isEmpty ? method.id : "\(method.id) (\(notes.joined(separator: "; ")))"
      }
      let list: String
      switch field.inputMethods {
      case nil:
        list = "every input method of the catalog (no 'input_methods'): \(methods.joined(separator: ", "))"
      case let uses? where uses.isEmpty:
        list = "no input method ('input_methods: []'): paste, autofill, dictation and programmatic input only"
      default: list = "declares \(methods.joined(separator: ", "))"
      }
      out += "  \(field.id): \(list): \(counts)\n"
    }
    let undeclared = file.inputMethods.map(\.id).filter { id in !file.fields.contains { $0.applies(id) } }
    if !undeclared.isEmpty {
      out += "input methods no field declares (nothing is planned for them): "
      out += undeclared.joined(separator: ", ") + "\n"
    }
    return out
  }
}
