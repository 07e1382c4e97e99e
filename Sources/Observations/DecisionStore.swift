import Diagnostics
import Effects
import YAMLDecoding

/// Appends decisions to a decisions file (``DecisionSchema``), as ``ObservationStore`` appends
/// observations: under the exclusive lock every writer of the file takes, after checking the whole
/// file, written to a temporary file and renamed over it, so a decision is acknowledged only once it
/// is on disk and concurrent writers never lose one another's.
///
/// The file is written canonically (a header, then every decision in order): it is qapass's own.
/// A file that does not read as decisions is never overwritten.
///
/// ```swift
/// let retirement = Decision(
///   action: .retire, itemID: "manual.haptic.h1.iphone-16e.26.x", by: "lead", time: .now(),
///   reason: "recorded on the wrong phone")
/// try DecisionStore.append([retirement], to: "observations/decisions.yaml")
/// ```
package enum DecisionStore {
  /// Appends `decisions`, in order, under one lock, creating the file if needed.
  ///
  /// - Throws: ``ObservationFileError``: `.invalidObservation` for a decision with a
  ///   ``Decision/problem``, `.malformed` when the existing file does not read as decisions (it is left
  ///   untouched), `.fileSystem` when it cannot be locked, read or written.
  package static func append(
    _ decisions: [Decision], to path: String, files: any FileSystem = LocalFileSystem()
  ) throws(ObservationFileError) {
    for decision in decisions {
      if let problem = decision.problem { throw .invalidObservation(problem) }
    }
    let (lock, existing) = try ObservationStore.locked(path, files: files, kind: "a decisions file")
    defer { lock.unlock() }
    let file = DecisionFile.read(existing, path: path)
    if file.hasErrors { throw .malformed(file.diagnostics) }
    let text: String
    do {
      text = try render(file.entries.map(\.decision) + decisions)
    } catch {
      throw .invalidObservation("cannot write the decision as YAML: \(error)")
    }
    do { try files.writeAtomically(Array(text.utf8), to: path) } catch { throw .fileSystem(error) }
  }

  /// The text of a decisions file holding `decisions`, deterministic for the same input.
  static func render(_ decisions: [Decision]) throws(YAMLEmitterError) -> String {
    var out = header + "version: \(DecisionSchema.version)\n"
    if decisions.isEmpty { return out + "decisions: []\n" }
    out += "decisions:\n"
    for decision in decisions { out += try EntryText.render(decision.node) }
    return out
  }

  static let header = """
    # qapass decisions (format version 1), appended by 'qapass retire', 'qapass waive' and 'qapass defect'.
    # Each entry is one decision about an item's results; none is ever removed. The audit log beside it
    # says who ran which command.

    """
}
