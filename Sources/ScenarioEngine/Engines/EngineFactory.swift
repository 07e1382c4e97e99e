import Keystrokes

#if Engines
  import InputMethods
#endif

/// Creates an input-method engine from its name (`m17n:zh-py`, `anthy`, `hangul:2`); injectable for
/// tests. Planning (keyboard traces, the engines' preflight), pack export and the automated run all
/// take one.
package typealias EngineFactory = @Sendable (String) throws(EngineError) -> any InputMethodEngine

/// The engines this build has: the one place automated keystrokes come from.
package enum BuiltInEngines {
  /// With the `Engines` package trait (the default) this is `InputMethodEngines.engine(named:)`, the
  /// real m17n-lib, Anthy and libhangul. Without it (the Mac build, libyaml alone) it is `nil`: items
  /// that type keystrokes are not run and are listed in ``RunReport/notRun``, unless they are
  /// replayed from a scenario pack exported where the engines are
  /// (``AutomatedRun/run(pack:plan:subject:fingerprint:)``).
  package static var factory: EngineFactory? {
    #if Engines
      return { name throws(EngineError) in try InputMethodEngines.engine(named: name) }
    #else
      return nil
    #endif
  }
}
