/// The files qapass reads and writes, behind one seam so commands run against the disk or in memory.
///
/// ``LocalFileSystem`` is the real one; ``InMemoryFileSystem`` is for tests. The primitives are small;
/// what qapass decides about paths (which outputs may be replaced, written through or refused) is
/// written once, in the extensions, over these primitives, so both implementations behave alike.
///
/// ```swift
/// let xml = #"<?xml version="1.0" encoding="UTF-8"?>\n<testsuites tests="0"/>\n"#
/// let files: any FileSystem = LocalFileSystem()
/// let destination = try files.outputDestination(for: "reports/junit.xml", createFolders: false)
/// try files.writeOutput(Array(xml.utf8), to: destination)
/// ```
package protocol FileSystem {
  /// What is at `path`, or `nil` when nothing is.
  ///
  /// - Parameter followingLinks: Whether a symbolic link reports what it points at (`stat`) or
  ///   ``FileKind/symbolicLink`` (`lstat`).
  func kind(of path: String, followingLinks: Bool) -> FileKind?

  /// The size in bytes and the modification time (whole seconds since 1970) of the file at `path`.
  func attributes(of path: String) -> FileAttributes?

  /// The file a symbolic link finally points at (every link in the chain followed), or `nil` when
  /// the chain ends nowhere.
  func resolvingLinks(_ path: String) -> String?

  /// What the symbolic link at `path` holds (`readlink`), or `nil` when `path` is not a link.
  func linkTarget(_ path: String) -> String?

  /// Reads at most `limit + 1` bytes of the regular file at `path`, so a caller can tell it is over
  /// `limit`; `nil` when nothing is there.
  ///
  /// - Parameter followingLinks: Whether a symbolic link at `path` is read through; a store qapass
  ///   writes back (a records file, a sheet) is read with `false`, so a planted link is refused.
  /// - Throws: ``FileSystemError`` when it cannot be opened or read, or is a link not to be followed.
  func readBytes(_ path: String, limit: Int, followingLinks: Bool) throws(FileSystemError) -> [UInt8]?

  /// Replaces (or creates) the file at `path` so that readers and crashes see either the old content
  /// or the new, never a mix (a temporary file, synced, renamed over it).
  ///
  /// - Throws: ``FileSystemError``; the old file is then intact.
  func writeAtomically(_ bytes: [UInt8], to path: String) throws(FileSystemError)

  /// Adds `bytes` at the end of the existing regular file at `path` (a link there is refused), synced
  /// to the disk before it returns; call it only while holding the lock of `path`.
  ///
  /// Unlike ``writeAtomically(_:to:)`` it writes only the new bytes, so its cost does not grow with the
  /// file. A failed write is undone (the file cut back to its size before), but a process killed in
  /// the middle of the write may leave part of `bytes` there: the caller notes what it is adding in
  /// the lock first, so the next writer can tell.
  ///
  /// - Throws: ``FileSystemError`` when there is no regular file at `path` or it cannot be written.
  func append(_ bytes: [UInt8], to path: String) throws(FileSystemError)

  /// Writes `bytes` through an existing FIFO or character device (or a `/dev/fd` stream), never
  /// replacing it.
  ///
  /// - Throws: ``FileSystemError``, also when a FIFO has no reader (it would block forever).
  func writeThrough(_ bytes: [UInt8], to path: String) throws(FileSystemError)

  /// Waits for the exclusive lock every writer of `path` takes (a hidden `.NAME.lock` beside it).
  func lock(for path: String) throws(FileSystemError) -> any FileLocking

  /// Removes temporary files a killed writer left beside `path`; call it only while holding the lock
  /// of `path`.
  func removeStrayTemporaries(for path: String)

  /// The names in folder `path` (hidden ones included), or `nil` when it cannot be listed.
  func names(in path: String) -> [String]?

  /// Creates one folder (its parent must exist).
  ///
  /// - Throws: ``FileSystemError`` (`EEXIST` when something is already there).
  func createFolder(_ path: String) throws(FileSystemError)
}

extension FileSystem {
  /// Reads at most `limit + 1` bytes of the regular file at `path`, through a symbolic link; see
  /// ``readBytes(_:limit:followingLinks:)``.
  package func readBytes(_ path: String, limit: Int) throws(FileSystemError) -> [UInt8]? {
    try readBytes(path, limit: limit, followingLinks: true)
  }
}

/// What a path names.
///
/// The raw value is how messages name it: `a FIFO`, `a block device`.
package enum FileKind: String, Hashable, Sendable {
  /// A plain file, the only kind qapass replaces.
  case regular = "a regular file"
  /// A folder.
  case directory = "a folder"
  /// A named pipe: written through when a process reads it.
  case fifo = "a FIFO"
  /// A terminal, `/dev/null`, `/dev/full`: written through, never replaced.
  case characterDevice = "a character device"
  /// A disk: never written.
  case blockDevice = "a block device"
  /// A socket: never written.
  case socket = "a socket"
  /// A symbolic link (only when links are not followed).
  case symbolicLink = "a symbolic link"
  /// Anything else the system reports.
  case other = "a special file"
}

/// The size and modification time of a file. Only the file systems in Effects create one.
package struct FileAttributes: Hashable, Sendable {
  /// The size in bytes.
  package var size: Int
  /// The modification time, whole seconds since 1970-01-01T00:00:00Z.
  package var modificationTime: Int64
  /// What else tells one version of the file from another written in the same second with the same
  /// size: the nanoseconds of its modification time and its inode (an atomic write makes a new one);
  /// 0 where the file system has none.
  package var revision: [Int64] = []
}
