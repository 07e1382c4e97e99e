import Diagnostics
import Keystrokes
import MatrixFormat

/// What `lint` checks of each input method before anything runs: the engine loads, and typing the
/// recipe into it commits the `expect` text.
///
/// Without it, an engine typo shows up as items in error at `run` time and a wrong `expect` (張 where
/// the engine commits 张) as composition failures that look like app bugs. An engine qapass knows the
/// form of but this machine does not have (an m17n input method m17n-db does not ship here) is a
/// warning that says so, since the file may be right for the machines that run it.
///
/// Messages name the input method and the place, never the recipe or the texts: what people type is
/// theirs and stays off stderr (`qapass trace` prints it on stdout when asked).
///
/// ```swift
/// let diagnostics = EnginePreflight.diagnostics(for: file)
/// // matrices/team.yaml:9:13: error: engine 'hangul:2set' of 'ko-2set': unknown input method engine …
/// ```
public enum EnginePreflight {
  /// The problems with the input methods of `file`, in catalog order.
  ///
  /// Recipes that do not parse are left to `Plan.make`, which reports them with their column.
  ///
  /// - Parameters:
  ///   - file: The matrix file.
  ///   - engines: The engines of this build (``AutomatedRun/builtInEngines``); `nil` in a build without
  ///     them, where one warning says that engines and recipes were not checked.
  public static func diagnostics(
    for file: MatrixFile, engines: AutomatedRun.EngineFactory? = AutomatedRun.builtInEngines
  ) -> [Diagnostic] {
    var diagnostics: [Diagnostic] = []
    guard let engines else {
      if let first = file.inputMethods.first(where: { $0.engine != nil }) {
        diagnostics.append(
          Diagnostic(
            .warning, path: file.path, location: first.engineLocation, message: Message.notBuilt))
      }
      return diagnostics
    }
    for method in file.inputMethods {
      guard let name = method.engine else { continue }
      let engine: any InputMethodEngine
      do {
        engine = try engines(name)
      } catch {
        let notInstalled = Message.isNotInstalled(name, error)
        diagnostics.append(
          Diagnostic(
            notInstalled ? .warning : .error, path: file.path, location: method.engineLocation,
            message: notInstalled
              ? Message.notInstalled(name, method.id) : "engine of '\(method.id)': \(error.message)")
        )
        continue
      }
      guard let recipe = try? KeystrokeRecipe.parse(method.recipe) else { continue }
      let trace: Trace
      do {
        trace = try engine.trace(recipe)
      } catch {
        diagnostics.append(
          Diagnostic(
            path: file.path, location: method.engineLocation, message: "'\(method.id)': \(error.message)"))
        continue
      }
      let typed = trace.committedText + trace.finalPreedit
      if typed != method.expect {
        diagnostics.append(
          Diagnostic(
            // At the entry, not the `expect` line: the excerpt would repeat the typed text.
            path: file.path, location: method.location,
            message: Message.expectMismatch(
              method.id, method.expect, typed, engine: name, line: method.expectLocation.line)))
      }
    }
    return diagnostics
  }

  enum Message {
    static let notBuilt =
      "this build of qapass has no input-method engines (package trait 'Engines' off): engines, recipes and "
      + "'expect' texts were not checked, and run and pass here list their automated items as not run"

    /// An m17n name of the right form whose method this machine lacks, with nothing close to suggest.
    static func isNotInstalled(_ name: String, _ error: EngineError) -> Bool {
      guard case .unknownEngine(_, let available) = error, name.hasPrefix("m17n:") else { return false }
      let key = name.dropFirst("m17n:".count)
      let parts = key.split(separator: "-", maxSplits: 1)
      guard parts.count == 2, parts.allSatisfy({ !$0.isEmpty }) else { return false }
      return Suggestion.closest(to: name, among: available) == nil
    }

    static func notInstalled(_ name: String, _ id: String) -> String {
      "engine '\(name)' of '\(id)' cannot be loaded on this machine (m17n-db here has no such input method); "
        + "its recipe is not checked, and run and pass here will report its automated items as errors"
    }

    /// Says where the texts part without quoting either: typed text never goes to stderr.
    static func expectMismatch(_ id: String, _ expect: String, _ typed: String, engine: String, line: Int)
      -> String
    {
      let expected = Array(expect)
      let committed = Array(typed)
      let position =
        zip(expected, committed).enumerated().first { $0.element.0 != $0.element.1 }?.offset
        ?? min(expected.count, committed.count)
      return
        "'expect' of '\(id)' (line \(line)) is not what engine '\(engine)' commits for its recipe: they differ from "
        + "character \(position + 1) (\(expected.count) characters expected, \(committed.count) committed), so its "
        + "automated items would fail as if the app were wrong; 'qapass trace --engine \(engine) <recipe>' "
        + "prints what it commits"
    }
  }
}
