/// A problem with a covering request, reported as data; `description` is the user-facing message.
package enum CoveringError: Error, Equatable, Sendable, CustomStringConvertible {
  /// The strength is outside `2...4`.
  case strengthOutOfRange(strength: Int)
  /// The strength is larger than the number of factors.
  case strengthExceedsFactorCount(strength: Int, factorCount: Int)
  /// A factor has no levels (or a negative count).
  case factorWithoutLevels(factor: Int, name: String, levels: Int)
  /// A factor's weights do not give one finite, non-negative weight per level with a positive total.
  case invalidWeights(factor: Int, name: String, levels: Int, weightCount: Int)
  /// A constraint lists no factor at all (it would forbid every row).
  case emptyConstraint(constraint: Int)
  /// A constraint names a factor index that does not exist.
  case constraintFactorOutOfRange(constraint: Int, factor: Int, factorCount: Int)
  /// A constraint names a level a factor does not have.
  case constraintLevelOutOfRange(constraint: Int, factor: Int, name: String, level: Int, levels: Int)
  /// A seed row does not have one cell per factor.
  case seedWrongLength(seed: Int, cells: Int, factorCount: Int)
  /// A seed row gives a level a factor does not have.
  case seedLevelOutOfRange(seed: Int, factor: Int, name: String, level: Int, levels: Int)
  /// A seed row's given cells match a forbidden combination.
  case seedViolatesConstraint(seed: Int, constraint: Int)
  /// A seed row's given cells cannot be completed into any valid row (implicit constraint).
  case seedCannotBeCompleted(seed: Int)
  /// The model has more t-tuples than the generator keeps in memory.
  case tooManyTuples(count: Int, limit: Int)

  package var description: String {
    switch self {
    case .strengthOutOfRange(let strength):
      return Message.strengthOutOfRange(strength)
    case .strengthExceedsFactorCount(let strength, let factorCount):
      return Message.strengthExceedsFactorCount(strength, factorCount)
    case .factorWithoutLevels(let factor, let name, let levels):
      return Message.factorWithoutLevels(factor, name, levels)
    case .invalidWeights(let factor, let name, let levels, let weightCount):
      return Message.invalidWeights(factor, name, levels, weightCount)
    case .emptyConstraint(let constraint):
      return Message.emptyConstraint(constraint)
    case .constraintFactorOutOfRange(let constraint, let factor, let factorCount):
      return Message.constraintFactorOutOfRange(constraint, factor, factorCount)
    case .constraintLevelOutOfRange(let constraint, let factor, let name, let level, let levels):
      return Message.levelOutOfRange("constraint \(constraint) names", level, "of", factor, name, levels)
    case .seedWrongLength(let seed, let cells, let factorCount):
      return Message.seedWrongLength(seed, cells, factorCount)
    case .seedLevelOutOfRange(let seed, let factor, let name, let level, let levels):
      return Message.levelOutOfRange("seed row \(seed) gives", level, "to", factor, name, levels)
    case .seedViolatesConstraint(let seed, let constraint):
      return Message.seedViolatesConstraint(seed, constraint)
    case .seedCannotBeCompleted(let seed):
      return Message.seedCannotBeCompleted(seed)
    case .tooManyTuples(let count, let limit):
      return Message.tooManyTuples(count, limit)
    }
  }
}

extension CoveringError {
  /// The message texts, kept next to the errors that use them.
  enum Message {
    static func strengthOutOfRange(_ strength: Int) -> String {
      "strength \(strength) is not supported; expected 2, 3 or 4"
    }
    static func strengthExceedsFactorCount(_ strength: Int, _ factorCount: Int) -> String {
      "strength \(strength) needs at least \(strength) factors, but the model has \(factorCount)"
    }
    static func factorWithoutLevels(_ factor: Int, _ name: String, _ levels: Int) -> String {
      "factor \(factor) '\(name)' has \(levels) levels; expected at least 1"
    }
    static func invalidWeights(_ factor: Int, _ name: String, _ levels: Int, _ count: Int) -> String {
      "factor \(factor) '\(name)' has \(count) weights for \(levels) levels; expected one finite, "
        + "non-negative weight per level with a positive total"
    }
    static func emptyConstraint(_ constraint: Int) -> String {
      "constraint \(constraint) lists no factor; it would forbid every row"
    }
    static func constraintFactorOutOfRange(_ constraint: Int, _ factor: Int, _ factorCount: Int) -> String {
      "constraint \(constraint) names factor \(factor), but the model has factors 0..<\(factorCount)"
    }
    /// A level a factor does not have: "constraint 3 names level 7 of factor 2 'iOS', which has levels
    /// 0..<6" (`who` is "constraint 3 names", `preposition` "of").
    static func levelOutOfRange(
      _ who: String, _ level: Int, _ preposition: String, _ factor: Int, _ name: String, _ levels: Int
    ) -> String {
      "\(who) level \(level) \(preposition) factor \(factor) '\(name)', which has levels 0..<\(levels)"
    }
    static func seedWrongLength(_ seed: Int, _ cells: Int, _ factorCount: Int) -> String {
      "seed row \(seed) has \(cells) cells; expected one per factor (\(factorCount))"
    }
    static func seedViolatesConstraint(_ seed: Int, _ constraint: Int) -> String {
      "seed row \(seed) matches forbidden combination \(constraint)"
    }
    static func seedCannotBeCompleted(_ seed: Int) -> String {
      "seed row \(seed) cannot be completed into a valid row: every completion matches a forbidden combination"
    }
    static func tooManyTuples(_ count: Int, _ limit: Int) -> String {
      "the model has \(count) t-tuples, more than the limit of \(limit); lower the strength or the levels"
    }
  }
}
