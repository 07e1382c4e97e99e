#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// An exclusive lock held by one writer of a file, with a short note for the next writer.
///
/// ``LocalFileSystem`` hands out ``FileLock``; ``InMemoryFileSystem`` its own.
package protocol FileLocking: AnyObject {
  /// The short text the last lock holder left (empty when none).
  func note() -> String
  /// Replaces the note (best effort).
  func setNote(_ note: String)
  /// Releases the lock; the lock file is removed when it holds no note, so folders hold only what
  /// people read.
  func unlock()
}

/// An exclusive `flock` on a lock file, held until ``unlock()`` or deinit.
///
/// The kernel drops the lock when the process dies, even by `SIGKILL`, so a crashed writer never leaves
/// the file locked. A lock file without a note is removed on unlock, race-free: a writer that locked a
/// file since unlinked (its inode no longer the one at the path) lets go and locks the new one, so two
/// writers never hold locks on two different files of the same name.
package final class FileLock: FileLocking {
  private var fd: Int32
  private let path: String

  /// Opens (creating if needed) `path` and waits for an exclusive lock on it.
  ///
  /// The lock file is never opened through a symbolic link (`O_NOFOLLOW`) and must be a regular file
  /// with one name: its note is written into it, so a link or a hard link planted at its path (to a
  /// file of the repository, or to nothing) would have qapass write where the planter chose.
  ///
  /// - Throws: ``FileSystemError``, with a plain refusal naming the link and its target.
  package init(path: String) throws(FileSystemError) {
    self.path = path
    fd = -1
    while true {
      fd = open(path, O_RDWR | O_CREAT | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC, 0o644)
      if fd < 0 {
        let code = errno
        if code == ELOOP, let target = FileIO.linkTarget(path) {
          throw FileSystemError(operation: .lock, path: path, refusal: LinkRefusal.link(to: target))
        }
        throw FileSystemError(operation: .lock, path: path, code: code)
      }
      var opened = stat()
      let refusal: String? =
        if fstat(fd, &opened) != 0 {
          String(cString: strerror(errno))
        } else if opened.st_mode & S_IFMT != S_IFREG {
          "is \(LocalFileSystem.kind(opened.st_mode).rawValue), not a regular file; remove it"
        } else if opened.st_nlink > 1 {
          LinkRefusal.hardLinks(Int(opened.st_nlink))
        } else {
          nil
        }
      if let refusal {
        close(fd)
        fd = -1
        throw FileSystemError(operation: .lock, path: path, refusal: refusal)
      }
      while flock(fd, LOCK_EX) != 0 {
        if errno == EINTR { continue }
        let code = errno
        close(fd)
        fd = -1
        throw FileSystemError(operation: .lock, path: path, code: code)
      }
      // The previous holder may have removed the file between our open and our lock.
      var held = stat()
      var current = stat()
      if fstat(fd, &held) == 0, lstat(path, &current) == 0, held.st_ino == current.st_ino,
        held.st_dev == current.st_dev
      {
        return
      }
      close(fd)
      fd = -1
    }
  }

  package func note() -> String {
    guard fd >= 0 else { return "" }
    var buffer = [UInt8](repeating: 0, count: 256)
    let count = buffer.withUnsafeMutableBytes { pread(fd, $0.baseAddress, $0.count, 0) }
    guard count > 0 else { return "" }
    return String(decoding: buffer[0..<count], as: UTF8.self)
  }

  /// Replaces the note in the lock file (best effort; not flushed to the disk).
  package func setNote(_ note: String) {
    guard fd >= 0 else { return }
    let bytes = Array(note.utf8.prefix(256))
    _ = ftruncate(fd, 0)
    _ = bytes.withUnsafeBytes { pwrite(fd, $0.baseAddress, $0.count, 0) }
  }

  package func unlock() {
    guard fd >= 0 else { return }
    var info = stat()
    if fstat(fd, &info) == 0, info.st_size == 0 { unlink(path) }
    close(fd)
    fd = -1
  }

  deinit { unlock() }

  /// The lock file qapass uses for `path`: a hidden `.NAME.lock` beside it.
  package static func path(for path: String) -> String {
    guard let slash = path.lastIndex(of: "/") else { return ".\(path).lock" }
    return path[...slash] + "." + path[path.index(after: slash)...] + ".lock"
  }
}
