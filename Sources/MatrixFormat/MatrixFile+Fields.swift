import Diagnostics
import MatrixExpansion

extension MatrixFile {
  /// The error `lint` gives a file that has no `fields:` key: its keyboards would plan nothing.
  ///
  /// Every keyboard item types into a field, so without fields the input methods of `matrix:` plan no
  /// item at all, and a file that simply forgot them would pass with only its haptic items planned. A
  /// matrix of haptic items only says so with `fields: []`, which is no error. The error stands at the
  /// `input_method` dimension of `matrix:` (the keyboards that would plan nothing), or at `matrix:`.
  ///
  /// ```swift
  /// let text = """
  ///   version: 1
  ///   name: No fields
  ///   input_methods:
  ///     - {id: zh-pinyin, keyboard: zh_Hans-Pinyin@sw=Pinyin-Simplified;hw=Automatic, recipe: zhang, expect: 张}
  ///   devices:
  ///     - {id: iphone-16e, name: iPhone 16e, kind: device, haptics: true, os: {min: "18.3"}}
  ///   matrix: {os: ["26.x"], input_method: [zh-pinyin], device: [iphone-16e]}
  ///   """
  /// guard case .qapass(let file) = try MatrixDocument.load(path: "m.yaml", bytes: Array(text.utf8)).document
  /// else { return }
  /// print(file.fieldsProblem?.message ?? "")
  /// // the matrix declares no 'fields:', so its input method 'zh-pinyin' plans nothing …
  /// ```
  package var fieldsProblem: Diagnostic? {
    guard fieldsLocation == nil else { return nil }
    let dimension = matrix.dimensions.first { $0.name == "input_method" }
    let methods = (dimension?.values ?? []).map { "'\($0.value.displayText)'" }
    return Diagnostic(
      path: path, location: dimension?.location ?? matrix.location,
      message: FieldsMessage.noFields(methods))
  }

  enum FieldsMessage {
    static func noFields(_ methods: [String]) -> String {
      let which =
        switch methods.count {
        case 0: "its input methods plan"
        case 1: "its input method \(methods[0]) plans"
        default: "its \(methods.count) input methods (\(methods.joined(separator: ", "))) plan"
        }
      return "the matrix declares no 'fields:', so \(which) nothing "
        + "(every keyboard item types into a field); declare the fields they type into, or write 'fields: []' for a matrix of haptic items only"
    }
  }
}
