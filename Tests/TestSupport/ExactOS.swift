/// `qapass record`'s arguments with the exact release a tester gives, for the tests that are not about
/// the OS: `record` requires `--os` for an item planned for a series of releases (`26.x`), as the HTML
/// checklist requires its OS field (issue 34).
///
/// The series comes from the item id or the `--session` value (their `<device>.<os>` part): `26.x`
/// gives `--os 26.4.1`, the example release the checklists show. Arguments that give `--os` already,
/// walk a session (no item) or name no series (an item of one release, `26.1`) are returned as they
/// are.
///
/// ```swift
/// exactOS("record", "3", "--session", "phone-a.26.x", "--result", "pass")
/// // ["record", "3", "--session", "phone-a.26.x", "--result", "pass", "--os", "26.4.1"]
/// ```
public func exactOS(_ arguments: String...) -> [String] { exactOS(arguments) }

/// The same, of an array.
public func exactOS(_ arguments: [String]) -> [String] {
  guard arguments.first == "record", let item = arguments.dropFirst().first, !item.hasPrefix("--"),
    !arguments.contains(where: { $0 == "--os" || $0.hasPrefix("--os=") })
  else { return arguments }
  let session = arguments.firstIndex(of: "--session").flatMap {
    $0 + 1 < arguments.count ? arguments[$0 + 1] : nil
  }
  for text in [item, session].compactMap({ $0 }) {
    if let release = ExactOS.release(in: text) { return arguments + ["--os", release] }
  }
  return arguments
}

/// Where `exactOS` finds the series.
public enum ExactOS {
  /// `26.4.1` for an item id or session of `26.x` (the release `exactOS` gives), or `nil` when `text`
  /// names no series.
  public static func release(in text: String) -> String? { seriesMajor(in: text).map { "\($0).4.1" } }

  /// `26` for `manual.ime.m1.phone-a.26.x.ko-2set.given-name` or `phone-a.26.x`: the major version of
  /// the first `<major>.x` part, or `nil`.
  public static func seriesMajor(in text: String) -> String? {
    let parts = text.split(separator: ".", omittingEmptySubsequences: false)
    for index in parts.indices.dropLast() where parts[index + 1] == "x" {
      let major = parts[index]
      if !major.isEmpty, major.allSatisfy({ $0.isASCII && $0.isNumber }) { return String(major) }
    }
    return nil
  }
}
