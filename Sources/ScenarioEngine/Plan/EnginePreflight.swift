import Diagnostics
import Keystrokes
import MatrixFormat
import TextFormats

/// What `lint` checks of each input method before anything runs: the engine loads, and typing the
/// recipe into it commits the `expect` text, for the input method's own recipe and for every recipe a
/// field gives it.
///
/// Without it, an engine typo shows up as items in error at `run` time and a wrong `expect` (張 where
/// the engine commits 张) as composition failures that look like app bugs. An engine qapass knows the
/// form of but this machine does not have (an m17n input method m17n-db does not ship here) is a
/// warning that says so, since the file may be right for the machines that run it.
///
/// A mismatch is reported at the `expect` it is about, with what the engine committed: both are the
/// matrix's own test data, written in the file the excerpt already shows. Other messages never quote
/// the recipe or the texts.
///
/// ```swift
/// let path = "matrices/default.yaml"
/// let bytes = Array(try Data(contentsOf: URL(fileURLWithPath: path)))
/// let document = try MatrixDocument.load(path: path, bytes: bytes).document
/// guard case .qapass(var file) = document else { return }
/// file.inputMethods[0].expect = "張伟"   // a Traditional 張 where pinyin commits the Simplified one
/// let diagnostics = EnginePreflight.diagnostics(for: file)
/// // matrices/default.yaml:14:13: error: 'expect' of 'zh-pinyin' is '張伟', but engine 'm17n:zh-py'
/// // commits '张伟' …
/// ```
package enum EnginePreflight {
  /// The problems with the input methods of `file`, in catalog order.
  ///
  /// Recipes that do not parse are left to `Plan.make`, which reports them with their column.
  ///
  /// - Parameters:
  ///   - file: The matrix file.
  ///   - engines: The engines of this build (``BuiltInEngines/factory``); `nil` in a build without
  ///     them, where one warning says that engines and recipes were not checked.
  package static func diagnostics(
    for file: MatrixFile, engines: EngineFactory? = BuiltInEngines.factory
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
      // The input method's own recipe, then each field's own recipe for it.
      var uses: [(method: MatrixFile.InputMethod, field: String?)] = [(method, nil)]
      for field in file.fields {
        guard let use = field.inputMethods?.first(where: { $0.id == method.id }), use.recipe != nil,
          let scoped = file.inputMethod(method.id, for: field)
        else { continue }
        uses.append((scoped, field.id))
      }
      for (scoped, field) in uses {
        if let diagnostic = check(scoped, field: field, engine: engine, name: name, path: file.path) {
          diagnostics.append(diagnostic)
        }
      }
    }
    return diagnostics
  }

  /// Types the recipe of `method` into `engine` and compares what it commits with `expect`.
  static func check(
    _ method: MatrixFile.InputMethod, field: String?, engine: any InputMethodEngine, name: String,
    path: String
  ) -> Diagnostic? {
    guard let recipe = try? KeystrokeRecipe.parse(method.recipe) else { return nil }
    let trace: Trace
    do {
      trace = try engine.trace(recipe)
    } catch {
      return Diagnostic(
        path: path, location: method.engineLocation, message: "'\(method.id)': \(error.message)")
    }
    guard trace.committedText + trace.finalPreedit != method.expect else { return nil }
    return Diagnostic(
      path: path, location: method.expectLocation,
      message: Message.expectMismatch(
        method.id, field: field, expect: method.expect, committed: trace.committedText,
        composing: trace.finalPreedit, engine: name))
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

    /// What the recipe commits, beside the `expect` it should equal.
    static func expectMismatch(
      _ id: String, field: String?, expect: String, committed: String, composing: String, engine: String
    ) -> String {
      let owner = field.map { "'expect' of '\(id)' in field '\($0)'" } ?? "'expect' of '\(id)'"
      let typed =
        composing.isEmpty
        ? "commits '\(committed)'" : "commits '\(committed)' and leaves '\(composing)' composing"
      return
        "\(owner) is '\(expect)', but engine '\(engine)' \(typed) for its recipe, so its automated items "
        + "would fail as if the app were wrong; write what the engine commits, or fix the recipe "
        + "('qapass trace --engine \(Escaping.shellWord(engine)) <recipe>' shows each step)"
    }
  }
}
