import Diagnostics
import MatrixExpansion
import QAModel
import YAMLDecoding

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
        _ = reader.osVersion(value.value, at: value.location, in: .matrix)
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
      if MatrixFile.fieldKeys.contains(dimension.name) {
        error(MatrixFile.Message.fieldDimension(dimension.name), at: dimension.location)
        continue
      }
      var seen: [MatrixValue: TextPosition] = [:]
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
      for member in entry.members {
        if MatrixFile.fieldKeys.contains(member.key) {
          error(MatrixFile.Message.fieldDimension(member.key), at: member.keyLocation)
          continue
        }
        check(member.key, member.value, into: &self)
      }
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
    if !file.fields.isEmpty {
      for dimension in file.matrix.dimensions where dimension.name == "input_method" {
        for value in dimension.values {
          let id = value.value.displayText
          if inputMethodIDs.contains(id), !file.fields.contains(where: { $0.applies(id) }) {
            warning(
              "input method '\(id)' is in the matrix but no field lists it in 'input_methods', so nothing is "
                + "planned for it", at: value.location)
          }
        }
      }
    }
    for field in file.fields {
      for use in field.inputMethods ?? [] where !inputMethodIDs.contains(use.id) {
        error(
          "field '\(field.id)' lists unknown input method '\(use.id)'"
            + Suggestion.hint(for: use.id, among: inputMethodIDs),
          at: use.location)
      }
    }
    for device in file.devices {
      for id in device.inputMethods ?? [] where !inputMethodIDs.contains(id) {
        error(
          "device '\(device.id)' lists unknown input method '\(id)'\(Suggestion.hint(for: id, among: inputMethodIDs))",
          at: device.location)
      }
    }
  }
}

extension NodeReader {
  enum Message {
    static func duplicateValue(_ text: String, _ dimension: String) -> String {
      "'\(text)' appears twice in '\(dimension)'; each value makes its own cells, so remove the second"
    }
  }
}

extension MatrixFile {
  /// Matrix keys that would name a field: fields are scoped in the field catalog, never crossed as a
  /// free dimension (which would plan every input method again for every field value).
  static let fieldKeys = ["field", "fields"]

  enum Message {
    static let noOSVersions =
      "the device's 'os' list is empty; list the versions it runs ([\"26.x\", \"18.x\"]) or give a range "
      + "({min: \"18.3\"})"

    /// A device id with a dot: sessions are named `DEVICE.OS`, so `x` on `18.26.x` and `x.18` on
    /// `26.x` would both be `x.18.26.x`; without dots in device ids every session name is one session's.
    static func dotInDeviceID(_ id: String) -> String {
      "device id '\(id)' contains '.'; a session is named DEVICE.OS ('\(id).26.x'), so a dot could give two "
        + "sessions one name: use '-' or '_' ('\(id.replacingOccurrences(of: ".", with: "-"))')"
    }

    static func fieldDimension(_ key: String) -> String {
      "'\(key)' cannot be a matrix dimension: a field is not crossed with the matrix; list the input methods "
        + "that apply to it in the field catalog instead ('fields: - id: full-name ... input_methods: "
        + "[zh-pinyin, ja-romaji]')"
    }
  }
}
