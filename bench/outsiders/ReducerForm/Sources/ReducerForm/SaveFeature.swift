/// The "Place order" button as a reducer: one save at a time, the result on screen, and the
/// confirmation haptic once per successful save, requested only after the save succeeded, only in the
/// foreground, only on hardware that has haptics; the engine is started again before the next play
/// after a reset, a stop or the background. Haptic failures never change the result on screen.
public enum SaveFeature: Reducer {
  /// What the screen shows.
  public enum Status: Hashable, Sendable {
    /// Nothing yet.
    case idle
    /// Saving.
    case saving
    /// Saved.
    case saved
    /// The save's error.
    case failed(String)
  }

  /// The feature's state.
  public struct State: Hashable, Sendable {
    /// What the screen shows.
    public var status = Status.idle
    /// Whether a save is running.
    public var isSaving = false
    /// Whether the hardware plays haptics.
    public var supportsHaptics: Bool
    /// Whether the engine is started and has not been reset or stopped since.
    public var engineRunning = false
    /// Whether the app is in the foreground.
    public var isActive = true
    /// How many haptic problems were met (kept for diagnostics).
    public var hapticProblems = 0

    /// A fresh screen.
    public init(supportsHaptics: Bool) { self.supportsHaptics = supportsHaptics }
  }

  /// What can happen.
  public enum Action: Hashable, Sendable {
    /// The button was tapped.
    case saveTapped
    /// The save finished: `nil` or the error's message.
    case saveFinished(error: String?)
    /// The engine reset or stopped.
    case engine(EngineNotice)
    /// The app went to the background.
    case didEnterBackground
    /// The app came back.
    case willEnterForeground
    /// Starting the engine failed.
    case engineStartFailed
    /// Playing failed.
    case playFailed
  }

  /// What the feature asks for.
  public enum Effect: Hashable, Sendable {
    /// Save the order.
    case save
    /// Start the engine (when `startFirst`), then play the confirmation.
    case confirm(startFirst: Bool)
  }

  public static func reduce(_ state: inout State, _ action: Action) -> [Effect] {
    switch action {
    case .saveTapped:
      guard !state.isSaving else { return [] }
      state.isSaving = true
      state.status = .saving
      return [.save]
    case .saveFinished(let error):
      state.isSaving = false
      if let error {
        state.status = .failed(error)
        return []
      }
      state.status = .saved
      guard state.supportsHaptics, state.isActive else { return [] }
      let startFirst = !state.engineRunning
      state.engineRunning = true
      return [.confirm(startFirst: startFirst)]
    case .engine:
      state.engineRunning = false
      return []
    case .didEnterBackground:
      state.isActive = false
      state.engineRunning = false
      return []
    case .willEnterForeground:
      state.isActive = true
      return []
    case .engineStartFailed:
      state.engineRunning = false
      state.hapticProblems += 1
      return []
    case .playFailed:
      state.hapticProblems += 1
      return []
    }
  }
}

/// Where orders go (the app's API client).
public protocol OrderSaving: AnyObject {
  /// Saves, then calls `completion` with `nil` or the error's message.
  func save(completion: @escaping (String?) -> Void)
}

/// The save screen: the store, and its effects run against the saver and the haptics client.
///
/// ```swift
/// let screen = SaveScreen(saver: api, haptics: .live)
/// screen.store.send(.saveTapped)
/// ```
public final class SaveScreen {
  /// The screen's store.
  public private(set) var store: Store<SaveFeature>!

  /// Creates the screen and subscribes to the engine's notices.
  public init(saver: any OrderSaving, haptics: HapticsClient, events: [HapticEvent] = confirmationEvents()) {
    store = Store(initial: SaveFeature.State(supportsHaptics: haptics.supportsHaptics)) { effect, send in
      switch effect {
      case .save:
        saver.save { error in send(.saveFinished(error: error)) }
      case .confirm(let startFirst):
        if startFirst {
          do { try haptics.start() } catch { send(.engineStartFailed) }
        }
        do { try haptics.play(events) } catch { send(.playFailed) }
      }
    }
    haptics.onNotice(.reset) { [weak self] in self?.store.send(.engine(.reset)) }
    haptics.onNotice(.stopped) { [weak self] in self?.store.send(.engine(.stopped)) }
  }
}
