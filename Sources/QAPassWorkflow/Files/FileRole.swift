/// What one use case does with one file: reads it, writes it, or reads, changes and writes it back.
///
/// Every use case declares the role of each file it touches before it touches any (see
/// ``FileRoles``), and the file layer decides from those declarations alone, never from the order of
/// the reads and writes, what may be written where: an output never replaces an input of the same
/// command, and a store is the one kind of file a command both reads and writes.
///
/// | role | files | what qapass does |
/// | --- | --- | --- |
/// | input | the matrix, a scenario pack, harness results, test results, observation files of `report` | reads it; nothing the command writes may replace it |
/// | output | checklists, the report files, `run --json/--junit`, a pack | writes it atomically (or through a stream) |
/// | store | the records file of `record` and the ingests, the sheets of `checklist` and `pass`, a pairwise plan's `cells.jsonl`, the previous `report.json` in the report folder | reads it, then writes it back: records and sheets under their lock, the others replaced atomically |
package enum FileRole: String, Hashable, Sendable {
  /// Read only.
  case input
  /// Written only.
  case output
  /// Read, changed and written back by the same use case.
  case store
}
