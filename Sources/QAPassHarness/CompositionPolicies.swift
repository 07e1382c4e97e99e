/// The team's declared policies a composition script was exported with (the matrix's `policies:`,
/// README "Matrix file"): what the pack expects beyond the articles and the facts of docs/DOMAIN.md
/// (section 1.9 lists each expectation and what it rests on).
public struct CompositionPolicies: Codable, Hashable, Sendable {
  /// What a Return that reaches the app right after a commit no event announced does.
  public enum SilentCommitReturn: String, Codable, Hashable, Sendable, CaseIterable {
    /// An ordinary submission, as the articles have it: `submit` refuses only while text is marked
    /// (the default).
    case submits
    /// Taken as the key that confirmed the candidate: the text is judged and not submitted; the next
    /// Return submits.
    case judges
  }

  /// How long after a step's actions the display (text, message, button) and what was sent are
  /// read, in milliseconds: the time a form may take to show the verdict of a change (a debounce).
  /// Submissions themselves happen at their step's time.
  public var settleMilliseconds: Int
  /// What a Return right after a silent commit does (scenario `r2`).
  public var silentCommitReturn: SilentCommitReturn
  /// The dots a `han-name` field takes between the parts of a name besides U+00B7, as `U+30FB`
  /// (`han_name_separators`); `nil` when the team declared none (U+00B7 alone), and then left out.
  public var hanNameSeparators: [String]?
  /// The dots a `japanese-name` field takes between parts, as `U+30FB` (`japanese_name_separators`);
  /// `nil` when the team declared none (no dot), and then left out.
  public var japaneseNameSeparators: [String]?

  /// qapass's defaults: 1000 ms, above the 250–500 ms debounces form code commonly uses, and
  /// ``SilentCommitReturn/submits``.
  public static let defaults = CompositionPolicies(settleMilliseconds: 1000, silentCommitReturn: .submits)

  /// The largest ``settleMilliseconds`` a pack may give: a minute, as the matrix's `settle_ms` allows.
  public static let maxSettleMilliseconds = 60_000

  enum CodingKeys: String, CodingKey { case settleMilliseconds, silentCommitReturn }

  /// Reads policies, refusing a settle time outside 0 through ``maxSettleMilliseconds`` at its place.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    let settle = try container.decode(Int.self, forKey: .settleMilliseconds)
    guard (0...Self.maxSettleMilliseconds).contains(settle) else {
      throw DecodingError.dataCorruptedError(
        forKey: .settleMilliseconds, in: container,
        debugDescription: PackLimits.outOfRange(settle, 0...Self.maxSettleMilliseconds, "milliseconds"))
    }
    settleMilliseconds = settle
    silentCommitReturn = try container.decode(SilentCommitReturn.self, forKey: .silentCommitReturn)
  }

  /// Creates policies.
  public init(
    settleMilliseconds: Int, silentCommitReturn: SilentCommitReturn, hanNameSeparators: [String]? = nil,
    japaneseNameSeparators: [String]? = nil
  ) {
    self.settleMilliseconds = settleMilliseconds
    self.silentCommitReturn = silentCommitReturn
    self.hanNameSeparators = hanNameSeparators
    self.japaneseNameSeparators = japaneseNameSeparators
  }

  /// The scalars of separators written as `U+30FB`; a spelling that is no code point is left out.
  public static func scalars(_ spellings: [String]) -> Set<Unicode.Scalar> {
    Set(
      spellings.compactMap { spelling in
        spelling.hasPrefix("U+") ? UInt32(spelling.dropFirst(2), radix: 16).flatMap(Unicode.Scalar.init) : nil
      })
  }
}
