import Diagnostics
import Effects
import Foundation
import Observations
import YAMLDecoding

/// The file layer: every file a use case reads or writes, through ``Workflow/files``, in the role the
/// use case declared for it (``FileRole``): inputs only regular files under the size limit, outputs
/// atomic and never over an input of the same use case, stores read and written back.
///
/// A use case declares its files first (``begin(_:)``, ``declare(_:)``), then reads and writes them;
/// what may be written where is decided from the declarations, never from the order of the calls.
extension Workflow {
  /// Starts a use case that touches the files of `declarations`: forgets the previous use case and
  /// declares them.
  ///
  /// - Throws: ``FileError`` (73) when an output or a store is declared on a file the use case reads.
  func begin(_ declarations: [FileRoles.Declaration] = []) throws(FileError) {
    context.reset()
    try declare(declarations)
  }

  /// Declares the role of more files (found from the ones declared earlier, such as the matrix a
  /// checklists folder names); every file must be declared before the use case writes any.
  ///
  /// - Throws: ``FileError`` (73) when one conflicts with an earlier declaration.
  func declare(_ declarations: [FileRoles.Declaration]) throws(FileError) {
    assert(!context.hasWritten, "declare every file before writing any")
    for declaration in declarations where declaration.path != "-" {
      var canonical = declaration
      canonical.path = self.canonical(declaration.path)
      canonical.given = declaration.path
      if let conflict = context.roles.add(canonical) {
        throw FileError(path: conflict.path, message: conflict.message, exitCode: .cannotCreate)
      }
    }
  }

  /// `path` absolute, `.` and `..` removed and symbolic links resolved (those of its folder when
  /// nothing is there yet), so two names of one file compare equal.
  func canonical(_ path: String) -> String {
    let absolute = url(path).standardizedFileURL.path
    if let real = files.resolvingLinks(absolute) { return real }
    let folder = FileIO.directory(of: absolute)
    if let real = files.resolvingLinks(folder) {
      return real + "/" + absolute.dropFirst(folder.count + (folder.hasSuffix("/") ? 0 : 1))
    }
    return absolute
  }

  /// Resolves a user-given path against the working directory.
  func url(_ path: String) -> URL {
    path.hasPrefix("/")
      ? URL(fileURLWithPath: path)
      : URL(fileURLWithPath: console.currentDirectory).appendingPathComponent(path)
  }

  /// A user-given path made absolute against the working directory, as the file system takes it.
  func absolute(_ path: String) -> String { url(path).path }

  /// The largest input file qapass reads; larger ones are refused before reading (YAMLLimits agrees).
  package static let maxInputBytes = YAMLLimits.default.maxInputBytes

  /// ``read(_:limit:)`` of a file qapass appends to in place (a records file, the audit log): one
  /// complete version of it, even while another process is appending to it
  /// (``ObservationStore/settled(_:note:)`` goes by the note in its lock file).
  func readStore(_ path: String, limit: Int = Workflow.maxInputBytes) throws(FileError) -> [UInt8] {
    let lock = absolute(FileLock.path(for: path))
    return try ObservationStore.settled { () throws(FileError) -> [UInt8] in
      try read(path, limit: limit)
    } note: {
      guard let bytes = try? files.readBytes(lock, limit: 256, followingLinks: false) else { return "" }
      return String(decoding: bytes, as: UTF8.self)
    }
  }

  /// Reads a whole input (or store) file, remembering its text for diagnostics.
  ///
  /// Only regular files are read (a FIFO or a device such as /dev/zero would block or never end), and
  /// never more than `limit` bytes (`maxInputBytes` unless the file's reader sets its own).
  func read(_ path: String, limit: Int = Workflow.maxInputBytes) throws(FileError) -> [UInt8] {
    let absolute = absolute(path)
    assert(
      [.input, .store].contains(context.roles.role(of: canonical(path))),
      "'\(path)' is read but not declared as an input or a store")
    switch files.kind(of: absolute, followingLinks: true) {
    case nil:
      throw FileError(path: path, message: "no such file", exitCode: .noInput)
    case .regular:
      break
    case .directory:
      throw FileError(path: path, message: "is a directory, not a file", exitCode: .noInput)
    default:
      throw FileError(
        path: path, message: "is not a regular file (a device, FIFO or socket)", exitCode: .noInput)
    }
    let size = files.attributes(of: absolute)?.size ?? 0
    guard size <= limit else {
      throw FileError(
        path: path, message: "is \(size / (1 << 20)) MiB, over the limit of \(limit >> 20) MiB",
        exitCode: .dataError)
    }
    // A store is written back: one that is a link would have qapass write where the link points.
    let isStore = context.roles.role(of: canonical(path)) == .store
    if isStore, !followOutputLinks, let target = files.linkTarget(absolute) {
      throw FileError(
        path: path, message: "cannot read: " + LinkRefusal.link(to: target, hint: Self.followLinksHint),
        exitCode: .cannotCreate)
    }
    let read: [UInt8]?
    do {
      read = try files.readBytes(absolute, limit: limit, followingLinks: !isStore || followOutputLinks)
    } catch {
      throw FileError(path: path, message: "cannot be read (\(error.reason))", exitCode: .noInput)
    }
    guard let bytes = read else { throw FileError(path: path, message: "no such file", exitCode: .noInput) }
    if bytes.count > limit {
      throw FileError(
        path: path, message: "is over the limit of \(limit >> 20) MiB", exitCode: .dataError)
    }
    // Made text only for a diagnostic that quotes it: a scenario pack is tens of megabytes.
    context.texts.remember(for: path) { String(decoding: bytes, as: UTF8.self) }
    return bytes
  }

  /// When an input file was last modified, to the second (the time of test results that carry none).
  func modificationTime(_ path: String) throws(FileError) -> Timestamp {
    // Through the file-system seam like every other read, so an in-memory file system gives its time.
    guard let attributes = files.attributes(of: absolute(path)) else {
      throw FileError(path: path, message: "no such file", exitCode: .noInput)
    }
    return Timestamp(secondsSince1970: attributes.modificationTime)
  }

  /// What a refusal of a missing folder suggests.
  static let createFoldersHint = "pass --create-folders"
  /// What a refusal of an output that is a symbolic link suggests.
  static let followLinksHint = "pass --follow-output-links"

  /// Writes one output: `-` (and `/dev/stdout`) to standard output; a regular file atomically (a
  /// temporary file in the same folder, then a rename), so an earlier output is never left half-written;
  /// a FIFO or character device written through. A symbolic link is refused (exit 73, naming its
  /// target) unless ``followOutputLinks``, when its target is written and the link kept. Folders,
  /// block devices, sockets and dangling links are refused (exit 73), and so is a missing folder
  /// unless `createFolders` (the `--create-folders` flag, or a default path qapass chose).
  ///
  /// An output never replaces a file the use case declared as an input (`run m.yaml --junit m.yaml`);
  /// a store (a pairwise plan's `cells.jsonl`, the previous report.json) is written back.
  func write(_ text: String, to path: String, createFolders: Bool) throws(FileError) {
    let destination = try destination(of: path, createFolders: createFolders)
    context.hasWritten = true
    switch destination {
    case .standardOutput: console.outArtefact(text)
    case .standardError: console.errArtefact(text)
    case .file, .stream:
      do {
        try files.writeOutput(Array(text.utf8), to: destination)
      } catch {
        throw FileError(path: path, message: message(error), exitCode: .cannotCreate)
      }
      context.written.append(path)
    }
  }

  /// Prints an artefact the command shows rather than saves (a plan, a trace, the expansion's lines, a
  /// destination list, a set-up script) on standard output, as an output path `-` is written; a long one
  /// is written in pieces, each as it is made.
  func writeStandardOutput(_ text: String) {
    context.hasWritten = true
    console.outArtefact(text)
  }

  /// Checks, before any work, that an output may go to `path` (creating its folders when allowed); the
  /// write itself checks again.
  func checkOutput(_ path: String, createFolders: Bool) throws(FileError) {
    _ = try destination(of: path, createFolders: createFolders)
  }

  /// Where the output named `path` goes
  /// (``FileSystem/outputDestination(for:createFolders:missingFolderHint:followingLinks:linkHint:)``).
  private func destination(of path: String, createFolders: Bool) throws(FileError) -> OutputDestination {
    let destination: OutputDestination
    do {
      destination = try files.outputDestination(
        for: path == "-" ? path : absolute(path), createFolders: createFolders,
        missingFolderHint: Self.createFoldersHint, followingLinks: followOutputLinks,
        linkHint: Self.followLinksHint)
    } catch {
      throw FileError(path: path, message: message(error), exitCode: .cannotCreate)
    }
    if case .file(let file) = destination {
      let canonical = self.canonical(file)
      // A link the user let qapass follow may point outside every declared folder.
      assert(
        context.roles.role(of: canonical) != nil || followOutputLinks, "'\(path)' is written but not declared"
      )
      if let conflict = context.roles.conflictWriting(canonical) {
        throw FileError(path: path, message: conflict.message, exitCode: .cannotCreate)
      }
    }
    return destination
  }

  /// Makes sure the output folder `path` exists: qapass creates the folder named itself, and the
  /// folders above it only with `createFolders`.
  func outputFolder(_ path: String, createFolders: Bool) throws(FileError) {
    let absolute = absolute(path)
    // The folder itself committed as a link would have every output written where it points.
    if !followOutputLinks, let target = files.linkTarget(absolute) {
      throw FileError(
        path: path,
        message: "cannot write into it: " + LinkRefusal.link(to: target, hint: Self.followLinksHint),
        exitCode: .cannotCreate)
    }
    do {
      switch files.kind(of: absolute, followingLinks: true) {
      case .directory: return
      case nil:
        if !createFolders, files.kind(of: FileIO.directory(of: absolute), followingLinks: true) == nil {
          throw FileError(
            path: path,
            message:
              "cannot create the folder: '\(FileIO.directory(of: path))' does not exist; create it, or "
              + Self.createFoldersHint,
            exitCode: .cannotCreate)
        }
        try files.createFolders(absolute)
      case let kind?:
        throw FileError(path: path, message: "is \(kind.rawValue), not a folder", exitCode: .cannotCreate)
      }
    } catch let error as FileError {
      throw error
    } catch let error as FileSystemError {
      throw FileError(
        path: path, message: "cannot create the folder: '\(shown(error.path))' \(error.reason)",
        exitCode: .cannotCreate)
    } catch {
      throw FileError(path: path, message: "\(error)", exitCode: .cannotCreate)
    }
  }

  /// The store at `path` (a records file, a sheet), ready to be read and written back under its lock:
  /// a regular file in an existing folder (a symbolic link's target only with ``followOutputLinks``);
  /// FIFOs and devices are refused, since stores are rewritten atomically.
  func storeFile(_ path: String, createFolders: Bool) throws(FileError) -> String {
    if path == "-" {
      throw FileError(
        path: path, message: "records are read back and appended to, so '-' cannot be one; name a file",
        exitCode: .cannotCreate)
    }
    assert(context.roles.role(of: canonical(path)) == .store, "'\(path)' is not declared as a store")
    let destination = try destination(of: path, createFolders: createFolders)
    context.hasWritten = true
    guard case .file(let file) = destination else {
      throw FileError(
        path: path, message: "cannot append: records are rewritten atomically, so they need a regular file",
        exitCode: .cannotCreate)
    }
    return file
  }

  /// `path` relative to the working directory when it lies inside it, as the user would write it.
  func shown(_ path: String) -> String {
    path.hasPrefix(console.currentDirectory + "/")
      ? String(path.dropFirst(console.currentDirectory.count + 1)) : path
  }

  /// `cannot write: reason` for a file-system error whose path the diagnostic already names; paths in
  /// the reason are shown relative to the working directory, as the user wrote them.
  func message(_ error: FileSystemError) -> String {
    let reason = error.reason.replacingOccurrences(of: "'\(console.currentDirectory)/", with: "'")
    return "cannot \(error.operation.rawValue): \(reason)"
  }
}
