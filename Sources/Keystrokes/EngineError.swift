internal import Diagnostics

/// Why an input-method engine could not be found, opened or run.
package enum EngineError: Error, Hashable, Sendable {
  /// No engine has this name; `available` lists the valid names, sorted.
  case unknownEngine(String, available: [String])
  /// The engine exists on this machine but is deliberately not offered, with the reason and an
  /// alternative.
  case unsupported(String, reason: String)
  /// The C library refused to open the engine or create an input context.
  case engineFailure(String, reason: String)
  /// This qapass was built without the input-method engines (the `Engines` package trait is off, as
  /// in the Mac build), so no engine can be opened at all.
  case notBuilt(String)

  /// One readable sentence (or two), quoting the name and listing what is valid.
  package var message: String {
    switch self {
    case .unknownEngine(let name, let available):
      Message.unknownEngine(name, available)
    case .unsupported(let name, let reason):
      "input method engine '\(name)' is not supported: \(reason)"
    case .engineFailure(let name, let reason):
      "input method engine '\(name)' failed: \(reason)"
    case .notBuilt(let name):
      "input method engine '\(name)' is not in this build: \(Message.notBuilt)"
    }
  }
}

extension EngineError: CustomStringConvertible {
  package var description: String { message }
}

extension EngineError {
  /// The name prefixes of the engine families (`m17n:zh-py`, `hangul:2`).
  package enum Family {
    package static let m17n = "m17n:"
    package static let hangul = "hangul:"
  }

  package enum Message {
    /// Why an engine-less build cannot type keystrokes, and what to do instead.
    package static let notBuilt =
      "qapass was built without the input-method engines (package trait 'Engines' off)"

    /// Suggests a close name, or sums up the families; the full list (about 200 names) is
    /// `qapass trace --list-engines`, not an error message.
    static func unknownEngine(_ name: String, _ available: [String]) -> String {
      let hint = suggestion(for: name, among: available)
      if !hint.isEmpty { return "unknown input method engine '\(name)'\(hint)" }
      let m17n = available.filter { $0.hasPrefix(Family.m17n) }.count
      let hangul = available.filter { $0.hasPrefix(Family.hangul) }
        .map { String($0.dropFirst(Family.hangul.count)) }
      return "unknown input method engine '\(name)'; expected 'anthy', "
        + "'hangul:<keyboard>' (\(hangul.joined(separator: ", "))) or "
        + "'m17n:<lang>-<name>' (\(m17n) input methods, such as 'm17n:zh-py'); "
        + "'qapass trace --list-engines' lists them all"
    }

    /// Did-you-mean, also for a name typed without its family prefix (`zh-py` for `m17n:zh-py`).
    static func suggestion(for name: String, among available: [String]) -> String {
      for prefix in [Family.m17n, Family.hangul] where available.contains(prefix + name) {
        return "; did you mean '\(prefix + name)'?"
      }
      return Suggestion.didYouMean(name, among: available)
    }
  }
}
