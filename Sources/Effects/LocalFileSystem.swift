#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The real file system, through POSIX calls that retry on `EINTR`.
///
/// Writes are atomic (``AtomicFile``), locks are `flock` on a hidden `.NAME.lock` beside the file
/// (``FileLock``). Paths are used as given; callers make them absolute.
package struct LocalFileSystem: FileSystem, Sendable {
  /// Creates the real file system.
  package init() {}

  package func kind(of path: String, followingLinks: Bool) -> FileKind? {
    var info = stat()
    let status = followingLinks ? stat(path, &info) : lstat(path, &info)
    guard status == 0 else { return nil }
    return Self.kind(info.st_mode)
  }

  static func kind(_ mode: mode_t) -> FileKind {
    switch mode & S_IFMT {
    case S_IFREG: .regular
    case S_IFDIR: .directory
    case S_IFIFO: .fifo
    case S_IFCHR: .characterDevice
    case S_IFBLK: .blockDevice
    case S_IFSOCK: .socket
    case S_IFLNK: .symbolicLink
    default: .other
    }
  }

  package func attributes(of path: String) -> FileAttributes? {
    var info = stat()
    guard stat(path, &info) == 0 else { return nil }
    #if canImport(Darwin)
      let (seconds, nanoseconds) = (Int64(info.st_mtimespec.tv_sec), Int64(info.st_mtimespec.tv_nsec))
    #else
      let (seconds, nanoseconds) = (Int64(info.st_mtim.tv_sec), Int64(info.st_mtim.tv_nsec))
    #endif
    return FileAttributes(
      size: Int(info.st_size), modificationTime: seconds,
      revision: [nanoseconds, Int64(bitPattern: UInt64(info.st_ino))])
  }

  package func resolvingLinks(_ path: String) -> String? {
    guard let resolved = realpath(path, nil) else { return nil }
    defer { free(resolved) }
    return String(cString: resolved)
  }

  package func linkTarget(_ path: String) -> String? { FileIO.linkTarget(path) }

  package func readBytes(_ path: String, limit: Int, followingLinks: Bool) throws(FileSystemError) -> [UInt8]?
  {
    let fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK | (followingLinks ? 0 : O_NOFOLLOW))
    if fd < 0 {
      if errno == ENOENT { return nil }
      let code = errno
      if code == ELOOP, !followingLinks, let target = FileIO.linkTarget(path) {
        throw FileSystemError(operation: .read, path: path, refusal: LinkRefusal.link(to: target))
      }
      throw FileSystemError(operation: .read, path: path, code: code)
    }
    defer { close(fd) }
    var info = stat()
    guard fstat(fd, &info) == 0 else { throw FileSystemError(operation: .read, path: path, code: errno) }
    let kind = Self.kind(info.st_mode)
    if kind == .directory { throw FileSystemError(operation: .read, path: path, code: EISDIR) }
    guard kind == .regular else {
      throw FileSystemError(operation: .read, path: path, refusal: "is \(kind.rawValue), not a regular file")
    }
    // The size fstat gives is read straight into the array; anything the file has beyond it (it grew)
    // follows in chunks, up to one byte over the limit.
    var failure: Int32 = 0
    var bytes = [UInt8](unsafeUninitializedCapacity: min(limit + 1, max(0, Int(info.st_size)))) {
      buffer, count in
      while count < buffer.count {
        let read = read(fd, buffer.baseAddress! + count, buffer.count - count)
        if read < 0 && errno == EINTR { continue }
        if read < 0 { failure = errno }
        if read <= 0 { break }
        count += read
      }
    }
    if failure != 0 { throw FileSystemError(operation: .read, path: path, code: failure) }
    var chunk = [UInt8](repeating: 0, count: 1 << 16)
    while bytes.count <= limit {
      let want = min(chunk.count, limit + 1 - bytes.count)
      let count = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, want) }
      if count < 0 {
        if errno == EINTR { continue }
        throw FileSystemError(operation: .read, path: path, code: errno)
      }
      if count == 0 { break }
      bytes.append(contentsOf: chunk[0..<count])
    }
    return bytes
  }

  package func writeAtomically(_ bytes: [UInt8], to path: String) throws(FileSystemError) {
    try AtomicFile.write(bytes, to: path)
  }

  package func append(_ bytes: [UInt8], to path: String) throws(FileSystemError) {
    let fd = open(path, O_WRONLY | O_APPEND | O_NOFOLLOW | O_CLOEXEC | O_NOCTTY | O_NONBLOCK)
    if fd < 0 { throw FileSystemError(operation: .write, path: path, code: errno) }
    defer { close(fd) }
    var info = stat()
    guard fstat(fd, &info) == 0, info.st_mode & S_IFMT == S_IFREG else {
      throw FileSystemError(operation: .write, path: path, refusal: "is not a regular file to append to")
    }
    // Appending in place would write into the file's other names too.
    if info.st_nlink > 1 {
      throw FileSystemError(
        operation: .write, path: path, refusal: LinkRefusal.hardLinks(Int(info.st_nlink), of: .store))
    }
    do throws(FileSystemError) {
      try FileIO.writeAll(fd, bytes, path: path)
      if fsync(fd) != 0 { throw FileSystemError(operation: .write, path: path, code: errno) }
    } catch {
      // What was written of `bytes` is taken back: the file is as it was.
      _ = ftruncate(fd, info.st_size)
      throw error
    }
  }

  package func writeThrough(_ bytes: [UInt8], to path: String) throws(FileSystemError) {
    // O_NONBLOCK first: opening a FIFO nobody reads fails (ENXIO) instead of waiting forever.
    let fd = open(path, O_WRONLY | O_APPEND | O_NONBLOCK | O_CLOEXEC | O_NOCTTY)
    if fd < 0 {
      if errno == ENXIO {
        throw FileSystemError(operation: .write, path: path, refusal: "is a FIFO that no process is reading")
      }
      throw FileSystemError(operation: .write, path: path, code: errno)
    }
    defer { close(fd) }
    let flags = fcntl(fd, F_GETFL)
    if flags >= 0 { _ = fcntl(fd, F_SETFL, flags & ~O_NONBLOCK) }
    try FileIO.writeAll(fd, bytes, path: path)
  }

  package func lock(for path: String) throws(FileSystemError) -> any FileLocking {
    try FileLock(path: FileLock.path(for: path))
  }

  package func removeStrayTemporaries(for path: String) {
    AtomicFile.removeStrayTemporaries(for: path)
  }

  package func names(in path: String) -> [String]? {
    guard kind(of: path, followingLinks: true) == .directory else { return nil }
    return FileIO.names(in: path).filter { $0 != "." && $0 != ".." }
  }

  package func createFolder(_ path: String) throws(FileSystemError) {
    if mkdir(path, 0o755) != 0 { throw FileSystemError(operation: .create, path: path, code: errno) }
  }
}
