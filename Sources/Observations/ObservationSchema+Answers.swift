import YAMLDecoding

extension ObservationSchema {
  /// The spellings of the keys a tester's answer fills in, for writers outside this module that write
  /// an observation file themselves: the HTML checklist's script writes one in the browser.
  ///
  /// ```swift
  /// ObservationSchema.answerKeys.result   // "result"
  /// ```
  package struct AnswerKeys: Hashable, Sendable {
    /// `version`, the document's format version.
    package let version: String
    /// `observations`, the document's list of entries.
    package let observations: String
    /// `result`, one of `Outcome.recordable`.
    package let result: String
    /// `tester`, who observed.
    package let tester: String
    /// `time`, when (ISO 8601).
    package let time: String
    /// `os`, the exact OS version run.
    package let os: String
    /// `build`, the app build tested.
    package let build: String
    /// `note`, what was seen (for blocked, the reason).
    package let note: String
    /// `evidence`, a list of links.
    package let evidence: String
  }

  /// The keys an answer fills in, spelled as this schema spells them.
  package static let answerKeys = AnswerKeys(
    version: Key.version, observations: Key.observations, result: EntryKey.result,
    tester: EntryKey.tester, time: EntryKey.time, os: EntryKey.os, build: EntryKey.build,
    note: EntryKey.note, evidence: EntryKey.evidence)

  /// The `untested` entry a sheet holds for `item` before anyone fills it in: the keys qapass fills in
  /// (id, device, OS, text version, haptic pattern) with their values, and blanks for the answer, in the
  /// order a sheet writes them. A writer that answers an item starts from it, so the entry it writes
  /// ties the answer to the plan exactly as a sheet does.
  ///
  /// - Parameter item: The manual item.
  /// - Returns: A mapping node; blank values are plain empty scalars.
  package static func freshEntry(for item: ObservableItem) -> Node { SheetWriter.fresh(item) }
}
