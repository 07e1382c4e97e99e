import Diagnostics
import QAPassWorkflow

/// A declarative description of a command: it parses the arguments and renders the help, so the two agree.
struct CommandSpec: Sendable {
  struct Option: Sendable {
    var long: String
    var short: Character?
    /// `nil` for a flag; otherwise the value's placeholder, such as `<format>`.
    var valueName: String?
    var help: String
    /// Allowed values, listed in help and checked when parsing (lists separated by commas too).
    var choices: [String]?
    var repeatable: Bool

    static func flag(_ long: String, short: Character? = nil, help: String) -> Option {
      Option(long: long, short: short, valueName: nil, help: help, choices: nil, repeatable: false)
    }

    static func value(
      _ long: String, short: Character? = nil, _ valueName: String, help: String, choices: [String]? = nil,
      repeatable: Bool = false
    ) -> Option {
      Option(
        long: long, short: short, valueName: valueName, help: help, choices: choices, repeatable: repeatable)
    }
  }

  struct Argument: Sendable {
    var name: String
    var help: String
    var isOptional: Bool
    var isVariadic: Bool = false
  }

  var name: String
  var abstract: String
  var discussion: String?
  var arguments: [Argument]
  var options: [Option]
  /// The combinations of options that cannot work, refused when parsing and said in help.
  var rules: [OptionRule] = []

  var usage: String {
    var parts = ["qapass", name]
    for argument in arguments {
      let shown = "<\(argument.name)>" + (argument.isVariadic ? " ..." : "")
      parts.append(argument.isOptional ? "[\(shown)]" : shown)
    }
    if !options.isEmpty { parts.append("[<options>]") }
    return parts.joined(separator: " ")
  }
}

/// The arguments of one invocation, bound to a `CommandSpec`.
struct ParsedArguments: Sendable {
  var positionals: [String] = []
  var values: [String: [String]] = [:]
  var flags: Set<String> = []

  func flag(_ long: String) -> Bool { flags.contains(long) }
  func value(_ long: String) -> String? { values[long]?.last }
  func all(_ long: String) -> [String] { values[long] ?? [] }
  func positional(_ index: Int) -> String? { index < positionals.count ? positionals[index] : nil }

  /// An integer option, or a usage error naming it.
  func integer(_ long: String, in range: ClosedRange<Int>) throws(UsageError) -> Int? {
    guard let text = value(long) else { return nil }
    guard let number = Int(text), range.contains(number) else {
      throw UsageError(
        "option '--\(long)' takes a whole number from \(range.lowerBound) to \(range.upperBound), not '\(text)'"
      )
    }
    return number
  }

  /// A finite number option of 0 or more, or a usage error naming it.
  func nonNegativeNumber(_ long: String) throws(UsageError) -> Double? {
    guard let text = value(long) else { return nil }
    guard let number = Double(text), number.isFinite, number >= 0 else {
      throw UsageError("option '--\(long)' takes a number of 0 or more, not '\(text)'")
    }
    return number
  }
}

extension CommandSpec {
  /// Binds tokens to this spec: known options (with values and choices), then positionals.
  func parse(_ raw: [String]) throws(UsageError) -> ParsedArguments {
    var parsed = ParsedArguments()
    let tokens = ArgumentTokenizer.tokenize(raw)
    var i = 0
    func option(named name: String) throws(UsageError) -> Option {
      if let found = options.first(where: { $0.long == name }) { return found }
      let names = options.map(\.long) + ["help"]
      let hint = Suggestion.closest(to: name, among: names).map { "; did you mean '--\($0)'?" } ?? ""
      throw UsageError("unknown option '--\(name)'\(hint)", command: self.name)
    }
    func bind(_ option: Option, attached: String?) throws(UsageError) {
      guard let valueName = option.valueName else {
        if attached != nil {
          throw UsageError("option '--\(option.long)' takes no value", command: name)
        }
        parsed.flags.insert(option.long)
        return
      }
      var value = attached
      if value == nil, i + 1 < tokens.count, case .value(let next) = tokens[i + 1].kind {
        value = next
        i += 1
      }
      guard let value else {
        throw UsageError(
          "option '--\(option.long)' needs a value \(valueName) (for one that starts with '-', write "
            + "--\(option.long)=VALUE)", command: name)
      }
      if let choices = option.choices {
        for part in value.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
        where !choices.contains(part) {
          throw UsageError(
            "'\(part)' is not a valid value for '--\(option.long)'\(Suggestion.hint(for: part, among: choices))",
            command: name)
        }
      }
      if !option.repeatable, parsed.values[option.long] != nil {
        throw UsageError("option '--\(option.long)' is given more than once", command: name)
      }
      parsed.values[option.long, default: []].append(value)
    }
    while i < tokens.count {
      switch tokens[i].kind {
      case .longOption(let name, let attached):
        try bind(try option(named: name), attached: attached)
      case .shortOption(let letter):
        guard let found = options.first(where: { $0.short == letter }) else {
          throw UsageError("unknown option '-\(letter)'", command: name)
        }
        try bind(found, attached: nil)
      case .value(let value):
        parsed.positionals.append(value)
      case .terminator:
        break
      }
      i += 1
    }
    let required = arguments.filter { !$0.isOptional }.count
    if parsed.positionals.count < required {
      let missing = arguments[parsed.positionals.count]
      throw UsageError("missing argument <\(missing.name)>", command: name)
    }
    if !(arguments.last?.isVariadic ?? false), parsed.positionals.count > arguments.count {
      throw UsageError("unexpected argument '\(parsed.positionals[arguments.count])'", command: name)
    }
    for rule in rules {
      if let message = rule.violation(in: parsed, arguments: arguments) {
        throw UsageError(message, command: name)
      }
    }
    return parsed
  }
}
