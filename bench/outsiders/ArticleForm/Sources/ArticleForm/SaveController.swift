/// Why Core Haptics stopped the engine (`CHHapticEngine.StoppedReason`).
public enum HapticEngineStopReason: Hashable, Sendable {
  /// The audio session was interrupted.
  case audioSessionInterrupt
  /// The app was put into the background.
  case applicationSuspended
  /// The engine stopped after being idle.
  case idleTimeout
  /// A system error.
  case systemError
}

/// The haptic engine as the Save button uses it (a `CHHapticEngine` and its pattern player on a
/// device; a recorder in tests).
public protocol HapticEngine: AnyObject {
  /// `CHHapticEngine.capabilitiesForHardware().supportsHaptics`.
  var supportsHaptics: Bool { get }
  /// Called after the engine reset itself (`resetHandler`): it must be started again.
  var resetHandler: (() -> Void)? { get set }
  /// Called when the engine stopped for an external cause (`stoppedHandler`).
  var stoppedHandler: ((HapticEngineStopReason) -> Void)? { get set }
  /// `start()`.
  func start() throws
  /// Makes a player for `events` and starts it at once.
  func play(_ events: [HapticEvent]) throws
}

/// Saves the profile (the app's network layer).
public protocol ProfileSaving: AnyObject {
  /// Saves, then calls `completion` with `nil` or the error's message.
  func save(completion: @escaping (String?) -> Void)
}

/// The Save button: one save at a time, "Saved" or the error on screen, and the confirmation
/// haptic exactly once after each successful save.
///
/// Written from the articles with the corrections they state: taps while a save runs start nothing;
/// a failure plays nothing and the button works again; the engine is started before the first play
/// and again after a reset, a stop or a stay in the background; nothing plays while the app is in the
/// background; a haptic that fails is recorded and never changes what the screen shows.
///
/// ```swift
/// let save = SaveController(saver: api, engine: haptics)
/// save.saveTapped()   // status .saving; when the save succeeds: .saved, one confirmation
/// ```
public final class SaveController {
  /// What the status label shows.
  public enum Status: Hashable, Sendable {
    /// Nothing yet.
    case idle
    /// A save is running.
    case saving
    /// "Saved".
    case saved
    /// The save's error message.
    case failed(String)
  }

  /// What the status label shows.
  public private(set) var status = Status.idle
  /// Haptic problems, for the app's diagnostics (never the user's text).
  public private(set) var diagnostics: [String] = []
  private let saver: any ProfileSaving
  private let engine: any HapticEngine
  private let events: [HapticEvent]
  private var isSaving = false
  private var engineNeedsStart = true
  private var isInBackground = false

  /// Creates the controller and installs the engine's reset and stopped handlers.
  public init(
    saver: any ProfileSaving, engine: any HapticEngine, events: [HapticEvent] = confirmationEvents()
  ) {
    self.saver = saver
    self.engine = engine
    self.events = events
    engine.resetHandler = { [weak self] in self?.engineNeedsStart = true }
    engine.stoppedHandler = { [weak self] _ in self?.engineNeedsStart = true }
  }

  /// The Save button's action.
  public func saveTapped() {
    guard !isSaving else { return }
    isSaving = true
    status = .saving
    saver.save { [weak self] error in
      guard let self else { return }
      isSaving = false
      if let error {
        status = .failed(error)
        return
      }
      status = .saved
      playConfirmation()
    }
  }

  /// The app entered the background: Core Haptics stops the engine.
  public func didEnterBackground() {
    isInBackground = true
    engineNeedsStart = true
  }

  /// The app will enter the foreground.
  public func willEnterForeground() { isInBackground = false }

  private func playConfirmation() {
    guard engine.supportsHaptics, !isInBackground else { return }
    if engineNeedsStart {
      do {
        try engine.start()
        engineNeedsStart = false
      } catch {
        diagnostics.append("haptic engine did not start: \(error)")
      }
    }
    do {
      try engine.play(events)
    } catch {
      diagnostics.append("confirmation haptic did not play: \(error)")
    }
  }
}
