// `AtomicFile`, `FileLock` and `FileSystemError` live in Effects, beside the `FileSystem` seam, since every
// output uses them; Observations' API speaks of them (`ObservationFileError.fileSystem`), so code that
// imports Observations sees them too.
@_exported import Effects
