/// The one runner: replays pack items against a subject, stopping each item at its first failing
/// step (or, for a script whose every step checks something of its own, going on to report each).
///
/// Every item gets a fresh composition or save-flow subject, with a fresh clock and recorder, so
/// one item cannot mask another. The runner judges only what the subject shows (text, message
/// visible, submit enabled, what a submission did, play requests, what the save shows, and the
/// confirmation pattern the app says it plays, held against the matrix's contract and against what
/// was played) and what the app sent, against the pack's expectations; it never asks the subject's
/// own rules. Time is the item's ``VirtualClock``: see ``CompositionStep`` for when a step happens
/// and when its checks are read.
///
/// ```swift
/// import CoreAdapters  // the reference core
///
/// let url = URL(fileURLWithPath: "examples/SignUpCore/Tests/SignUpCoreTests/Resources/default.pack.json")
/// let pack = try ScenarioPack.load(contentsOf: url)
/// let run = PackRunner.run(pack, subject: ReferenceCoreSubject(version: "0.1.0"))
/// run.summary.failures   // 0
/// ```
public enum PackRunner {
  /// Replays every item of `pack` (and reports its unexported items as errors).
  ///
  /// - Complexity: O(total steps).
  ///
  /// - Parameters:
  ///   - pack: The pack.
  ///   - subject: The code under test.
  ///   - fingerprint: The pack's fingerprint when already known (``ScenarioPack/loadVerified(_:)``);
  ///     computed otherwise.
  public static func run(_ pack: ScenarioPack, subject: some HarnessSubject, fingerprint: String? = nil)
    -> HarnessRun
  {
    let results = pack.items.map { run($0, subject: subject) } + unexportedResults(pack, subject: subject)
    return HarnessRun(
      subjectName: subject.name, subjectVersion: subject.version,
      packFingerprint: fingerprint ?? pack.fingerprint,
      matrixName: pack.matrixName, planFingerprint: pack.planFingerprint, results: results)
  }

  /// An error per item the pack could not export.
  static func unexportedResults(_ pack: ScenarioPack, subject: some HarnessSubject) -> [HarnessItemResult] {
    pack.unexported.map { missing in
      HarnessItemResult(
        id: missing.id, check: missing.check, scenarioVersion: 0, status: .error,
        implementation: subject.name,
        configuration: [:],
        failure: StepFailure(step: 0, label: "", expected: "", seen: "not exported: \(missing.reason)"))
    }
  }

  /// Replays one item against a fresh subject from `subject`.
  public static func run(_ item: PackItem, subject: some HarnessSubject) -> HarnessItemResult {
    var result = HarnessItemResult(
      id: item.id, check: item.check, scenarioVersion: item.scenarioVersion, status: .pass,
      implementation: subject.implementation(for: item), configuration: item.configuration,
      channel: item.channel)
    let outcome: (failures: [StepFailure], trace: [ObservedStep])
    switch item.replay {
    case .composition(let script):
      let environment = CompositionEnvironment(field: script.field)
      guard let field = subject.compositionSubject(for: item, environment: environment) else {
        return errored(result, "the subject has no composition subject for field '\(script.field.id)'")
      }
      outcome = replay(script, into: field, environment)
    case .saveFlow(let script):
      let environment = SaveFlowEnvironment(
        saver: ScriptedSaver(),
        player: RecordingPlayer(prepareFails: script.prepareFails, playFails: script.playFails),
        supportsHaptics: script.supportsHaptics)
      guard let flow = subject.saveFlowSubject(for: item, environment: environment) else {
        return errored(result, "the subject has no save flow")
      }
      let replayed = replay(script, into: flow, environment)
      outcome = (replayed.failure.map { [$0] } ?? [], replayed.trace)
    }
    if let first = outcome.failures.first {
      result.status = .fail
      result.failure = first
      result.failures = outcome.failures
      result.trace = outcome.trace
    }
    return result
  }

  private static func errored(_ result: HarnessItemResult, _ reason: String) -> HarnessItemResult {
    var result = result
    result.status = .error
    result.failure = StepFailure(step: 0, label: "", expected: "", seen: reason)
    result.failures = [result.failure!]
    return result
  }

  // MARK: Composition

  static func replay(
    _ script: CompositionScript, into subject: any CompositionSubject, _ environment: CompositionEnvironment
  ) -> (failures: [StepFailure], trace: [ObservedStep]) {
    let clock = environment.clock
    let recorder = environment.recorder
    var trace: [ObservedStep] = []
    var failures: [StepFailure] = []
    var traceLength = 0
    for (index, step) in script.steps.enumerated() {
      clock.advance(byMilliseconds: step.delayMilliseconds ?? 0)
      let sentBefore = recorder.sent.count
      var submission: Submission?
      // A tap the subject says a disabled button ignored must have met a button shown disabled, and
      // only a tap can be ignored so.
      var falselyIgnored: String?
      for action in step.actions {
        let enabledBefore = action == .submit(.button) ? subject.isSubmitEnabled : nil
        let made = subject.perform(action)
        if action.submits { submission = made }
        if made == .ignoredDisabled, enabledBefore != false {
          falselyIgnored =
            enabledBefore == true
            ? "the tap said ignored by a disabled button while the button showed enabled"
            : "\(action) said ignored by a disabled button, which only a tap on the button can be"
        }
      }
      let expect = step.expect
      // A step that checks something is read once the form has had its settle time.
      if !expect.isEmpty { clock.advance(byMilliseconds: script.policies.settleMilliseconds) }
      let sent = Array(recorder.sent[sentBefore...])
      let observed = ObservedStep(
        label: step.label, actions: [], text: subject.text, marked: step.marked,
        selection: step.selection, messageShown: subject.isMessageShown, message: subject.messageText,
        submitEnabled: subject.isSubmitEnabled,
        submission: step.actions.contains(where: \.submits)
          ? (submission?.description ?? "no submission") : nil,
        sent: sent.isEmpty ? nil : sent, time: clock.now)
      trace.append(observed)
      var expected: [String] = []
      var seen: [String] = []
      if let falselyIgnored {
        expected.append("a disabled button to ignore a tap only while it shows disabled")
        seen.append(falselyIgnored)
      }
      if let text = expect.text, !text.hasSameScalars(as: observed.text ?? "") {
        let shown = observed.text ?? ""
        // Texts that print alike (canonically equivalent) are told apart by their code points.
        let alike = text == shown
        expected.append("text \"\(text)\"" + (alike ? " (\(text.scalarList))" : ""))
        seen.append("text \"\(shown)\"" + (alike ? " (\(shown.scalarList))" : ""))
      }
      if let shown = expect.messageShown, shown != observed.messageShown {
        expected.append(shown ? "a message shown" : "no message")
        seen.append(shown ? "no message" : "a message shown")
      }
      if let enabled = expect.submitEnabled, enabled != observed.submitEnabled {
        expected.append(enabled ? "submit enabled" : "submit disabled")
        seen.append(enabled ? "submit disabled" : "submit enabled")
      }
      if let wanted = expect.submission {
        if !wanted.isSatisfied(by: submission, sent: sent) {
          expected.append("the submission \(wanted)\(wanted.sentDescription)")
          var said =
            (submission.map { "the submission \($0)" } ?? "no submission") + ", " + Self.describeSent(sent)
          if let text = wanted.acceptedText {
            let alike = ([submission?.acceptedText] + sent.map(Optional.some)).compactMap { $0 }.filter {
              $0 == text && !$0.hasSameScalars(as: text)
            }
            if let other = alike.first {
              said +=
                " (canonically equivalent, but other code points: expected \(text.scalarList), seen "
                + "\(other.scalarList))"
            }
          }
          seen.append(said)
        }
      } else if !sent.isEmpty {
        expected.append("nothing sent")
        seen.append(Self.describeSent(sent))
      }
      if !expected.isEmpty {
        failures.append(
          StepFailure(
            step: index + 1, label: step.label, expected: expected.joined(separator: ", "),
            seen: seen.joined(separator: ", "), reason: expect.reason))
        traceLength = trace.count
        if !script.continuesAfterFailure { break }
      }
    }
    var kept = Array(trace.prefix(traceLength))
    // The actions are described only in a failure's trace, which a passing item never has.
    for (observed, step) in zip(kept.indices, script.steps) {
      kept[observed].actions = step.actions.map(\.description)
    }
    return (failures, kept)
  }

  /// `nothing sent`, `sent "张伟"`, `sent "张伟", "张伟"`.
  static func describeSent(_ sent: [String]) -> String {
    sent.isEmpty ? "nothing sent" : "sent " + sent.map { "\"\($0)\"" }.joined(separator: ", ")
  }

  // MARK: Save flow

  static func replay(
    _ script: SaveFlowScript, into flow: any SaveFlowSubject, _ environment: SaveFlowEnvironment
  ) -> (failure: StepFailure?, trace: [ObservedStep]) {
    var trace: [ObservedStep] = []
    let saver = environment.saver
    let player = environment.player
    // The app's own pattern, asked once: what every felt confirmation must be.
    let own = flow.confirmationPattern
    let clock = environment.clock
    for (index, step) in script.steps.enumerated() {
      clock.advance(byMilliseconds: step.delayMilliseconds ?? 0)
      var completed = true
      switch step.action {
      case .tap: flow.tap()
      case .completeSuccess: completed = saver.complete(.success)
      case .completeFailure: completed = saver.complete(.failure(SaveFlowAction.failureMessage))
      case .engineReset:
        player.losePreparation()
        flow.engineDidReset()
      case .engineStopped:
        player.losePreparation()
        flow.engineDidStop()
      case .enterBackground:
        flow.didEnterBackground()
        player.losePreparation()
      case .enterForeground: flow.willEnterForeground()
      }
      // What the flow scheduled for this instant runs before the checks are read.
      clock.advance(byMilliseconds: 0)
      let result = flow.visibleResult
      trace.append(
        ObservedStep(
          label: step.action.rawValue, actions: [step.action.rawValue], saveResult: result,
          player: player.summary))
      var expected: [String] = []
      var seen: [String] = []
      let expect = step.expect
      if !completed {
        expected.append("a running save to complete")
        seen.append("no save running")
      }
      if let wanted = expect.result, wanted != result {
        expected.append("\"\(wanted.rawValue)\" shown")
        seen.append("\"\(result.rawValue)\" shown")
      }
      if let wanted = expect.savesStarted, wanted != saver.startedCount {
        expected.append("\(wanted) save(s) started")
        seen.append("\(saver.startedCount) started")
      }
      if let wanted = expect.playRequests, wanted != player.playRequests {
        expected.append("\(wanted) play request(s) so far")
        seen.append("\(player.playRequests)")
      }
      if let most = expect.playRequestsAtMost, player.playRequests > most {
        expected.append("at most \(most) play request(s) so far")
        seen.append("\(player.playRequests); player calls: \(player.summary)")
      }
      if let wanted = expect.confirmationIsContract {
        let found = PackHapticEvent.differences(own, from: script.contract)
        if wanted != found.isEmpty {
          let contract = PackHapticEvent.describe(script.contract)
          expected.append(
            "the app's confirmation \(wanted ? "to be" : "to differ from") the matrix's contract (\(contract))"
          )
          seen.append(
            "the app's pattern \(PackHapticEvent.describe(own))"
              + (found.isEmpty ? "" : " (" + found.joined(separator: "; ") + ")"))
        }
      }
      if let wanted = expect.felt, wanted != player.felt(own) {
        expected.append(
          "\(wanted) confirmation(s) felt so far (the app's pattern "
            + "\(PackHapticEvent.describe(own)), played on a prepared player)")
        seen.append("\(player.felt(own)) felt; player calls: \(player.summary)")
      }
      if let wanted = expect.playerUsed, wanted != !player.calls.isEmpty {
        expected.append(wanted ? "the player used" : "the player never touched")
        seen.append("player calls: \(player.summary)")
      }
      if let wanted = expect.diagnostics, let count = flow.diagnosticCount, wanted != count {
        expected.append("\(wanted) diagnostic(s)")
        seen.append("\(count)")
      }
      if !expected.isEmpty {
        let failure = StepFailure(
          step: index + 1, label: step.action.rawValue, expected: expected.joined(separator: ", "),
          seen: seen.joined(separator: ", "), reason: expect.reason)
        return (failure, trace)
      }
    }
    return (nil, trace)
  }
}
