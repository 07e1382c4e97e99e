import AcceptanceCore

/// The automated haptic checks, each driving a fresh save flow with a ``ControlledSaver`` and a
/// ``RecordingHapticPlayer``.
enum HapticChecks {
  struct Outcome {
    var implementation: String
    var problems: [String]
    var log: [String]
  }

  /// The defect of the naive flow run for each scenario (documented on
  /// ``AutomatedRun/negativeControl(for:)``).
  static let naiveFlows: [String: NaiveSaveFlow.Defect] = [
    "haptic.contract": .genericPattern,
    "haptic.success": .playsOnTap,
    "haptic.failure": .playsAfterFailure,
    "haptic.rapid-taps": .unguardedTaps,
    "haptic.unsupported-hardware": .playsAfterFailure,
    "haptic.playback-failure": .hapticErrorFailsSave,
    "haptic.engine-reset": .neverReprepares,
    "haptic.background-return": .neverReprepares,
  ]

  /// The save flow a check drives.
  enum Flow: Hashable {
    /// AcceptanceCore's ``SaveFlow``.
    case core
    /// A ``NaiveSaveFlow`` with this defect.
    case naive(NaiveSaveFlow.Defect)

    /// The flow `subject` runs for `scenario`.
    init(subject: Subject, scenario: String) {
      switch subject {
      case .core: self = .core
      case .naive: self = .naive(naiveFlows[scenario] ?? .playsOnTap)
      }
    }
  }

  /// A flow, its saver and player, and a log of what happened.
  final class Harness {
    let saver = ControlledSaver()
    let player: RecordingHapticPlayer
    let flow: any SaveFlowing
    let implementation: String
    var log: [String] = []

    init(flow choice: Flow, confirmation: HapticPattern, supportsHaptics: Bool, player: RecordingHapticPlayer)
    {
      self.player = player
      switch choice {
      case .core:
        implementation = "SaveFlow"
        flow = SaveFlow(
          saver: saver, player: player, capability: FixedHapticCapability(supportsHaptics: supportsHaptics),
          confirmation: confirmation)
      case .naive(let defect):
        implementation = defect.implementationName
        flow = NaiveSaveFlow(defect: defect, saver: saver, player: player, confirmation: confirmation)
      }
    }

    func tap() { act("tap") { flow.tap() } }
    func complete(_ result: SaveResult) {
      act("save completes: \(Self.describe(result))") { saver.complete(result) }
    }
    func act(_ label: String, _ action: () -> Void) {
      action()
      log.append(
        "\(label) -> state \(Self.describe(flow.state)); player calls: \(Self.describe(player.calls))")
    }

    var playRequests: Int { player.playRequestCount }
    var delivered: [HapticPattern] { player.deliveredPatterns }

    static func describe(_ result: SaveResult) -> String {
      switch result {
      case .success: "success"
      case .failure(let message): "failure \"\(message)\""
      }
    }

    static func describe(_ state: SaveState) -> String {
      switch state {
      case .idle: "idle"
      case .saving: "saving"
      case .saved: "saved"
      case .failed(let message): "failed \"\(message)\""
      }
    }

    static func describe(_ calls: [RecordingHapticPlayer.Call]) -> String {
      if calls.isEmpty { return "none" }
      return calls.map { call in
        switch call {
        case .prepare(let succeeded): "prepare(\(succeeded ? "ok" : "failed"))"
        case .play(let pattern, let outcome): "play(\(pattern.fingerprint), \(outcome.rawValue))"
        }
      }.joined(separator: ", ")
    }
  }

  static let failureMessage = "The server is unreachable."

  static func run(_ scenario: String, contract: Automation.HapticContract, subject: Subject) -> Outcome {
    run(scenario, contract: contract, flow: Flow(subject: subject, scenario: scenario))
  }

  static func run(_ scenario: String, contract: Automation.HapticContract, flow: Flow) -> Outcome {
    let confirmation = contract.built
    func harness(supportsHaptics: Bool = true, player: RecordingHapticPlayer = RecordingHapticPlayer())
      -> Harness
    {
      Harness(flow: flow, confirmation: confirmation, supportsHaptics: supportsHaptics, player: player)
    }
    var problems: [String] = []
    let h: Harness
    switch scenario {
    case "haptic.contract":
      h = harness()
      for mismatch in contract.declared.mismatches(against: contract.built) {
        problems.append("savedConfirmation built from the matrix parameters: \(mismatch)")
      }
      for error in contract.declared.validate() { problems.append("declared pattern: \(error)") }
      h.tap()
      h.complete(.success)
      if let played = h.delivered.first {
        for mismatch in contract.declared.mismatches(against: played) {
          problems.append("played pattern \(played.fingerprint): \(mismatch)")
        }
      } else {
        problems.append("nothing was played after a successful save")
      }
    case "haptic.success":
      h = harness()
      h.tap()
      if h.playRequests > 0 {
        problems.append("a haptic was requested at tap time, before the save completed")
      }
      h.complete(.success)
      if h.flow.state != .saved { problems.append("\"saved\" is not shown after a successful save") }
      if h.playRequests != 1 || h.delivered != [confirmation] {
        problems.append("expected exactly one confirmation, found \(h.playRequests) play request(s)")
      }
    case "haptic.failure":
      h = harness()
      h.tap()
      h.complete(.failure(failureMessage))
      if h.flow.state != .failed(failureMessage) {
        problems.append("the error is not shown after a failed save")
      }
      if h.playRequests > 0 { problems.append("\(h.playRequests) haptic(s) requested for a failed save") }
    case "haptic.rapid-taps":
      h = harness()
      h.tap()
      h.tap()
      h.tap()
      while h.saver.pendingCount > 0 { h.complete(.success) }
      if h.saver.startedCount != 1 {
        problems.append("three rapid taps started \(h.saver.startedCount) saves")
      }
      if h.playRequests != 1 { problems.append("three rapid taps requested \(h.playRequests) haptics") }
    case "haptic.unsupported-hardware":
      // Like Core Haptics on an iPad: creating or starting the engine fails.
      h = harness(supportsHaptics: false, player: RecordingHapticPlayer(failsPrepare: true, failsPlay: true))
      h.tap()
      h.complete(.success)
      if h.flow.state != .saved { problems.append("\"saved\" is not shown on hardware without haptics") }
      if !h.player.calls.isEmpty {
        problems.append("the player was used on hardware without haptics (\(h.player.calls.count) call(s))")
      }
    case "haptic.playback-failure":
      h = harness(player: RecordingHapticPlayer(failsPlay: true))
      h.tap()
      h.complete(.success)
      if h.flow.state != .saved { problems.append("a playback error changed the save's outcome") }
      if h.flow.diagnostics.count != 1 {
        problems.append("expected one diagnostic for the playback error, found \(h.flow.diagnostics.count)")
      }
    case "haptic.engine-reset":
      h = harness()
      h.tap()
      h.complete(.success)
      h.act("engine reset") {
        h.player.invalidatePreparation()
        h.flow.engineDidReset()
      }
      h.tap()
      h.complete(.success)
      if h.delivered.count != 2 {
        problems.append("after an engine reset the second save's confirmation was not felt")
      }
    case "haptic.background-return":
      h = harness()
      h.tap()
      h.complete(.success)
      h.act("background and back") {
        h.flow.didEnterBackground()
        h.player.invalidatePreparation()
        h.flow.willEnterForeground()
      }
      h.tap()
      h.complete(.success)
      if h.delivered.count != 2 {
        problems.append("the first save after returning from background was not felt")
      }
    default:
      return Outcome(implementation: "", problems: ["unknown haptic scenario '\(scenario)'"], log: [])
    }
    return Outcome(implementation: h.implementation, problems: problems, log: h.log)
  }
}
