#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Thin wrappers over POSIX file calls that retry on `EINTR` and throw ``FileSystemError``.
package enum FileIO {
  /// Writes all of `bytes` to `fd`.
  package static func writeAll(_ fd: Int32, _ bytes: [UInt8], path: String) throws(FileSystemError) {
    var offset = 0
    while offset < bytes.count {
      let count = bytes.withUnsafeBytes { buffer in
        write(fd, buffer.baseAddress! + offset, buffer.count - offset)
      }
      if count < 0 {
        if errno == EINTR { continue }
        throw FileSystemError(operation: .write, path: path, code: errno)
      }
      offset += count
    }
  }

  /// `fsync` that retries on `EINTR`.
  package static func sync(_ fd: Int32, path: String) throws(FileSystemError) {
    while fsync(fd) != 0 {
      if errno == EINTR { continue }
      // Some file systems cannot sync a directory; the rename is still in place.
      if errno == EINVAL || errno == ENOTSUP { return }
      throw FileSystemError(operation: .sync, path: path, code: errno)
    }
  }

  /// The directory part of `path` (`.` for a bare name, `/` for a file in the root).
  package static func directory(of path: String) -> String {
    guard let slash = path.lastIndex(of: "/") else { return "." }
    let directory = path[..<slash]
    return directory.isEmpty ? "/" : String(directory)
  }

  /// The last component of `path`.
  package static func name(of path: String) -> String {
    guard let slash = path.lastIndex(of: "/") else { return path }
    return String(path[path.index(after: slash)...])
  }

  /// What the symbolic link at `path` holds (`readlink`), or `nil` when `path` is not a link.
  package static func linkTarget(_ path: String) -> String? {
    var buffer = [UInt8](repeating: 0, count: Int(PATH_MAX) + 1)
    let count = buffer.withUnsafeMutableBytes {
      readlink(path, $0.baseAddress!.assumingMemoryBound(to: CChar.self), $0.count - 1)
    }
    guard count >= 0 else { return nil }
    return String(decoding: buffer[0..<count], as: UTF8.self)
  }

  /// The names in directory `path`, or an empty list when it cannot be listed.
  package static func names(in path: String) -> [String] {
    guard let dir = opendir(path) else { return [] }
    defer { closedir(dir) }
    var names: [String] = []
    while let entry = readdir(dir) {
      let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
        String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
      }
      names.append(name)
    }
    return names
  }
}
