import QAModel

/// One decision a QA lead took about an item's results: retire its observations, waive its failure, or
/// tie it to defects in a tracker.
///
/// Decisions live in the decisions file beside the records (``DecisionSchema``), appended by `qapass
/// retire`, `qapass waive` and `qapass defect` under the same lock and checks as `qapass record`; the
/// latest decisions never erase earlier ones, so the file is the item's story.
///
/// ```swift
/// let waiver = Decision(
///   action: .waive, itemID: "manual.ime.m2.iphone-16e.26.x.zh-pinyin.full-name", by: "lead",
///   time: try Timestamp.parse("2026-12-03T07:00:00Z"), reason: "known iOS 26.4 keyboard bug",
///   approver: "kim", expiry: .date("2026-12-24"))
/// ```
package struct Decision: Hashable, Sendable {
  /// What was decided.
  package enum Action: String, Hashable, Sendable, CaseIterable {
    /// The item's observations recorded up to the decision no longer count (a dropped item's failure, a
    /// recording made in error).
    case retire
    /// The item's failure recorded up to the decision does not reject the release while the waiver
    /// holds.
    case waive
    /// The item is tied to defects in a tracker.
    case defect
  }

  /// When a waiver stops holding.
  package enum Expiry: Hashable, Sendable, CustomStringConvertible {
    /// At the end of this day, UTC (`2026-12-24`).
    case date(String)
    /// Once this build is the build under test.
    case build(String)

    /// `2026-12-24` or `build 4.13.0 (900)`.
    package var description: String {
      switch self {
      case .date(let day): day
      case .build(let build): "build \(build)"
      }
    }

    /// Whether `text` is a calendar day `YYYY-MM-DD` (a real one: month 1–12, day within the month).
    package static func isDay(_ text: String) -> Bool {
      let parts = text.split(separator: "-", omittingEmptySubsequences: false)
      guard parts.count == 3, parts[0].count == 4, parts[1].count == 2, parts[2].count == 2,
        parts.allSatisfy({ $0.allSatisfy(\.isASCII) && $0.allSatisfy(\.isNumber) }),
        let year = Int(parts[0]), let month = Int(parts[1]), let day = Int(parts[2]), (1...12).contains(month)
      else { return false }
      let leap = year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)
      let days = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1]
      return (1...days).contains(day)
    }
  }

  /// What was decided.
  package var action: Action
  /// The item the decision is about (an id the plan may no longer have, for a retirement).
  package var itemID: ItemID
  /// Who decided.
  package var by: String
  /// When (UTC): a retirement or a waiver covers what was observed up to then.
  package var time: Timestamp
  /// Why (required for a retirement and a waiver).
  package var reason: String?
  /// Waivers: who approved it.
  package var approver: String?
  /// Waivers: when it stops holding.
  package var expiry: Expiry?
  /// Defects: the tracker's ids (`JIRA-1234`, `#42`), in the order given.
  package var defects: [String]

  /// Creates a decision.
  package init(
    action: Action, itemID: ItemID, by: String, time: Timestamp, reason: String? = nil,
    approver: String? = nil,
    expiry: Expiry? = nil, defects: [String] = []
  ) {
    self.action = action
    self.itemID = itemID
    self.by = by
    self.time = time
    self.reason = reason
    self.approver = approver
    self.expiry = expiry
    self.defects = defects
  }

  /// What keeps the decision from being written, or `nil`: every decision names an item, who and a
  /// time; a retirement and a waiver a reason; a waiver an approver and an expiry; a defect decision
  /// at least one id.
  package var problem: String? {
    func blank(_ text: String?) -> Bool { (text ?? "").allSatisfy(\.isWhitespace) }
    if itemID.rawValue.isEmpty { return Message.noItem }
    if blank(by) { return Message.noOne(action) }
    switch action {
    case .retire, .waive:
      if blank(reason) { return Message.noReason(action) }
    case .defect:
      if defects.isEmpty || defects.contains(where: { blank($0) }) { return Message.noDefects }
    }
    if action == .waive {
      if blank(approver) { return Message.noApprover }
      guard let expiry else { return Message.noExpiry }
      if case .date(let day) = expiry, !Expiry.isDay(day) { return Message.badDay(day) }
      if case .build(let build) = expiry, blank(build) { return Message.noExpiry }
    }
    return nil
  }

  enum Message {
    static let noItem = "a decision needs an item id"
    static func noOne(_ action: Action) -> String { "a '\(action.rawValue)' decision needs who took it" }
    static func noReason(_ action: Action) -> String {
      "a '\(action.rawValue)' decision needs a reason (why, for the report and the item's history)"
    }
    static let noDefects = "a 'defect' decision needs at least one non-empty defect id"
    static let noApprover = "a waiver needs an approver (who accepts the failure for the release)"
    static let noExpiry =
      "a waiver needs an expiry: a day (2026-12-24, through that day UTC) or a build (it ends once that build "
      + "is under test)"
    static func badDay(_ day: String) -> String {
      "'\(day)' is not a day; write it as YYYY-MM-DD, such as 2026-12-24"
    }
  }
}
