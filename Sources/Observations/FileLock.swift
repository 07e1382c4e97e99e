#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// An exclusive `flock` on a lock file, held until ``unlock()`` or deinit.
///
/// The kernel drops the lock when the process dies, even by `SIGKILL`, so a crashed writer never leaves
/// the file locked. The lock file itself is never deleted: removing it would let two writers lock two
/// different files of the same name.
final class FileLock {
  private var fd: Int32

  /// Opens (creating if needed) `path` and waits for an exclusive lock on it.
  init(path: String) throws(FileSystemError) {
    fd = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o644)
    if fd < 0 { throw FileSystemError(operation: .lock, path: path, code: errno) }
    while flock(fd, LOCK_EX) != 0 {
      if errno == EINTR { continue }
      let code = errno
      close(fd)
      fd = -1
      throw FileSystemError(operation: .lock, path: path, code: code)
    }
  }

  /// The short text the last lock holder left in the lock file (empty when none or unreadable).
  ///
  /// Writers use it as a cache: a note is only a hint, so a torn or stale one costs time, never data.
  func note() -> String {
    guard fd >= 0 else { return "" }
    var buffer = [UInt8](repeating: 0, count: 256)
    let count = buffer.withUnsafeMutableBytes { pread(fd, $0.baseAddress, $0.count, 0) }
    guard count > 0 else { return "" }
    return String(decoding: buffer[0..<count], as: UTF8.self)
  }

  /// Replaces the note in the lock file (best effort; not flushed to the disk).
  func setNote(_ note: String) {
    guard fd >= 0 else { return }
    let bytes = Array(note.utf8.prefix(256))
    _ = ftruncate(fd, 0)
    _ = bytes.withUnsafeBytes { pwrite(fd, $0.baseAddress, $0.count, 0) }
  }

  /// Releases the lock.
  func unlock() {
    guard fd >= 0 else { return }
    close(fd)
    fd = -1
  }

  deinit { unlock() }

  /// The lock file qapass uses for `path`: a hidden `.NAME.lock` beside it, so checklists and
  /// observation folders list only what people read.
  static func path(for path: String) -> String {
    guard let slash = path.lastIndex(of: "/") else { return ".\(path).lock" }
    return path[...slash] + "." + path[path.index(after: slash)...] + ".lock"
  }
}
