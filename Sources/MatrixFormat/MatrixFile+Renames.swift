import Diagnostics
import YAMLDecoding

extension MatrixFile {
  /// What the catalogs say was renamed: `renamed_from:` on an input method, device or field entry
  /// names the ids it had before, so observations recorded under an old id keep counting for it.
  ///
  /// ```yaml
  /// input_methods:
  ///   - id: ko-dubeolsik
  ///     renamed_from: [ko-2set]     # or one id: renamed_from: ko-2set
  /// ```
  ///
  /// An old id must not be a current id of the same catalog, nor be claimed by two entries.
  ///
  /// ```swift
  /// let text = """
  ///   version: 1
  ///   name: Korean name field
  ///   input_methods:
  ///     - id: ko-dubeolsik
  ///       keyboard: ko_KR@sw=Korean;hw=Automatic
  ///       engine: hangul:2
  ///       recipe: rlawlsdn
  ///       expect: 김진우
  ///       renamed_from: [ko-2set]
  ///   devices:
  ///     - {id: iphone-16e, name: iPhone 16e, kind: device, haptics: true, os: {min: "18.3"}}
  ///   fields:
  ///     - {id: korean-name, rules: [required, korean-name]}
  ///   matrix:
  ///     os: ["26.x"]
  ///     input_method: [ko-dubeolsik]
  ///     device: [iphone-16e]
  ///   """
  /// guard case .qapass(let file) = try MatrixDocument.load(path: "m.yaml", bytes: Array(text.utf8)).document
  /// else { return }
  /// file.renames.inputMethods["ko-dubeolsik"]  // ["ko-2set"]
  /// ```
  package struct Renames: Sendable, Hashable {
    /// The key on a catalog entry.
    package static let key = "renamed_from"

    /// Former input method ids, by current id, in the order written.
    package var inputMethods: [String: [String]] = [:]
    /// Former device ids, by current id.
    package var devices: [String: [String]] = [:]
    /// Former field ids, by current id.
    package var fields: [String: [String]] = [:]

    /// Creates renames (none by default).
    package init(
      inputMethods: [String: [String]] = [:], devices: [String: [String]] = [:],
      fields: [String: [String]] = [:]
    ) {
      self.inputMethods = inputMethods
      self.devices = devices
      self.fields = fields
    }

    /// Whether nothing was renamed.
    package var isEmpty: Bool { inputMethods.isEmpty && devices.isEmpty && fields.isEmpty }
  }
}

extension NodeReader {
  /// The catalogs whose entries may carry `renamed_from:`, with what their entries are called.
  static let renamableCatalogs = [
    ("input_methods", "input method"), ("devices", "device"), ("fields", "field"),
  ]

  /// Reads `renamed_from:` of every entry of the three catalogs (the entries themselves are read
  /// elsewhere; this is the renames part of the schema) and checks each old id.
  mutating func renames(_ top: [String: Node.Pair]) -> MatrixFile.Renames {
    var renames = MatrixFile.Renames()
    for (key, what) in Self.renamableCatalogs {
      guard let items = top[key]?.value.sequence else { continue }
      let current = Set(items.compactMap { $0["id"]?.scalar?.text })
      var claimed: [String: (id: String, at: TextPosition)] = [:]
      var byID: [String: [String]] = [:]
      for item in items {
        guard let id = item["id"]?.scalar?.text, let node = item[MatrixFile.Renames.key] else { continue }
        let list = node.sequence ?? [node]
        if node.sequence != nil, list.isEmpty {
          error(MatrixFile.Renames.Message.emptyRenames(what, id), at: node.start)
        }
        for entry in list {
          guard let former = identifier(entry, "a former \(what) id") else { continue }
          if former == id {
            error(MatrixFile.Renames.Message.renamedFromItself(what, id), at: entry.start)
          } else if current.contains(former) {
            error(MatrixFile.Renames.Message.formerIsCurrent(what, former, id), at: entry.start)
          } else if let first = claimed[former] {
            error(
              MatrixFile.Renames.Message.claimedTwice(what, former, first.id, id), at: entry.start,
              notes: [note("first claimed here", at: first.at)])
          } else {
            claimed[former] = (id, entry.start)
            byID[id, default: []].append(former)
          }
        }
      }
      switch key {
      case "input_methods": renames.inputMethods = byID
      case "devices": renames.devices = byID
      default: renames.fields = byID
      }
    }
    return renames
  }
}

extension MatrixFile.Renames {
  enum Message {
    static func emptyRenames(_ what: String, _ id: String) -> String {
      "'renamed_from' of \(what) '\(id)' is empty; name the ids it had before, or remove the key"
    }

    static func renamedFromItself(_ what: String, _ id: String) -> String {
      "\(what) '\(id)' cannot be renamed from its own id"
    }

    static func formerIsCurrent(_ what: String, _ former: String, _ id: String) -> String {
      "'\(former)' is still \(article(what)) \(what) of this file, so it cannot be a former id of '\(id)'; "
        + "remove one of them"
    }

    static func claimedTwice(_ what: String, _ former: String, _ first: String, _ id: String) -> String {
      "'\(former)' is already a former id of \(what) '\(first)'; an old id can name only one \(what) now"
    }

    private static func article(_ what: String) -> String {
      what.first.map { "aeiou".contains($0) } == true ? "an" : "a"
    }
  }
}
