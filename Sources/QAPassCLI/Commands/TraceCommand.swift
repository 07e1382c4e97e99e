import QAPassWorkflow

/// `qapass trace --engine NAME KEYS`: what a real input-method engine does with each keystroke.
enum TraceCommand: Subcommand {
  static let spec = CommandSpec(
    name: "trace",
    abstract: "Type a keystroke recipe into a real input-method engine and print each step.",
    discussion: """
      Each step shows the key, the uncommitted (marked) text, the text committed by the key, the
      candidates, and whether the key also reaches the app. Named keys go in braces: {space}
      {Return} {BackSpace} {Left} {Right} {Up} {Down} {Escape} {Tab} {Henkan} {Delete}
      ({braceleft} and {braceright} for literal braces).

      Engines: m17n:<lang>-<name> (any m17n-db input method, e.g. m17n:zh-py, m17n:zh-zhuyin,
      m17n:ko-han2), anthy (Japanese romaji or kana to kanji), hangul:<keyboard> (libhangul:
      hangul:2, hangul:3f, ...). 'qapass trace --list-engines' lists them all.

      Example: qapass trace --engine m17n:zh-py zhongwen3
      """,
    arguments: [
      .init(name: "keys", help: "The keystroke recipe, e.g. 'nihongo{space}{Return}'.", isOptional: true)
    ],
    options: [
      .value("engine", short: "e", "<name>", help: "The engine to type into."),
      .value("format", "<format>", help: "Output format.", choices: ["table", "json"]),
      .flag("list-engines", help: "List the engines available on this machine and exit."),
    ],
    rules: [
      .excludes("list-engines", ["engine", "format"], because: "it lists the engines and types nothing"),
      .refuses("list-engines", argument: "keys", because: "it lists the engines and types nothing"),
    ])

  static func run(_ arguments: ParsedArguments, _ workflow: Workflow) throws -> any CommandResult {
    var inputs = Workflow.TraceInputs(engine: arguments.value("engine"), keys: arguments.positional(0))
    inputs.json = arguments.value("format") == "json"
    inputs.listEngines = arguments.flag("list-engines")
    return try workflow.trace(inputs)
  }
}
