import Diagnostics
import QAModel
import YAMLDecoding

extension MatrixFile {
  /// What the team's decisions about results may do (optional `decisions:`): the defect tracker's
  /// link for an id, and the checks whose failures no waiver may accept.
  ///
  /// ```yaml
  /// decisions:
  ///   defect_url: "https://tracker.example.com/browse/{id}"   # {id} is replaced by the defect id
  ///   unwaivable: [m2, h1]                                     # manual checks no waiver may accept
  /// ```
  package struct Decisions: Sendable, Hashable {
    /// The manual checks a waiver may name.
    package static let manualChecks: [CheckID] = [.m1, .m2, .m3, .h1, .h2, .h3, .h4, .h5, .v1]
    /// The placeholder ``defectURL`` replaces with a defect id.
    package static let placeholder = "{id}"

    /// The link of a defect id, with `{id}` where the id goes (percent-encoded); `nil`: ids are shown
    /// as text.
    package var defectURL: String?
    /// The manual checks whose failures `qapass waive` refuses.
    package var unwaivable: [CheckID] = []

    /// None: ids as text, every check waivable.
    package init() {}

    /// The link of defect `id`, or `nil` without a template.
    package func link(_ id: String) -> String? {
      guard let defectURL else { return nil }
      // RFC 3986's unreserved characters stay; every other byte of the UTF-8 is percent-encoded.
      let allowed = Set("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~".unicodeScalars)
      var encoded = ""
      for byte in id.utf8 {
        let scalar = Unicode.Scalar(byte)
        if byte < 0x80, allowed.contains(scalar) {
          encoded.unicodeScalars.append(scalar)
        } else {
          encoded += "%" + String(byte, radix: 16, uppercase: true).leftPadded(to: 2)
        }
      }
      return defectURL.replacingPlaceholder(Self.placeholder, with: encoded)
    }
  }
}

extension String {
  fileprivate func leftPadded(to width: Int) -> String {
    count >= width ? self : String(repeating: "0", count: width - count) + self
  }

  fileprivate func replacingPlaceholder(_ placeholder: String, with value: String) -> String {
    var out = ""
    var rest = self[...]
    while let range = rest.range(of: placeholder) {
      out += rest[..<range.lowerBound] + value
      rest = rest[range.upperBound...]
    }
    return out + rest
  }
}

extension NodeReader {
  /// `decisions:`: the defect link template and the unwaivable checks, each optional.
  mutating func decisionsBlock(_ node: Node) -> MatrixFile.Decisions {
    var decisions = MatrixFile.Decisions()
    guard let keys = mapping(node, context: "'decisions'", allowed: ["defect_url", "unwaivable"]) else {
      return decisions
    }
    if let value = keys["defect_url"]?.value, let url = string(value, "'defect_url'") {
      let placeholder = MatrixFile.Decisions.placeholder
      if !(url.hasPrefix("https://") || url.hasPrefix("http://")) || !url.contains(placeholder) {
        error(
          "'defect_url' must be an http(s) link with '\(placeholder)' where the defect id goes, such as "
            + "https://tracker.example.com/browse/\(placeholder); found '\(url)'",
          at: value.start)
      } else {
        decisions.defectURL = url
      }
    }
    if let value = keys["unwaivable"]?.value, let items = sequence(value, "'unwaivable'") {
      let known = MatrixFile.Decisions.manualChecks.map(\.rawValue)
      for item in items {
        guard let text = string(item, "a check id") else { continue }
        if known.contains(text) {
          if !decisions.unwaivable.contains(CheckID(rawValue: text)) {
            decisions.unwaivable.append(CheckID(rawValue: text))
          }
        } else {
          error(
            "'\(text)' is not a manual check\(Suggestion.hint(for: text, among: known)); 'unwaivable' lists "
              + "manual checks (\(known.joined(separator: ", "))): automated failures are never waived",
            at: item.start)
        }
      }
    }
    return decisions
  }
}
