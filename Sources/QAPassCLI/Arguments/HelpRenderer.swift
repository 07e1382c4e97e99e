/// Help text in swift-argument-parser's layout: OVERVIEW, USAGE, ARGUMENTS, OPTIONS, SUBCOMMANDS.
enum HelpRenderer {
  static let width = 28

  static func render(_ spec: CommandSpec) -> String {
    var out = "OVERVIEW: \(spec.abstract)\n"
    if let discussion = spec.discussion { out += "\n\(discussion)\n" }
    out += "\nUSAGE: \(spec.usage)\n"
    if !spec.arguments.isEmpty {
      out += "\nARGUMENTS:\n"
      for argument in spec.arguments {
        out += row("<\(argument.name)>", argument.help)
      }
    }
    out += "\nOPTIONS:\n"
    for option in spec.options {
      var left = option.short.map { "-\($0), " } ?? ""
      left += "--\(option.long)"
      if let valueName = option.valueName { left += " \(valueName)" }
      var help = option.help
      if let choices = option.choices { help += " (values: \(choices.joined(separator: ", ")))" }
      for rule in spec.rules { if let note = rule.help(for: option.long) { help += " " + note } }
      out += row(left, help)
    }
    out += row("-h, --help", "Show help information.")
    return out
  }

  static func renderTool(_ commands: [CommandSpec]) -> String {
    var out =
      "OVERVIEW: Plan, run and report acceptance passes for iOS forms under CJK input methods and haptics.\n"
    out += "\nUSAGE: qapass <subcommand> [<arguments>] [<options>]\n"
    out += "\nOPTIONS:\n"
    out += row("-h, --help", "Show help information.")
    out += row("--version", "Show the version.")
    out += "\nSUBCOMMANDS:\n"
    for command in commands {
      out += row(command.name, command.abstract)
    }
    out += "\n  See 'qapass help <subcommand>' for detailed help.\n"
    out += "\nEXIT CODES:\n"
    for (code, meaning) in ExitCode.documentation {
      out += row(String(code), meaning)
    }
    return out
  }

  /// `  left      help`, wrapping long help under its column.
  static func row(_ left: String, _ help: String) -> String {
    let indent = String(repeating: " ", count: width + 2)
    var lines: [String] = []
    var current = ""
    for word in help.split(separator: " ") {
      if !current.isEmpty, current.count + word.count + 1 > 78 - width {
        lines.append(current)
        current = ""
      }
      current += current.isEmpty ? String(word) : " " + word
    }
    if !current.isEmpty { lines.append(current) }
    var out = "  " + left
    if left.count + 2 >= width + 2 {
      out += "\n" + indent
    } else {
      out += String(repeating: " ", count: width - left.count)
    }
    out += lines.joined(separator: "\n" + indent) + "\n"
    return out
  }
}
