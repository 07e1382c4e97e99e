import Diagnostics
import Effects

/// Why qapass did not write an observation records file or sheet; nothing was changed.
package enum ObservationFileError: Error, Hashable, Sendable, CustomStringConvertible {
  /// The existing file does not read as an observation file; it was left as it is. Each diagnostic
  /// has the path and, where known, line and column.
  case malformed([Diagnostic])
  /// The observation to append is not acceptable (an empty item id or tester, an `untested` result).
  case invalidObservation(String)
  /// The file system refused to read, lock or write.
  case fileSystem(FileSystemError)

  /// The problem as diagnostics, for `DiagnosticRenderer`.
  package var diagnostics: [Diagnostic] {
    switch self {
    case .malformed(let diagnostics): diagnostics
    case .invalidObservation(let message):
      [Diagnostic(.error, path: "<observation>", location: nil, message: message)]
    case .fileSystem(let error): [error.diagnostic]
    }
  }

  /// The first diagnostic's one-line form.
  package var description: String {
    switch self {
    case .malformed(let diagnostics): diagnostics.first?.description ?? "malformed observation file"
    case .invalidObservation(let message): message
    case .fileSystem(let error): error.description
    }
  }
}
