extension PackItem {
  /// What an item is about, spelled as qapass's report spells it (the scenario's channel): the word
  /// between `automated.` and the check in the JUnit classname `automated.composition.c1`.
  public enum Channel: String, Codable, Hashable, Sendable, CaseIterable {
    /// Text entry through input methods and the validator: the item replays a ``CompositionScript``.
    case composition
    /// The save confirmation's haptic feedback: the item replays a ``SaveFlowScript``.
    case haptics

    /// The channel of a check known only by its id (an item the pack could not export): `haptics`
    /// for `haptic.<name>`, the naming of every automated haptic check; `composition` otherwise.
    public init(check: String) {
      self = check.hasPrefix("haptic.") ? .haptics : .composition
    }
  }

  /// The item's channel, from what it replays: a composition script or a save-flow (haptic) script.
  public var channel: Channel {
    switch replay {
    case .composition: .composition
    case .saveFlow: .haptics
    }
  }
}
