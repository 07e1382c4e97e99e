import Diagnostics
import Keystrokes
import ScenarioEngine

#if Engines
  import InputMethods
#endif

extension Workflow {
  /// The inputs of ``trace(_:)``.
  package struct TraceInputs: Sendable {
    /// The engine to type into, such as `m17n:zh-py` (`nil` only with `listEngines`).
    package var engine: String?
    /// The keystroke recipe, such as `nihongo{space}{Return}`.
    package var keys: String?
    /// JSON instead of a table.
    package var json = false
    /// List the engines of this machine instead.
    package var listEngines = false

    /// Creates the inputs; the other options start at their defaults.
    package init(engine: String?, keys: String?) {
      self.engine = engine
      self.keys = keys
    }
  }

  /// `qapass trace`: types a keystroke recipe into a real input-method engine and prints each step on
  /// standard output; with `listEngines`, says which engines this machine has.
  ///
  /// - Returns: The trace (`nil` when listing the engines).
  /// - Throws: ``UsageError`` in a build without engines, for an unknown engine or a recipe that does
  ///   not parse.
  package func trace(_ inputs: TraceInputs) throws -> UseCaseResult<Trace?> {
    try begin()
    guard let engines else {
      throw UsageError("'trace' types into the input-method engines: \(EngineError.Message.notBuilt)")
    }
    if inputs.listEngines {
      #if Engines
        say(InputMethodEngines.availableNames().joined(separator: "\n") + "\n")
      #endif
      return finished(nil)
    }
    guard let name = inputs.engine else {
      throw UsageError("missing option '--engine <name>' (see 'qapass trace --list-engines')")
    }
    guard let keys = inputs.keys else { throw UsageError("missing argument <keys>") }
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
    writeStandardOutput(inputs.json ? trace.json() + "\n" : trace.table())
    return finished(trace)
  }
}
