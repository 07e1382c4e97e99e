import AcceptanceCore
import Keystrokes

#if Engines
  import InputMethods
#endif

/// Runs a plan's automated items against a subject.
///
/// Each engine and recipe is traced once; every item of that input method and recipe (one per
/// field that declares it) replays the same trace into a fresh field and validator (the checks run separately, so
/// one cannot mask another). m17n calls are serialised inside InputMethods.
///
/// ```swift
/// let report = AutomatedRun.run(plan, subject: .core)
/// report.summary.failures   // 0
/// print(report.summaryText())
/// ```
public enum AutomatedRun {
  /// Creates an engine from its name; injectable for tests.
  public typealias EngineFactory = @Sendable (String) throws(EngineError) -> any InputMethodEngine

  /// The engines this build has: the one place automated keystrokes come from.
  ///
  /// With the `Engines` package trait (the default) this is `InputMethodEngines.engine(named:)`, the
  /// real m17n-lib, Anthy and libhangul. Without it (the Mac build, libyaml alone) it is `nil`: items
  /// that type keystrokes are not run and are listed in ``RunReport/notRun``. A source of recorded
  /// traces (a scenario pack exported where the engines are) plugs in here as another `EngineFactory`.
  public static var builtInEngines: EngineFactory? {
    #if Engines
      return { name throws(EngineError) in try InputMethodEngines.engine(named: name) }
    #else
      return nil
    #endif
  }

  /// Runs every automated item of `plan` against `subject`.
  ///
  /// - Parameters:
  ///   - plan: A plan from ``Plan/make(file:cellLimit:)``.
  ///   - subject: The core, or the naive negative controls.
  ///   - engines: Makes an engine from its name; defaults to ``builtInEngines``. `nil` runs only the
  ///     items that need no engine (haptics, text without marked text).
  /// - Returns: One result per automated item run, in plan order. An engine that cannot be created or
  ///   cannot trace makes its items `error`, never `pass`; items left out for want of engines are in
  ///   ``RunReport/notRun``.
  public static func run(
    _ plan: Plan, subject: Subject, engines: EngineFactory? = builtInEngines
  ) -> RunReport {
    var traces: [String: Result<Trace, EngineError>] = [:]
    var results: [ItemResult] = []
    var notRun: [String] = []
    for item in plan.items where item.kind == .automated {
      guard let engines else {
        if needsEngine(item) {
          notRun.append(item.id)
        } else {
          results.append(run(item, plan.automation, subject: subject, traces: &traces, engines: noEngines))
        }
        continue
      }
      results.append(run(item, plan.automation, subject: subject, traces: &traces, engines: engines))
    }
    return RunReport(
      planName: plan.name, planPath: plan.path, build: plan.build, planFingerprint: plan.fingerprint,
      subject: subject, results: results, notRun: notRun)
  }

  /// The factory of a build without engines, for items that never ask for one.
  private static let noEngines: EngineFactory = { name throws(EngineError) in throw .notBuilt(name) }

  /// Whether running `item` types keystrokes into an engine (the composition checks do; haptic items
  /// and text that arrives without marked text do not).
  public static func needsEngine(_ item: PlanItem) -> Bool {
    item.channel != .haptics && item.configuration.inputPath == nil
  }

  static func run(
    _ item: PlanItem, _ automation: Automation, subject: Subject,
    traces: inout [String: Result<Trace, EngineError>],
    engines: EngineFactory
  ) -> ItemResult {
    var result = ItemResult(
      id: item.id, check: item.scenario, scenarioVersion: item.scenarioVersion, status: .pass,
      configuration: item.configuration.pairs, implementation: "", problems: [], steps: [], hapticLog: [])
    if item.channel == .haptics {
      guard let contract = automation.haptics else {
        return errored(result, "the plan has no haptic contract")
      }
      let outcome = HapticChecks.run(item.scenario, contract: contract, subject: subject)
      result.implementation = outcome.implementation
      result.problems = outcome.problems
      result.hapticLog = outcome.problems.isEmpty ? [] : outcome.log
      result.status = outcome.problems.isEmpty ? .pass : .fail
      return result
    }
    guard let field = automation.field(item.configuration.field) else {
      return errored(result, "unknown field '\(item.configuration.field ?? "")'")
    }
    result.implementation = subject == .core ? "FieldValidator" : "NaiveFieldValidator"
    let outcome: CompositionChecks.Outcome
    if let path = item.configuration.inputPath {
      guard let sample = item.configuration.sample == "valid" ? field.validSample : field.invalidSample else {
        return errored(result, "no \(item.configuration.sample ?? "") sample for field '\(field.id)'")
      }
      let other = item.configuration.sample == "valid" ? field.invalidSample : field.validSample
      outcome = CompositionChecks.directInput(
        sample, replacing: other, via: path, field: field, subject: subject)
    } else {
      guard let method = automation.method(item.configuration.inputMethod, field: field.id),
        let variant = item.configuration.variant
      else {
        return errored(result, "unknown input method '\(item.configuration.inputMethod ?? "")'")
      }
      let trace: Trace
      let key = (method.engine ?? "") + "\u{0}" + method.recipe.text
      switch traces[key] ?? traceOnce(method, engines) {
      case .success(let value):
        traces[key] = .success(value)
        trace = value
      case .failure(let error):
        traces[key] = .failure(error)
        return errored(result, error.message)
      }
      let trigger = Plan.submitPaths.first { $0.segment == item.configuration.submitPath }?.trigger
      outcome = CompositionChecks.run(
        item.scenario, trace: trace, method: method, field: field, variant: variant, trigger: trigger,
        subject: subject)
    }
    result.problems = outcome.problems
    if !outcome.problems.isEmpty {
      result.status = .fail
      result.steps = outcome.steps
    }
    return result
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

  private static func errored(_ result: ItemResult, _ problem: String) -> ItemResult {
    var result = result
    result.status = .error
    result.problems = [problem]
    return result
  }

  /// The defect of the ``NaiveSaveFlow`` run for a haptic scenario when the subject is
  /// ``Subject/naive``: the flow built to fail it, or `nil` for a scenario that is not a haptic one.
  ///
  /// | scenario | ``NaiveSaveFlow/Defect`` | its flaw |
  /// | --- | --- | --- |
  /// | `haptic.contract` | `.genericPattern` | plays a stock pattern, not the contract |
  /// | `haptic.success` | `.playsOnTap` | plays at tap time, before the save succeeds |
  /// | `haptic.failure` | `.playsAfterFailure` | plays whatever the outcome |
  /// | `haptic.rapid-taps` | `.unguardedTaps` | no in-flight guard: one save and play per tap |
  /// | `haptic.unsupported-hardware` | `.playsAfterFailure` | never asks the hardware |
  /// | `haptic.playback-failure` | `.hapticErrorFailsSave` | a haptic error fails the save |
  /// | `haptic.engine-reset` | `.neverReprepares` | never prepares again after a reset |
  /// | `haptic.background-return` | `.neverReprepares` | never prepares again after background |
  ///
  /// Its ``NaiveSaveFlow/Defect/implementationName`` is the `implementation` of the item's result.
  public static func negativeControl(for scenario: String) -> NaiveSaveFlow.Defect? {
    HapticChecks.naiveFlows[scenario]
  }
}
