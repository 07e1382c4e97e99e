/// A feature in reducer style: its state, the actions that change it, and the effects a change asks
/// for, which the store runs.
public protocol Reducer {
  /// What the screen shows.
  associatedtype State
  /// What can happen.
  associatedtype Action
  /// What the feature asks the outside world to do.
  associatedtype Effect

  /// Applies `action` to `state` and returns the effects to run, in order. Pure: no I/O, no clock.
  static func reduce(_ state: inout State, _ action: Action) -> [Effect]
}

/// Holds a feature's state, applies actions, and runs the effects they return through `run`, which
/// may send further actions (at once or later, as a scheduler decides).
///
/// ```swift
/// let store = Store<SaveFeature>(initial: SaveFeature.State()) { effect, send in … }
/// store.send(.saveTapped)
/// ```
public final class Store<Feature: Reducer> {
  /// The current state.
  public private(set) var state: Feature.State
  private let run: (Feature.Effect, _ send: @escaping (Feature.Action) -> Void) -> Void
  private var queue: [Feature.Action] = []
  private var isSending = false

  /// Creates a store in state `initial` whose effects `run` performs.
  public init(
    initial: Feature.State,
    run: @escaping (Feature.Effect, _ send: @escaping (Feature.Action) -> Void) -> Void
  ) {
    state = initial
    self.run = run
  }

  /// Applies `action`, then every action its effects send synchronously, in order.
  public func send(_ action: Feature.Action) {
    queue.append(action)
    guard !isSending else { return }
    isSending = true
    defer { isSending = false }
    while !queue.isEmpty {
      let next = queue.removeFirst()
      for effect in Feature.reduce(&state, next) {
        run(effect) { [weak self] action in self?.send(action) }
      }
    }
  }
}
