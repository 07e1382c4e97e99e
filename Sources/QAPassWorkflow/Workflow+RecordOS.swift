import Observations
import QAModel

extension Workflow {
  /// Why the OS of a record is refused: an item planned for a series of releases (`26.x`) recorded
  /// without the release the device runs, a series given as the release, or a release of another OS.
  ///
  /// One rule (``OSVersion/isRelease(_:of:)``) for `qapass record`, its terminal walk and the served
  /// API, the rule the HTML checklist applies to its OS field. `record` says it of `--os` (a usage
  /// error, exit 64), the API of its body's `os` field (422 `invalid_os`), the walk of the answer typed.
  ///
  /// ```swift
  /// func refusals(of item: ObservableItem) -> [Workflow.OSRefused.Problem?] {
  ///   [
  ///     Workflow.OSRefused.check(nil, of: item)?.problem,  // .missing for an item of 26.x; nil for 26.1
  ///     Workflow.OSRefused.check("27.0", of: item)?.problem,  // .outside for an item of 26.x
  ///   ]
  /// }
  /// ```
  package struct OSRefused: Error, Equatable, Sendable {
    /// What is wrong with the OS given.
    package enum Problem: Equatable, Sendable {
      /// None was given, and the item's OS is a series of releases.
      case missing
      /// A series (`26.x`), not one release.
      case notOneRelease
      /// Not a release of the item's OS (`27.0` for `26.x`).
      case outside
    }

    /// How the OS was given, which the message names.
    package enum Spelling: Sendable {
      /// `record`'s `--os` option.
      case option
      /// The `os` field of the served API's body.
      case field
      /// An answer typed in the walk.
      case answer
    }

    /// What is wrong.
    package var problem: Problem
    /// The OS given (`nil` when missing).
    package var given: String?
    /// The item the record is for.
    package var item: ItemID
    /// The item's OS as planned (`26.x`).
    package var planned: String

    /// Why `os` cannot be recorded for `item`, or `nil` when it can: a release of the item's OS, or
    /// nothing for an item whose OS is one release already (``OSVersion/isExact(_:)``).
    ///
    /// - Parameters:
    ///   - os: The OS given, or `nil`.
    ///   - item: The item recorded.
    /// - Returns: The refusal, or `nil`.
    package static func check(_ os: String?, of item: ObservableItem) -> OSRefused? {
      let problem: Problem
      // An empty OS is none given.
      if let os, !os.isEmpty {
        if OSVersion.isRelease(os, of: item.os) { return nil }
        problem = OSVersion(os)?.hasWildcard == true ? .notOneRelease : .outside
      } else {
        if OSVersion.isExact(item.os) { return nil }
        problem = .missing
      }
      return OSRefused(
        problem: problem, given: problem == .missing ? nil : os, item: item.id, planned: item.os)
    }

    /// The refusal as said to whoever gave the OS `spelling`'s way.
    ///
    /// - Parameter spelling: Where the OS was given.
    /// - Returns: One sentence, such as `missing option '--os <version>': …`.
    package func message(_ spelling: Spelling) -> String {
      let example = OSVersion.exampleRelease(of: planned)
      let shown: String
      switch spelling {
      case .option: shown = "'--os \(given ?? "")'"
      case .field: shown = "'os' \"\(given ?? "")\""
      case .answer: shown = "'\(given ?? "")'"
      }
      let exact = "give the exact release the device runs (Settings > General > About)"
      switch problem {
      case .missing where spelling == .answer:
        return "Nothing given; \(exact), such as \(example)"
      case .missing:
        let (named, sample) =
          spelling == .field
          ? ("missing 'os'", "\"os\": \"\(example)\"")
          : ("missing option '--os <version>'", "--os \(example)")
        return "\(named): '\(item)' is planned for iOS \(planned), a series of releases; \(exact), such as "
          + sample
      case .notOneRelease:
        let leaveOut =
          OSVersion.isExact(planned) && spelling != .answer
          ? ", or leave \(spelling == .field ? "'os'" : "--os") out to record the item's iOS \(planned)" : ""
        return "\(shown) is not one release; \(exact), such as \(example)\(leaveOut)"
      case .outside:
        // The walk asks once for the whole session: its items are not named.
        let which = spelling == .answer ? "" : ", which '\(item)' is planned for"
        return "\(shown) is not a release of iOS \(planned)\(which); \(exact), such as \(example)"
      }
    }
  }
}
