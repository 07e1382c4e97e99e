import Testing

@testable import Effects

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// qapass never follows a link it did not create (issue 32, finding 2): a link planted as a lock file
/// made `record` write its note into the link's target, and a dangling one created its target.
struct NoFollowTests {
  let folder: String

  init() {
    var template = Array("/tmp/qapass-nofollow-XXXXXX".utf8CString)
    folder = template.withUnsafeMutableBufferPointer { String(cString: mkdtemp($0.baseAddress!)!) }
  }

  func remove(_ names: String...) {
    for name in names { unlink("\(folder)/\(name)") }
    rmdir(folder)
  }

  @Test func `a lock file planted as a link to a file is refused, and the file stays intact`() throws {
    let files = LocalFileSystem()
    let victim = "\(folder)/ToolTests.swift"
    let records = "\(folder)/records.yaml"
    try files.writeAtomically(Array("struct ToolTests {}\n".utf8), to: victim)
    #expect(symlink(victim, FileLock.path(for: records)) == 0)
    defer { remove("ToolTests.swift", ".records.yaml.lock") }
    let error = try #require(throws: FileSystemError.self) { try files.lock(for: records) }
    #expect(
      error.description
        == "cannot lock '\(folder)/.records.yaml.lock': is a symbolic link to '\(victim)'; qapass never follows a link it did not create (remove it)"
    )
    #expect(try files.readBytes(victim, limit: 100) == Array("struct ToolTests {}\n".utf8))
    #expect(files.kind(of: FileLock.path(for: records), followingLinks: false) == .symbolicLink)
  }

  @Test func `a dangling link as a lock file is refused and its target never created`() throws {
    let files = LocalFileSystem()
    let target = "\(folder)/created-by-link"
    let sheet = "\(folder)/a.observations.yaml"
    #expect(symlink(target, FileLock.path(for: sheet)) == 0)
    defer { remove(".a.observations.yaml.lock", "created-by-link") }
    let error = try #require(throws: FileSystemError.self) { try files.lock(for: sheet) }
    #expect(error.reason.hasPrefix("is a symbolic link to '\(target)'"))
    #expect(files.kind(of: target, followingLinks: false) == nil)
  }

  @Test func `a lock file with a second name is refused, and the other name keeps its content`() throws {
    let files = LocalFileSystem()
    let other = "\(folder)/kept.txt"
    let records = "\(folder)/records.yaml"
    try files.writeAtomically(Array("kept\n".utf8), to: other)
    #expect(link(other, FileLock.path(for: records)) == 0)
    defer { remove("kept.txt", ".records.yaml.lock") }
    let error = try #require(throws: FileSystemError.self) { try files.lock(for: records) }
    #expect(
      error.reason == "has 2 hard links; qapass never writes into a file linked from elsewhere (remove it)")
    #expect(try files.readBytes(other, limit: 100) == Array("kept\n".utf8))
  }

  @Test func `an append refuses a file with a second name or a link, and writes nothing`() throws {
    let files = LocalFileSystem()
    let other = "\(folder)/kept.txt"
    let records = "\(folder)/records.yaml"
    let linked = "\(folder)/linked.yaml"
    try files.writeAtomically(Array("kept\n".utf8), to: other)
    #expect(link(other, records) == 0)
    #expect(symlink(other, linked) == 0)
    defer { remove("kept.txt", "records.yaml", "linked.yaml") }
    let error = try #require(throws: FileSystemError.self) {
      try files.append(Array("x\n".utf8), to: records)
    }
    #expect(
      error.reason
        == "has 2 hard links; qapass never writes into a file linked from elsewhere (make it a file of its own: "
        + "copy it aside, then move the copy over it)")
    #expect(throws: FileSystemError.self) { try files.append(Array("x\n".utf8), to: linked) }
    #expect(try files.readBytes(other, limit: 100) == Array("kept\n".utf8))
  }

  @Test func `a FIFO as a lock file is refused without waiting`() throws {
    let files = LocalFileSystem()
    let records = "\(folder)/records.yaml"
    #expect(mkfifo(FileLock.path(for: records), 0o644) == 0)
    defer { remove(".records.yaml.lock") }
    let error = try #require(throws: FileSystemError.self) { try files.lock(for: records) }
    #expect(error.reason == "is a FIFO, not a regular file; remove it")
  }

  @Test func `a store read without following links refuses one, and a plain read follows it`() throws {
    let files = LocalFileSystem()
    let target = "\(folder)/elsewhere.yaml"
    let link = "\(folder)/records.yaml"
    try files.writeAtomically(Array("version: 1\n".utf8), to: target)
    #expect(symlink(target, link) == 0)
    defer { remove("elsewhere.yaml", "records.yaml") }
    let error = try #require(throws: FileSystemError.self) {
      try files.readBytes(link, limit: 100, followingLinks: false)
    }
    #expect(error.reason.hasPrefix("is a symbolic link to '\(target)'"))
    #expect(try files.readBytes(link, limit: 100) == Array("version: 1\n".utf8))
  }

  @Test func `an atomic write replaces a link at its path, never what it points at`() throws {
    let files = LocalFileSystem()
    let target = "\(folder)/victim"
    let path = "\(folder)/out"
    try files.writeAtomically([1], to: target)
    #expect(chmod(target, 0o600) == 0)
    #expect(symlink(target, path) == 0)
    defer { remove("victim", "out") }
    try AtomicFile.write([2], to: path)
    #expect(try files.readBytes(target, limit: 10) == [1])
    #expect(files.kind(of: path, followingLinks: false) == .regular)
    var info = stat()
    #expect(stat(path, &info) == 0)
    #expect(info.st_mode & 0o777 != 0o600, "the mode of what the link pointed at is not copied")
  }

  @Test func `the in-memory file system refuses a lock link as the disk does`() throws {
    let files = InMemoryFileSystem(["/w": .folder, "/w/x": .file([1]), "/w/.r.yaml.lock": .link(to: "/w/x")])
    let error = try #require(throws: FileSystemError.self) { try files.lock(for: "/w/r.yaml") }
    #expect(error.reason.hasPrefix("is a symbolic link to '/w/x'"))
  }
}
