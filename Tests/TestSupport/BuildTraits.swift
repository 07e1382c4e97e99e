import Testing

/// What this build of qapass has, for tests that only apply to some builds.
public enum BuildTraits {
  /// Whether the input-method engines are built in (the `Engines` package trait, on by default; off in
  /// the Mac build, `swift build --disable-default-traits`).
  public static let hasEngines: Bool = {
    #if Engines
      return true
    #else
      return false
    #endif
  }()
}

extension Trait where Self == ConditionTrait {
  /// Runs the test only in a build with the input-method engines: it types keystrokes into them.
  public static var needsEngines: Self {
    .enabled(
      if: BuildTraits.hasEngines, "types keystrokes into the input-method engines (package trait 'Engines')")
  }

  /// Runs the test only in the build without the engines (the Mac build).
  public static var withoutEngines: Self {
    .enabled(if: !BuildTraits.hasEngines, "checks the build without the input-method engines")
  }
}
