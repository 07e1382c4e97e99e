import Foundation
import Observations

/// Finds the plan item a test case is about.
///
/// A test case names an item when its name, class name, class and name together, or a `<property>`
/// value carries the item id, in full or without its `<device>.<os>` part (``ObservableItem/idWithoutSession``,
/// which the plan gives), compared without case and punctuation, since test names have none:
/// `testManualImeM2ZhPinyinFullName` names `manual.ime.m2.<device>.<os>.zh-pinyin.full-name`.
/// The longest match wins.
public enum TestItemMatcher {
  /// The item `testCase` names among `items`, or `nil`.
  ///
  /// - Complexity: O(*n* · *m*) for *n* items and *m* characters in the test case's names.
  public static func match(_ testCase: TestCaseResult, among items: [ObservableItem]) -> ObservableItem? {
    let haystacks =
      ([testCase.name, testCase.classname, testCase.classname + testCase.name]
      + testCase.properties.values.sorted()).map(squash)
    var best: (item: ObservableItem, length: Int)?
    for item in items {
      let full = squash(item.id.rawValue)
      let short = item.idWithoutSession.map(squash) ?? full
      for needle in [full, short] where !needle.isEmpty && haystacks.contains(where: { $0.contains(needle) })
      {
        if best == nil || needle.count > best!.length { best = (item, needle.count) }
      }
    }
    return best?.item
  }

  /// Lower-case letters and digits only: `manual.ime.m2` and `testManualImeM2` compare alike.
  static func squash(_ text: String) -> String {
    String(
      text.lowercased().unicodeScalars.filter { ("a"..."z").contains($0) || ("0"..."9").contains($0) }.map(
        Character.init))
  }
}
