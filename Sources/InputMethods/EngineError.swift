internal import Diagnostics

/// Why an input-method engine could not be found, opened or run.
public enum EngineError: Error, Hashable, Sendable {
  /// No engine has this name; `available` lists the valid names, sorted.
  case unknownEngine(String, available: [String])
  /// The engine exists on this machine but is deliberately not offered, with the reason and an
  /// alternative.
  case unsupported(String, reason: String)
  /// The C library refused to open the engine or create an input context.
  case engineFailure(String, reason: String)

  /// One readable sentence (or two), quoting the name and listing what is valid.
  public var message: String {
    switch self {
    case .unknownEngine(let name, let available):
      Message.unknownEngine(name, available)
    case .unsupported(let name, let reason):
      "input method engine '\(name)' is not supported: \(reason)"
    case .engineFailure(let name, let reason):
      "input method engine '\(name)' failed: \(reason)"
    }
  }
}

extension EngineError: CustomStringConvertible {
  public var description: String { message }
}

extension EngineError {
  enum Message {
    /// Suggests a close name, or sums up the families; the full list (about 200 names) is
    /// `qapass trace --list-engines`, not an error message.
    static func unknownEngine(_ name: String, _ available: [String]) -> String {
      let hint = suggestion(for: name, among: available)
      if !hint.isEmpty { return "unknown input method engine '\(name)'\(hint)" }
      let m17n = available.filter { $0.hasPrefix(M17NEngine.prefix) }.count
      let hangul = available.filter { $0.hasPrefix(HangulEngine.prefix) }
        .map { String($0.dropFirst(HangulEngine.prefix.count)) }
      return "unknown input method engine '\(name)'; expected 'anthy', "
        + "'hangul:<keyboard>' (\(hangul.joined(separator: ", "))) or "
        + "'m17n:<lang>-<name>' (\(m17n) input methods, such as 'm17n:zh-py'); "
        + "'qapass trace --list-engines' lists them all"
    }

    /// Did-you-mean, also for a name typed without its family prefix (`zh-py` for `m17n:zh-py`).
    static func suggestion(for name: String, among available: [String]) -> String {
      for prefix in [M17NEngine.prefix, HangulEngine.prefix] where available.contains(prefix + name) {
        return "; did you mean '\(prefix + name)'?"
      }
      return Suggestion.didYouMean(name, among: available)
    }
  }
}
