import Diagnostics
import Foundation
import Observations

/// Finds the plan item a test case names, by one exact naming rule.
///
/// A test case names an item of its session when
/// 1. its `qapass.item` property (JUnit) is the item's id or its id without the `<device>.<os>` part
///    (``ObservableItem/idWithoutSession``), character for character; a test case with the property is
///    matched by it alone; otherwise
/// 2. its name, without a trailing argument list (`()`, `(text:)`), is the id or the id without the
///    session, character for character (a Swift Testing display name can be); otherwise
/// 3. its name, normalised, equals the id or the id without the session, normalised. Normalising keeps
///    the ASCII letters and digits, lower-cased, of the name without its argument list and without an
///    XCTest `test` prefix (when a capital, digit or `_` follows it), and of the id: a test name cannot
///    hold `.` or `-`, and its capitals only mark word breaks. So `testManualImeM2ZhPinyinFullName()` names
///    `manual.ime.m2.<device>.<os>.zh-pinyin.full-name`.
///
/// An id the item had before a rename the matrix declares (`renamed_from:`) counts as its id, so tests
/// named before the rename keep counting. The class (or suite) name is not read. Nothing matches by substring: `testManualImeM1ZhPinyinFullNameIPhone17Pro`
/// names no item of the iPhone 16e's session. A name that normalises to the names of two items of the
/// session is ``Match/ambiguous(_:)``, never a guess; one that names no item is ``Match/unmatched(hint:)``
/// with what it comes closest to.
///
/// ```swift
/// let item = ObservableItem(
///   id: "manual.ime.m2.sim-iphone-17-pro.26.x.zh-pinyin.full-name", textVersion: 1,
///   device: "sim-iphone-17-pro", os: "26.x", inputMethod: "zh-pinyin", field: "full-name",
///   idWithoutSession: "manual.ime.m2.zh-pinyin.full-name", title: "No error while composing")
/// let matcher = TestItemMatcher(session: [item], plan: [item])
/// let test = TestCaseResult(
///   suite: "SignUpUITests", classname: "NameFieldTests", name: "testManualImeM2ZhPinyinFullName()",
///   outcome: .pass)
/// if case .item(let matched) = matcher.match(test) { print(matched.id) }  // the item above
/// ```
package struct TestItemMatcher {
  /// What the rule says of one test case.
  package enum Match: Hashable, Sendable {
    /// The one item the test case names.
    case item(ObservableItem)
    /// No item of the session: the hint says why (`; did you mean …`, `; it names … of session …`), or is
    /// empty.
    case unmatched(hint: String)
    /// Items of the session whose ids the name cannot tell apart, in plan order.
    case ambiguous([ObservableItem])
  }

  /// The property whose value is the item id, full or without the session.
  package static let itemProperty = "qapass.item"

  private let session: [ObservableItem]
  /// The session's items by id and id without the session, as written.
  private let exact: [String: [Int]]
  /// The session's items by normalised id and id without the session.
  private let normalised: [String: [Int]]
  /// Every plan item's session by its id, and its id without the session, normalised: to say which
  /// session a test names when it is not this one.
  private let elsewhere: [String: [String]]
  /// The did-you-mean among the normalised names (`Suggestion.closest`'s answer, in a diagonal band).
  private let suggester: ItemIDSuggester

  /// A matcher for the items of one session.
  ///
  /// - Parameters:
  ///   - session: The session's items (one device on one OS), in plan order.
  ///   - plan: Every manual item of the plan, for the hints about other sessions.
  /// - Complexity: O(*n*) for *n* plan items.
  package init(session: [ObservableItem], plan: [ObservableItem]) {
    self.session = session
    var exact: [String: [Int]] = [:]
    var normalised: [String: [Int]] = [:]
    for (index, item) in session.enumerated() {
      for name in Self.names(of: item) {
        if exact[name]?.contains(index) != true { exact[name, default: []].append(index) }
        let key = Self.key(name)
        if normalised[key]?.contains(index) != true { normalised[key, default: []].append(index) }
      }
    }
    var elsewhere: [String: [String]] = [:]
    for item in plan {
      for name in Self.names(of: item) {
        let session = item.session.description
        let key = Self.key(name)
        if elsewhere[key]?.contains(session) != true { elsewhere[key, default: []].append(session) }
      }
    }
    self.exact = exact
    self.normalised = normalised
    self.elsewhere = elsewhere
    suggester = ItemIDSuggester(ids: Array(normalised.keys), listLimit: 0)
  }

  /// The item `testCase` names, by the rule above.
  ///
  /// - Parameter hinting: Whether an unmatched test case gets its hint; without, the hint is empty and
  ///   the match costs what a matched one does (ingest hints the first
  ///   ``IngestSummary/maxListedUnmatched`` only).
  /// - Complexity: O(*m*) for a name of *m* characters when it names an item or `hinting` is `false`;
  ///   O(*s* · *m*) for the hint of one that does not, in a session of *s* items.
  package func match(_ testCase: TestCaseResult, hinting: Bool = true) -> Match {
    if let value = testCase.properties[Self.itemProperty] {
      if let indices = exact[value] { return found(indices) }
      return .unmatched(hint: hinting ? hint(forID: value) : "")
    }
    let name = Self.withoutArguments(testCase.name)
    if let indices = exact[name] { return found(indices) }
    let key = Self.key(Self.withoutTestPrefix(name))
    guard !key.isEmpty else { return .unmatched(hint: "") }
    if let indices = normalised[key] { return found(indices) }
    return .unmatched(hint: hinting ? hint(forKey: key) : "")
  }

  private func found(_ indices: [Int]) -> Match {
    indices.count == 1 ? .item(session[indices[0]]) : .ambiguous(indices.map { session[$0] })
  }

  /// Why a `qapass.item` value names no item of the session, and what it comes closest to.
  private func hint(forID value: String) -> String {
    let ours = session.first?.session.description ?? ""
    if let sessions = elsewhere[Self.key(value)]?.filter({ $0 != ours }), !sessions.isEmpty {
      return "; '\(value)' is an item of \(Self.sessions(sessions)), not of '\(ours)'"
    }
    return Suggestion.didYouMean(value, among: exact.keys)
  }

  /// Why a normalised test name names no item of the session, and what it comes closest to.
  private func hint(forKey key: String) -> String {
    let ours = session.first?.session.description ?? ""
    if let sessions = elsewhere[key]?.filter({ $0 != ours }), !sessions.isEmpty {
      return "; it names an item of \(Self.sessions(sessions)), not of '\(ours)'"
    }
    // An item's name followed or preceded by more: the match a substring rule would have made.
    let inner = normalised.keys.filter { key.contains($0) }.max { a, b in
      a.count != b.count ? a.count < b.count : a > b
    }
    if let inner, let index = normalised[inner]?.first {
      return "; it holds the name of '\(display(session[index], key: inner))' and more, and a test name must "
        + "equal an item's, not contain it"
    }
    if let close = suggester.closest(to: key), let index = normalised[close]?.first {
      return "; did you mean '\(display(session[index], key: close))'?"
    }
    return ""
  }

  /// The spelling of `item` whose normalised form is `key`: its id without the session, or its id.
  private func display(_ item: ObservableItem, key: String) -> String {
    if let short = item.idWithoutSession, Self.key(short) == key { return short }
    return item.id.rawValue
  }

  /// `session 'a'` or `sessions 'a', 'b'`.
  private static func sessions(_ names: [String]) -> String {
    names.count == 1 ? "session '\(names[0])'" : "sessions \(names.quotedList)"
  }

  /// The names the rule accepts for `item`: its id and its id without the session, then each id it had
  /// before a rename the matrix declares (``ObservableItem/formerIDs``), with and without its session.
  static func names(of item: ObservableItem) -> [String] {
    var names = [item.id.rawValue] + (item.idWithoutSession.map { [$0] } ?? [])
    let sessions = ([item.device] + item.formerDevices).map { ".\($0).\(item.os)" }
    for former in item.formerIDs.map(\.rawValue) {
      names.append(former)
      if let session = sessions.first(where: { former.contains($0) }),
        let range = former.range(of: session)
      {
        names.append(former.replacingCharacters(in: range, with: ""))
      }
    }
    return names
  }

  /// `name` without a trailing argument list: `testX()` → `testX`, `check(text:)` → `check`.
  static func withoutArguments(_ name: String) -> String {
    let trimmed = name.trimmingCharacters(in: .whitespaces)
    guard trimmed.hasSuffix(")"), let open = trimmed.firstIndex(of: "(") else { return trimmed }
    return String(trimmed[..<open])
  }

  /// `name` without XCTest's `test` prefix, when a capital, a digit or `_` follows it.
  static func withoutTestPrefix(_ name: String) -> String {
    guard name.hasPrefix("test"), let next = name.dropFirst(4).first,
      next.isUppercase || next.isNumber || next == "_"
    else { return name }
    return String(name.dropFirst(4))
  }

  /// The ASCII letters and digits of `text`, lower-cased: `manual.ime.m2` and `ManualImeM2` alike.
  static func key(_ text: String) -> String {
    var key = String.UnicodeScalarView()
    for scalar in text.unicodeScalars {
      switch scalar.value {
      case 0x30...0x39, 0x61...0x7A: key.append(scalar)
      case 0x41...0x5A: key.append(Unicode.Scalar(scalar.value + 0x20)!)
      default: continue
      }
    }
    return String(key)
  }
}
