import QAPassWorkflow

/// A combination of a command's options that cannot work, refused as a usage error (exit 64) before
/// the command runs, and said in its help beside the option, so help and parsing agree.
///
/// ```swift
/// let rules: [OptionRule] = [
///   .excludes(
///     "explain", ["format", "shard", "assign"], because: "the explanation is text about the whole plan"),
///   .needs(["result", "note"], argument: "item", because: "without an item, '--session' walks the session"),
/// ]
/// ```
struct OptionRule: Sendable {
  enum Kind: Sendable {
    /// `option` (with `value`, when given) cannot go with any of `others` (when the argument `argument`
    /// is given, if one is named).
    case excludes(option: String, value: String?, others: [String], argument: String?)
    /// Each of `options` needs the argument `argument`.
    case needsArgument(options: [String], argument: String)
    /// `option` cannot go with the argument `argument`.
    case refusesArgument(option: String, argument: String)
    /// Each of `options` needs one of the options `others` (with one of `values`, when given).
    case needsOption(options: [String], others: [String], values: [String])
  }

  var kind: Kind
  /// Why, as a clause that ends the message: `the explanation is text about the whole plan`.
  var reason: String

  /// `option` (or `option value`) cannot go with `others` (when `argument` is given, if named).
  static func excludes(
    _ option: String, value: String? = nil, _ others: [String], withArgument argument: String? = nil,
    because reason: String
  ) -> OptionRule {
    OptionRule(
      kind: .excludes(option: option, value: value, others: others, argument: argument), reason: reason)
  }

  /// Each of `options` needs the argument `argument`.
  static func needs(_ options: [String], argument: String, because reason: String) -> OptionRule {
    OptionRule(kind: .needsArgument(options: options, argument: argument), reason: reason)
  }

  /// `option` cannot go with the argument `argument`.
  static func refuses(_ option: String, argument: String, because reason: String) -> OptionRule {
    OptionRule(kind: .refusesArgument(option: option, argument: argument), reason: reason)
  }

  /// Each of `options` needs one of `others` (with one of `values`, when given).
  static func needs(
    _ options: [String], anyOf others: [String], values: [String] = [], because reason: String
  ) -> OptionRule {
    OptionRule(kind: .needsOption(options: options, others: others, values: values), reason: reason)
  }

  /// The message of the usage error when `parsed` breaks this rule, else `nil`.
  ///
  /// - Parameter arguments: The command's arguments, to tell by name whether one was given.
  func violation(in parsed: ParsedArguments, arguments: [CommandSpec.Argument]) -> String? {
    func given(_ option: String) -> Bool { parsed.flag(option) || parsed.value(option) != nil }
    func present(_ argument: String) -> Bool {
      arguments.firstIndex { $0.name == argument }.map { parsed.positional($0) != nil } ?? false
    }
    switch kind {
    case .excludes(let option, let value, let others, let argument):
      guard given(option), value == nil || parsed.value(option) == value, argument.map(present) ?? true,
        let other = others.first(where: given)
      else { return nil }
      let named = value.map { "'--\(option) \($0)'" } ?? "'--\(option)'"
      let when = argument.map { " when <\($0)> is given" } ?? ""
      return "\(named) cannot go with '--\(other)'\(when): \(reason)"
    case .needsArgument(let options, let argument):
      guard !present(argument), let option = options.first(where: given) else { return nil }
      return "'--\(option)' needs <\(argument)>: \(reason)"
    case .refusesArgument(let option, let argument):
      guard given(option), present(argument) else { return nil }
      return "'--\(option)' takes no <\(argument)>: \(reason)"
    case .needsOption(let options, let others, let values):
      let satisfied = others.contains { other in
        given(other) && (values.isEmpty || parsed.value(other).map(values.contains) == true)
      }
      guard !satisfied, let option = options.first(where: given) else { return nil }
      let value = values.isEmpty ? "" : " \(values.joined(separator: "|"))"
      let required = others.map { "'--\($0)\(value)'" }.joined(separator: " or ")
      return "'--\(option)' needs \(required): \(reason)"
    }
  }

  /// The sentence help adds to `option`'s line, when this rule concerns it.
  func help(for option: String) -> String? {
    switch kind {
    case .excludes(let first, let value, let others, let argument) where first == option:
      let list = others.map { "--\($0)" }.joined(separator: ", ")
      let when = argument.map { " when <\($0)> is given" } ?? ""
      return value.map { "With \($0), not with \(list)\(when)." } ?? "Not with \(list)\(when)."
    case .needsArgument(let options, let argument) where options.contains(option):
      return "Needs <\(argument)>."
    case .refusesArgument(let first, let argument) where first == option:
      return "Takes no <\(argument)>."
    case .needsOption(let options, let others, let values) where options.contains(option):
      let list = others.map { "--\($0)" }.joined(separator: " or ")
      return "Needs \(list)\(values.isEmpty ? "" : " " + values.joined(separator: "|"))."
    default:
      return nil
    }
  }
}
