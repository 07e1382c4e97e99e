import Diagnostics
import MatrixExpansion

extension NodeReader {
  /// Every id used in `matrix:` and in device catalogs must exist; OS values must be versions.
  mutating func checkReferences(_ file: MatrixFile) {
    let catalogs: [String: (what: String, ids: [String])] = [
      "input_method": ("input method", declaredIDs["input method"] ?? []),
      "device": ("device", declaredIDs["device"] ?? []),
    ]
    func check(_ key: String, _ value: Matrix.Located, into reader: inout NodeReader) {
      let text = value.value.displayText
      if key == "os" {
        if case .number = value.value, OSVersion(text) != nil {
          reader.error(Message.numericOS(text), at: value.location)
        } else if OSVersion(text) == nil {
          reader.error(
            "'\(text)' is not an OS version; expected a form such as '27.x', '26.4' or '18.7.2'",
            at: value.location)
        }
        return
      }
      guard let (what, ids) = catalogs[key] else { return }
      if case .string = value.value, ids.contains(text) { return }
      if ids.isEmpty {
        reader.error(
          "\(what) '\(text)' is used in the matrix but the file has no '\(key)s' catalog", at: value.location)
      } else {
        reader.error(
          "unknown \(what) '\(text)'\(Suggestion.hint(for: text, among: ids))",
          at: value.location)
      }
    }
    for dimension in file.matrix.dimensions {
      var seen: [MatrixValue: SourceLocation] = [:]
      for value in dimension.values {
        check(dimension.name, value, into: &self)
        if let first = seen[value.value] {
          // The same cell twice would plan every item of it twice, under the same id.
          error(
            Message.duplicateValue(value.value.displayText, dimension.name), at: value.location,
            notes: [note("first given here", at: first)])
        } else {
          seen[value.value] = value.location
        }
      }
    }
    for entry in file.matrix.include + file.matrix.exclude {
      for member in entry.members { check(member.key, member.value, into: &self) }
    }
    for key in MatrixFile.catalogDimensions {
      let declared =
        file.matrix.dimensions.contains { $0.name == key }
        || (!file.matrix.include.isEmpty
          && file.matrix.include.allSatisfy { $0.members.contains { $0.key == key } })
      if !declared {
        error(
          "the matrix has no '\(key)' dimension; a qapass matrix combines 'os', 'input_method' and 'device'",
          at: file.matrix.location)
      }
    }
    let inputMethodIDs = declaredIDs["input method"] ?? []
    for device in file.devices {
      for id in device.inputMethods ?? [] where !inputMethodIDs.contains(id) {
        error(
          "device '\(device.id)' lists unknown input method '\(id)'\(Suggestion.hint(for: id, among: inputMethodIDs))",
          at: device.location)
      }
      if case .versions(let list) = device.osSupport {
        for text in list where OSVersion(text) == nil {
          error("device '\(device.id)' lists '\(text)', which is not an OS version", at: device.location)
        }
      }
    }
  }
}

extension NodeReader {
  enum Message {
    static func numericOS(_ text: String) -> String {
      let suggestion =
        text.contains(".") ? "\"\(text)\"" : "\"\(text).x\" (any \(text) release) or \"\(text).0\""
      return "OS version \(text) is a number here; OS versions are strings (YAML reads 17.10 as 17.1): "
        + "write \(suggestion)"
    }

    static func duplicateValue(_ text: String, _ dimension: String) -> String {
      "'\(text)' appears twice in '\(dimension)'; each value makes its own cells, so remove the second"
    }
  }
}
