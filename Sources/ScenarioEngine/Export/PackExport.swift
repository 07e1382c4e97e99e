import AcceptanceCore
import Keystrokes
import QAModel
import QAPassHarness

/// Writes a plan's automated items as a ``ScenarioPack``: traces from the real engines now,
/// expectations from ``VerdictOracle`` (computed verdicts and the field's samples) and each input
/// method's declared text, so the pack replays
/// anywhere without engines and never asks the code under test what to expect.
///
/// How each check becomes a script (the reference field model computes the text, marked range
/// and selection; it judges nothing). Every script carries the team's policies (the settle time
/// before a step's checks are read, what a Return after a silent commit does); every acceptance
/// expects its text sent, every refusal nothing sent.
/// - `c1`: every trace step; at each composing step (marked text, or in place a text the oracle
///   calls incomplete) no message and submit disabled.
/// - `c2`: after the commit (focus-out), the declared text with the oracle's state; then one
///   delete at a time until the field is empty, the oracle's state on what is left (the verdict
///   changes on the way).
/// - `c3`: at each composing step a submission through the path is refused as composing, with no
///   message (in place: as invalid); after the commit it is accepted with the text exactly when the
///   oracle says valid; a Return that reaches the app after a commit is an ordinary submission.
/// - `p1`: the sample enters without marked text (autofill and dictation replay paste's steps and
///   say so); the state matches the oracle, also after code assigned it; each submission path is
///   accepted exactly when the oracle says valid.
/// - `p2`: each known text pasted over the whole text, then submitted; every failing text reported.
/// - `t1`: pastes that flip the verdict, each submitted right after (100 ms, or at once by code).
/// - `r1`–`r6` and the haptic checks: see ``ScenarioCatalog``.
///
/// ```swift
/// let path = "matrices/default.yaml"
/// let bytes = Array(try Data(contentsOf: URL(fileURLWithPath: path)))
/// let document = try MatrixDocument.load(path: path, bytes: bytes).document
/// guard case .qapass(let file) = document else { return }
/// let plan = try Plan.make(file: file)
/// let pack = PackExport.make(plan, generator: "qapass 0.1.0")
/// try pack.fileContents().write(toFile: "pack.json", atomically: true, encoding: .utf8)
/// ```
package enum PackExport {
  /// Exports every automated item of `plan`.
  ///
  /// - Parameters:
  ///   - plan: A plan from ``Plan/make(file:cellLimit:strategy:seed:previous:)``.
  ///   - generator: What wrote the pack, such as `qapass 0.1.0`.
  ///   - engines: Makes an engine from its name; each input method and recipe is traced once. `nil` (a
  ///     build without the engines) exports only the items that need none.
  /// - Returns: The pack; items that could not be exported (an engine missing, a text the oracle
  ///   does not know) are listed in ``ScenarioPack/unexported`` with the reason.
  package static func make(
    _ plan: Plan, generator: String,
    engines: EngineFactory? = BuiltInEngines.factory
  ) -> ScenarioPack {
    var traces: [String: Result<Trace, EngineError>] = [:]
    var items: [PackItem] = []
    var unexported: [UnexportedItem] = []
    for item in plan.items where item.kind == .automated {
      do {
        items.append(try export(item, plan.automation, traces: &traces, engines: engines))
      } catch {
        unexported.append(
          UnexportedItem(id: item.id.rawValue, check: item.scenario.rawValue, reason: error.description))
      }
    }
    return ScenarioPack(
      generator: generator, matrixName: plan.name, build: plan.build,
      planFingerprint: plan.fingerprint, items: items, unexported: unexported)
  }

  /// Why one item could not be exported.
  struct Failure: Error, CustomStringConvertible {
    var description: String
    /// The text the oracle could not judge, when that is why (``VerdictPreflight`` reads it).
    var unjudged: VerdictOracle.Unknown? = nil
  }

  static func export(
    _ item: PlanItem, _ automation: Automation, traces: inout [String: Result<Trace, EngineError>],
    engines: EngineFactory?
  ) throws(Failure) -> PackItem {
    let configuration = Dictionary(
      item.configuration.pairs.map { ($0.key, $0.value) }, uniquingKeysWith: { a, _ in a })
    func packItem(_ replay: PackItem.Replay) -> PackItem {
      PackItem(
        id: item.id.rawValue, check: item.scenario.rawValue, scenarioVersion: item.scenarioVersion,
        title: item.title,
        configuration: configuration, replay: replay, sameStepsAs: sameStepsAs(item))
    }
    if item.channel == .haptics {
      guard let contract = automation.haptics else {
        throw Failure(description: "the plan has no haptic contract")
      }
      return packItem(.saveFlow(try HapticScripts.script(item.scenario, contract: contract.declared)))
    }
    guard let field = automation.field(item.configuration.field) else {
      throw Failure(description: "unknown field '\(item.configuration.field?.rawValue ?? "")'")
    }
    var builder = ScriptBuilder(field: field, policies: automation.policies)
    do {
      if item.scenario == .p2 {
        try builder.ruleTable()
      } else if item.scenario == .t1 {
        try builder.timing()
      } else if let path = item.configuration.inputPath {
        try builder.directInput(path, sample: item.configuration.sample ?? .incomplete)
      } else {
        guard let method = automation.method(item.configuration.inputMethod, field: item.configuration.field)
        else {
          throw Failure(
            description: "unknown input method '\(item.configuration.inputMethod?.rawValue ?? "")'")
        }
        guard let engines else {
          throw Failure(description: EngineError.notBuilt(method.engine ?? method.id).message)
        }
        let trace: Trace
        // One trace per engine and recipe: a field may give an input method a recipe of its own.
        let key = (method.engine ?? "") + "\u{0}" + method.recipe.text
        switch traces[key] ?? traceOnce(method, engines) {
        case .success(let value):
          traces[key] = .success(value)
          trace = value
        case .failure(let error):
          traces[key] = .failure(error)
          throw Failure(description: error.message)
        }
        try builder.composition(
          item.scenario, trace: trace, method: method, variant: item.configuration.variant ?? .everyUpdate,
          trigger: item.configuration.submitPath)
      }
    } catch let unknown as VerdictOracle.Unknown {
      throw Failure(description: unknown.description, unjudged: unknown)
    } catch let failure as Failure {
      throw failure
    } catch {
      throw Failure(description: String(describing: error))
    }
    return packItem(.composition(builder.script))
  }

  /// Autofill and dictation reach a field as paste does (one insertion, then `editingChanged`): their
  /// p1 items replay the paste item's steps, and say so.
  static func sameStepsAs(_ item: PlanItem) -> String? {
    guard item.scenario == .p1, let path = item.configuration.inputPath,
      path == .autofill || path == .dictation,
      let field = item.configuration.field, let sample = item.configuration.sample
    else { return nil }
    return "auto.p1.\(DirectInputPath.paste.rawValue).\(field.rawValue).\(sample.rawValue)"
  }

  private static func traceOnce(_ method: Automation.Method, _ engines: EngineFactory) -> Result<
    Trace, EngineError
  > {
    do {
      let engine = try engines(method.engine ?? "")
      return .success(try engine.trace(method.recipe))
    } catch {
      return .failure(error)
    }
  }
}
