import Diagnostics
import Keystrokes
import ScenarioEngine

#if Engines
  import InputMethods
#endif

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

      Engines: m17n:<lang>-<name> (any m17n-db input method, e.g. m17n:zh-py, m17n:zh-bopomofo,
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
    ])

  static func run(_ arguments: ParsedArguments, _ context: CommandContext) throws -> ExitCode {
    guard let engines = AutomatedRun.builtInEngines else {
      throw UsageError("'trace' types into the input-method engines: \(EngineError.Message.notBuilt)")
    }
    if arguments.flag("list-engines") {
      #if Engines
        context.console.out(InputMethodEngines.availableNames().joined(separator: "\n") + "\n")
      #endif
      return .success
    }
    guard let name = arguments.value("engine") else {
      throw UsageError("missing option '--engine <name>' (see 'qapass trace --list-engines')")
    }
    guard let keys = arguments.positional(0) else { throw UsageError("missing argument <keys>") }
    let engine: any InputMethodEngine
    do {
      engine = try engines(name)
    } catch {
      throw UsageError(error.message)
    }
    let recipe: KeystrokeRecipe
    do {
      recipe = try KeystrokeRecipe.parse(keys)
    } catch {
      throw UsageError("in <keys> at column \(error.column): \(error.message)")
    }
    let trace: Trace
    do {
      trace = try engine.trace(recipe)
    } catch {
      throw UsageError(error.message)
    }
    context.console.out(arguments.value("format") == "json" ? trace.json() + "\n" : trace.table())
    return .success
  }
}
