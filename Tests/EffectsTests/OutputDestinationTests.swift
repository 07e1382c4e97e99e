import Effects
import Testing

@testable import Effects

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Output paths (issue "Every mistake caught early; no output ever destroys a file", part 1): what may be
/// replaced, what is written through, what is refused.
struct OutputDestinationTests {
  static let files = InMemoryFileSystem([
    "/w": .folder,
    "/w/old.xml": .file(Array("old".utf8)),
    "/w/link.xml": .link(to: "old.xml"),
    "/w/dangling.xml": .link(to: "/w/nowhere.xml"),
    "/w/pipe": .fifo(hasReader: true),
    "/w/deaf": .fifo(hasReader: false),
    "/w/disk": .blockDevice,
    "/w/sock": .socket,
    "/w/dir": .folder,
    "/w/linkdir": .link(to: "/w/dir"),
    "/dev": .folder,
    "/dev/null": .device(full: false),
    "/dev/full": .device(full: true),
  ])

  struct Case: Sendable, CustomTestStringConvertible {
    var path: String
    var destination: OutputDestination?
    var refusal: String?
    var testDescription: String { path }
  }

  @Test(arguments: [
    Case(path: "-", destination: .standardOutput),
    Case(path: "/dev/stdout", destination: .standardOutput),
    Case(path: "/dev/stderr", destination: .standardError),
    Case(path: "/w/new.xml", destination: .file("/w/new.xml")),
    Case(path: "/w/old.xml", destination: .file("/w/old.xml")),
    Case(
      path: "/w/link.xml",
      refusal:
        "is a symbolic link to 'old.xml'; qapass never follows a link it did not create (remove it, or pass --follow-output-links to write to its target)"
    ),
    Case(path: "/w/pipe", destination: .stream("/w/pipe")),
    Case(path: "/dev/null", destination: .stream("/dev/null")),
    Case(
      path: "/w/dangling.xml",
      refusal:
        "is a symbolic link to '/w/nowhere.xml'; qapass never follows a link it did not create (remove it, or pass --follow-output-links to write to its target)"
    ),
    Case(
      path: "/w/disk",
      refusal: "is a block device; qapass writes only regular files, FIFOs and character devices"),
    Case(
      path: "/w/sock", refusal: "is a socket; qapass writes only regular files, FIFOs and character devices"),
    Case(path: "/w/dir", refusal: "is a folder; give a file name"),
    Case(
      path: "/w/linkdir",
      refusal:
        "is a symbolic link to '/w/dir'; qapass never follows a link it did not create (remove it, or pass --follow-output-links to write to its target)"
    ),
    Case(
      path: "/w/missing/x.xml",
      refusal: "folder '/w/missing' does not exist; create it, or pass --create-folders"),
    Case(path: "/w/old.xml/x.xml", refusal: "'/w/old.xml' is a regular file, not a folder"),
  ])
  func `each kind of path gets its destination or a plain refusal`(_ c: Case) throws {
    if let destination = c.destination {
      #expect(try Self.files.outputDestination(for: c.path, createFolders: false) == destination)
    } else {
      let error = try #require(throws: FileSystemError.self) {
        try Self.files.outputDestination(
          for: c.path, createFolders: false, missingFolderHint: "pass --create-folders",
          linkHint: "pass --follow-output-links")
      }
      #expect(error.reason == c.refusal)
      #expect(error.path == c.path)
    }
  }

  /// Links the user allows (`--follow-output-links`): a link to a file writes the file, the others are
  /// refused for what they point at.
  @Test(arguments: [
    Case(path: "/w/link.xml", destination: .file("/w/old.xml")),
    Case(
      path: "/w/dangling.xml",
      refusal: "is a symbolic link to nothing; qapass never replaces a link (remove it or point it at a file)"
    ),
    Case(
      path: "/w/linkdir",
      refusal: "is a symbolic link to a folder; qapass writes only regular files, FIFOs and character devices"
    ),
  ])
  func `a followed link writes only what it points at`(_ c: Case) throws {
    if let destination = c.destination {
      #expect(
        try Self.files.outputDestination(for: c.path, createFolders: false, followingLinks: true)
          == destination)
    } else {
      let error = try #require(throws: FileSystemError.self) {
        try Self.files.outputDestination(for: c.path, createFolders: false, followingLinks: true)
      }
      #expect(error.reason == c.refusal)
    }
  }

  @Test func `a followed symbolic link keeps pointing at its file, which gets the new content`() throws {
    let files = InMemoryFileSystem(["/w": .folder, "/w/a": .file([1]), "/w/l": .link(to: "/w/a")])
    try files.writeOutput(
      [2], to: files.outputDestination(for: "/w/l", createFolders: false, followingLinks: true))
    #expect(files["/w/l"] == .link(to: "/w/a"))
    #expect(files["/w/a"] == .file([2]))
  }

  @Test func `FIFOs and devices are written through, never replaced`() throws {
    let files = InMemoryFileSystem([
      "/w": .folder, "/w/pipe": .fifo(hasReader: true), "/w/deaf": .fifo(hasReader: false),
      "/dev": .folder, "/dev/full": .device(full: true),
    ])
    try files.writeOutput([7], to: files.outputDestination(for: "/w/pipe", createFolders: false))
    #expect(files["/w/pipe"] == .fifo(hasReader: true))
    #expect(files.received("/w/pipe") == [7])
    let deaf = try #require(throws: FileSystemError.self) {
      try files.writeOutput([7], to: files.outputDestination(for: "/w/deaf", createFolders: false))
    }
    #expect(deaf.reason == "is a FIFO that no process is reading")
    let full = try #require(throws: FileSystemError.self) {
      try files.writeOutput([7], to: files.outputDestination(for: "/dev/full", createFolders: false))
    }
    #expect(full.code == ENOSPC)
    #expect(files["/dev/full"] == .device(full: true))
  }

  @Test func `missing folders are made only when asked`() throws {
    let files = InMemoryFileSystem(["/w": .folder])
    #expect(throws: FileSystemError.self) {
      try files.outputDestination(for: "/w/a/b/c.xml", createFolders: false)
    }
    #expect(files["/w/a"] == nil)
    #expect(try files.outputDestination(for: "/w/a/b/c.xml", createFolders: true) == .file("/w/a/b/c.xml"))
    #expect(files["/w/a/b"] == .folder)
  }
}

/// The same rules on the real disk, where the kinds come from `lstat`.
struct LocalOutputDestinationTests {
  let folder: String

  init() {
    var template = Array("/tmp/qapass-effects-XXXXXX".utf8CString)
    folder = template.withUnsafeMutableBufferPointer { String(cString: mkdtemp($0.baseAddress!)!) }
  }

  @Test func `a FIFO on disk is written through and stays a FIFO; one without a reader is refused`() throws {
    let files = LocalFileSystem()
    let fifo = "\(folder)/pipe"
    #expect(mkfifo(fifo, 0o644) == 0)
    defer { unlink(fifo); rmdir(folder) }
    let error = try #require(throws: FileSystemError.self) {
      try files.writeOutput([1], to: files.outputDestination(for: fifo, createFolders: false))
    }
    #expect(error.description == "cannot write '\(fifo)': is a FIFO that no process is reading")
    // A reader that opened the FIFO (non-blocking) is there to take the bytes.
    let reader = open(fifo, O_RDONLY | O_NONBLOCK)
    defer { close(reader) }
    try files.writeOutput(Array("hi".utf8), to: files.outputDestination(for: fifo, createFolders: false))
    var buffer = [UInt8](repeating: 0, count: 8)
    let count = read(reader, &buffer, 8)
    #expect(count == 2)
    #expect(files.kind(of: fifo, followingLinks: false) == .fifo)
  }

  @Test func `a symbolic link on disk is refused, or followed when allowed, and stays a link`() throws {
    let files = LocalFileSystem()
    let target = "\(folder)/report.xml"
    let link = "\(folder)/latest.xml"
    try files.writeAtomically([1], to: target)
    #expect(symlink(target, link) == 0)
    defer { unlink(link); unlink(target); rmdir(folder) }
    let refused = try #require(throws: FileSystemError.self) {
      try files.outputDestination(for: link, createFolders: false)
    }
    #expect(refused.reason.hasPrefix("is a symbolic link to '\(target)'"))
    #expect(try files.readBytes(target, limit: 10) == [1])
    try files.writeOutput(
      [2, 3], to: files.outputDestination(for: link, createFolders: false, followingLinks: true))
    #expect(files.kind(of: link, followingLinks: false) == .symbolicLink)
    #expect(try files.readBytes(target, limit: 10) == [2, 3])
  }

  @Test func `the lock file is gone after the lock is released, and a note keeps it`() throws {
    let files = LocalFileSystem()
    let path = "\(folder)/sheet.yaml"
    defer { unlink(FileLock.path(for: path)); rmdir(folder) }
    try files.lock(for: path).unlock()
    #expect(files.kind(of: FileLock.path(for: path), followingLinks: false) == nil)
    let lock = try files.lock(for: path)
    lock.setNote("size=1")
    lock.unlock()
    #expect(files.kind(of: FileLock.path(for: path), followingLinks: false) == .regular)
    #expect(try files.lock(for: path).note() == "size=1")
  }
}

/// Removing the lock file on unlock stays race-free (issue "Every mistake caught early", part 7): writers
/// that opened the old file before it was removed lock the new one, so no two hold the lock at once.
struct LockRemovalTests {
  @Test func `eight threads incrementing a counter under the lock lose no increment`() throws {
    var template = Array("/tmp/qapass-lock-XXXXXX".utf8CString)
    let folder = template.withUnsafeMutableBufferPointer { String(cString: mkdtemp($0.baseAddress!)!) }
    let path = "\(folder)/sheet.yaml"
    defer {
      unlink(path)
      rmdir(folder)
    }
    let files = LocalFileSystem()
    try files.writeAtomically(Array("0".utf8), to: path)
    let threads = 8
    let rounds = 50
    DispatchQueueLike.concurrentPerform(iterations: threads) { _ in
      for _ in 0..<rounds {
        guard let lock = try? files.lock(for: path) else { return }
        let value = Int(String(decoding: (try? files.readBytes(path, limit: 64)) ?? [], as: UTF8.self)) ?? -1
        try? files.writeAtomically(Array(String(value + 1).utf8), to: path)
        lock.unlock()
      }
    }
    let final = String(decoding: try files.readBytes(path, limit: 64) ?? [], as: UTF8.self)
    #expect(final == String(threads * rounds))
    #expect(files.kind(of: FileLock.path(for: path), followingLinks: false) == nil, "no lock file is left")
  }
}

/// Runs `body` on `iterations` threads at once (this test target links no Foundation).
enum DispatchQueueLike {
  static func concurrentPerform(iterations: Int, _ body: @escaping @Sendable (Int) -> Void) {
    final class Box: @unchecked Sendable {
      let body: @Sendable (Int) -> Void
      let index: Int
      init(_ body: @escaping @Sendable (Int) -> Void, _ index: Int) {
        self.body = body
        self.index = index
      }
    }
    var threads: [pthread_t] = []
    for index in 0..<iterations {
      let box = Unmanaged.passRetained(Box(body, index)).toOpaque()
      var thread = pthread_t()
      pthread_create(
        &thread, nil,
        { raw in
          let box = Unmanaged<AnyObject>.fromOpaque(raw!).takeRetainedValue() as! Box
          box.body(box.index)
          return nil
        }, box)
      threads.append(thread)
    }
    for thread in threads { pthread_join(thread, nil) }
  }
}
