#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A file system in memory, for tests: files, folders, symbolic links, FIFOs and devices as values.
///
/// Paths are absolute and written plainly (no `.` or `..`). Writes behave like ``LocalFileSystem``'s:
/// an atomic write replaces whatever the rename would replace, so a test can show that qapass never
/// asks it to replace a device; a write through a FIFO without a reader, or to a full device, fails.
///
/// ```swift
/// let files = InMemoryFileSystem(["/work/out": .folder, "/work/out/log": .fifo(hasReader: true)])
/// let bytes = Array("saved\n".utf8)
/// try files.writeOutput(bytes, to: files.outputDestination(for: "/work/out/log", createFolders: false))
/// files.received("/work/out/log")  // the bytes written through
/// ```
package final class InMemoryFileSystem: FileSystem, @unchecked Sendable {
  /// One entry.
  package enum Entry: Hashable, Sendable {
    /// A regular file and its bytes.
    case file([UInt8])
    /// A folder; its entries are the paths below it.
    case folder
    /// A symbolic link to a path (relative ones from the link's folder).
    case link(to: String)
    /// A FIFO; without a reader, writing through it fails as opening one with `O_NONBLOCK` does.
    case fifo(hasReader: Bool)
    /// A character device; a full one (`/dev/full`) refuses every write with `ENOSPC`.
    case device(full: Bool)
    /// A disk.
    case blockDevice
    /// A socket.
    case socket
  }

  private var entries: [String: Entry]
  private var streams: [String: [UInt8]] = [:]
  private var notes: [String: String] = [:]
  private var modificationTimes: [String: Int64] = [:]
  private let lock = PosixMutex()

  /// Creates a file system holding `entries` (and `/`).
  package init(_ entries: [String: Entry] = [:]) {
    self.entries = entries
    self.entries["/"] = .folder
  }

  /// The entry at `path`, not following links.
  package subscript(path: String) -> Entry? {
    get { lock.locked { entries[path] } }
    set { lock.locked { entries[path] = newValue } }
  }

  /// The content of the regular file at `path`, as text.
  package func text(_ path: String) -> String? {
    guard case .file(let bytes)? = self[path] else { return nil }
    return String(decoding: bytes, as: UTF8.self)
  }

  /// What was written through the FIFO or device at `path`.
  package func received(_ path: String) -> [UInt8] { lock.locked { streams[path] ?? [] } }

  /// Sets the modification time ``attributes(of:)`` reports for `path`.
  package func setModificationTime(_ seconds: Int64, of path: String) {
    lock.locked { modificationTimes[path] = seconds }
  }

  package func kind(of path: String, followingLinks: Bool) -> FileKind? {
    let path = followingLinks ? (resolvingLinks(path) ?? path) : path
    switch self[path] {
    case nil: return nil
    case .file: return .regular
    case .folder: return .directory
    case .link: return .symbolicLink
    case .fifo: return .fifo
    case .device: return .characterDevice
    case .blockDevice: return .blockDevice
    case .socket: return .socket
    }
  }

  package func attributes(of path: String) -> FileAttributes? {
    let path = resolvingLinks(path) ?? path
    guard case .file(let bytes)? = self[path] else { return nil }
    return FileAttributes(size: bytes.count, modificationTime: lock.locked { modificationTimes[path] ?? 0 })
  }

  package func resolvingLinks(_ path: String) -> String? {
    var current = path
    for _ in 0..<40 {
      guard let entry = self[current] else { return nil }
      guard case .link(let target) = entry else { return current }
      current = target.hasPrefix("/") ? target : FileIO.directory(of: current) + "/" + target
    }
    return nil
  }

  package func linkTarget(_ path: String) -> String? {
    guard case .link(let target)? = self[path] else { return nil }
    return target
  }

  package func readBytes(_ path: String, limit: Int, followingLinks: Bool) throws(FileSystemError) -> [UInt8]?
  {
    if !followingLinks, let target = linkTarget(path) {
      throw FileSystemError(operation: .read, path: path, refusal: LinkRefusal.link(to: target))
    }
    guard let resolved = resolvingLinks(path) else {
      if self[path] != nil { throw FileSystemError(operation: .read, path: path, code: ENOENT) }
      return nil
    }
    switch self[resolved] {
    case .file(let bytes)?: return Array(bytes.prefix(limit + 1))
    case .folder?: throw FileSystemError(operation: .read, path: path, code: EISDIR)
    case .some:
      let kind = kind(of: resolved, followingLinks: false) ?? .other
      throw FileSystemError(operation: .read, path: path, refusal: "is \(kind.rawValue), not a regular file")
    case nil: return nil
    }
  }

  package func writeAtomically(_ bytes: [UInt8], to path: String) throws(FileSystemError) {
    guard kind(of: FileIO.directory(of: path), followingLinks: true) == .directory else {
      throw FileSystemError(operation: .write, path: path, code: ENOENT)
    }
    if self[path] == .folder { throw FileSystemError(operation: .write, path: path, code: EISDIR) }
    // rename(2) replaces any non-folder entry, links and devices included.
    self[path] = .file(bytes)
  }

  package func append(_ bytes: [UInt8], to path: String) throws(FileSystemError) {
    // As on the disk: a link is not followed.
    guard case .file(let existing)? = self[path] else {
      throw FileSystemError(operation: .write, path: path, refusal: "is not a regular file to append to")
    }
    self[path] = .file(existing + bytes)
  }

  package func writeThrough(_ bytes: [UInt8], to path: String) throws(FileSystemError) {
    let resolved = resolvingLinks(path) ?? path
    switch self[resolved] {
    case .fifo(let hasReader)?:
      if !hasReader {
        throw FileSystemError(operation: .write, path: path, refusal: "is a FIFO that no process is reading")
      }
    case .device(let full)?:
      if full { throw FileSystemError(operation: .write, path: path, code: ENOSPC) }
    case .file(let old)?:
      self[resolved] = .file(old + bytes)
      return
    case nil: throw FileSystemError(operation: .write, path: path, code: ENOENT)
    default: throw FileSystemError(operation: .write, path: path, code: EACCES)
    }
    lock.locked { streams[resolved, default: []] += bytes }
  }

  package func lock(for path: String) throws(FileSystemError) -> any FileLocking {
    guard kind(of: FileIO.directory(of: path), followingLinks: true) == .directory else {
      throw FileSystemError(operation: .lock, path: FileLock.path(for: path), code: ENOENT)
    }
    // As on the disk: the lock file is opened without following a link.
    if let target = linkTarget(FileLock.path(for: path)) {
      throw FileSystemError(
        operation: .lock, path: FileLock.path(for: path), refusal: LinkRefusal.link(to: target))
    }
    return MemoryLock(files: self, path: path)
  }

  package func removeStrayTemporaries(for path: String) {}

  package func names(in path: String) -> [String]? {
    let path = resolvingLinks(path) ?? path
    guard self[path] == .folder else { return nil }
    let prefix = path == "/" ? "/" : path + "/"
    return lock.locked {
      entries.keys.filter { $0.hasPrefix(prefix) && $0 != path && !$0.dropFirst(prefix.count).contains("/") }
        .map { String($0.dropFirst(prefix.count)) }.sorted()
    }
  }

  package func createFolder(_ path: String) throws(FileSystemError) {
    if self[path] != nil { throw FileSystemError(operation: .create, path: path, code: EEXIST) }
    guard kind(of: FileIO.directory(of: path), followingLinks: true) == .directory else {
      throw FileSystemError(operation: .create, path: path, code: ENOENT)
    }
    self[path] = .folder
  }

  /// A lock in memory: writers in one process are serialised; the note survives unlocking.
  final class MemoryLock: FileLocking {
    let files: InMemoryFileSystem
    let path: String

    init(files: InMemoryFileSystem, path: String) {
      self.files = files
      self.path = path
      files.writers.lock()
    }

    func note() -> String { files.lock.locked { files.notes[path] ?? "" } }
    func setNote(_ note: String) { files.lock.locked { files.notes[path] = note } }

    private var held = true
    func unlock() {
      guard held else { return }
      held = false
      files.writers.unlock()
    }

    deinit { unlock() }
  }

  /// Serialises the holders of ``MemoryLock``s.
  let writers = PosixMutex()
}

/// A mutex over `pthread_mutex_t`, so this module needs no Foundation.
final class PosixMutex: @unchecked Sendable {
  private let mutex: UnsafeMutablePointer<pthread_mutex_t> = .allocate(capacity: 1)

  init() { pthread_mutex_init(mutex, nil) }

  deinit {
    pthread_mutex_destroy(mutex)
    mutex.deallocate()
  }

  func lock() { pthread_mutex_lock(mutex) }
  func unlock() { pthread_mutex_unlock(mutex) }

  func locked<T>(_ body: () throws -> T) rethrows -> T {
    lock()
    defer { unlock() }
    return try body()
  }
}
