#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Replaces files so that readers and crashes see either the old content or the new, never a mix.
///
/// `write` puts the bytes in a temporary file in the same directory, flushes it to the disk, renames it
/// over the target and flushes the directory. If anything fails, the old file is left as it was and the
/// temporary file is removed. A process killed mid-write leaves at most a stray `.NAME.tmp-…` file,
/// which ``removeStrayTemporaries(for:)`` clears (writers holding the file's lock call it).
///
/// ```swift
/// let report = "# Acceptance report\n\nVerdict: ACCEPTED\n"
/// try AtomicFile.write(Array(report.utf8), to: "out/report.md")
/// ```
package enum AtomicFile {
  /// Atomically replaces (or creates) the file at `path` with `bytes`.
  ///
  /// An existing file keeps its permission bits; a new one gets `0644` less the umask.
  ///
  /// - Parameters:
  ///   - bytes: The new content.
  ///   - path: The file to replace; its directory must exist.
  /// - Throws: ``FileSystemError`` (for example `cannot write 'out/report.md': Permission denied` for
  ///   a read-only directory); the old file is then intact.
  package static func write(_ bytes: [UInt8], to path: String) throws(FileSystemError) {
    let directory = FileIO.directory(of: path)
    var generator = SystemRandomNumberGenerator()
    let suffix = String(generator.next() as UInt64, radix: 36)
    let temporary = "\(directory)/\(temporaryPrefix(for: path))\(getpid())-\(suffix)"
    // The file's own mode, never that of what a link at `path` points at (the rename replaces a link).
    var info = stat()
    let mode: mode_t =
      lstat(path, &info) == 0 && info.st_mode & S_IFMT == S_IFREG ? info.st_mode & 0o7777 : 0o644
    // O_EXCL never opens what is there (a planted link included); O_NOFOLLOW says so on every system.
    let fd = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, mode)
    if fd < 0 { throw FileSystemError(operation: .write, path: path, code: errno) }
    var closed = false
    do throws(FileSystemError) {
      if mode != 0o644 { _ = fchmod(fd, mode) }
      try FileIO.writeAll(fd, bytes, path: path)
      try FileIO.sync(fd, path: path)
      closed = true
      if close(fd) != 0 { throw FileSystemError(operation: .write, path: path, code: errno) }
      if rename(temporary, path) != 0 { throw FileSystemError(operation: .write, path: path, code: errno) }
    } catch {
      if !closed { close(fd) }
      unlink(temporary)
      throw error
    }
    try syncDirectory(directory)
  }

  /// Writes `text` as UTF-8; see ``write(_:to:)-(_,_)``.
  package static func write(_ text: String, to path: String) throws(FileSystemError) {
    try write(Array(text.utf8), to: path)
  }

  /// Removes temporary files a killed writer left beside `path`.
  ///
  /// Call it only while holding the lock that all writers of `path` take, so no live writer's
  /// temporary file is removed.
  package static func removeStrayTemporaries(for path: String) {
    let directory = FileIO.directory(of: path)
    let prefix = temporaryPrefix(for: path)
    for name in FileIO.names(in: directory) where name.hasPrefix(prefix) {
      unlink("\(directory)/\(name)")
    }
  }

  /// `.NAME.tmp-`, the start of every temporary file for `path`.
  package static func temporaryPrefix(for path: String) -> String {
    ".\(FileIO.name(of: path)).tmp-"
  }

  /// Flushes a directory so a rename in it survives a power cut.
  package static func syncDirectory(_ directory: String) throws(FileSystemError) {
    let fd = open(directory, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
    if fd < 0 { throw FileSystemError(operation: .sync, path: directory, code: errno) }
    defer { close(fd) }
    try FileIO.sync(fd, path: directory)
  }
}
