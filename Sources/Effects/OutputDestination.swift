/// Where one output goes once its path is resolved
/// (``FileSystem/outputDestination(for:createFolders:missingFolderHint:followingLinks:linkHint:)``).
package enum OutputDestination: Hashable, Sendable {
  /// Standard output: `-`, `/dev/stdout`, `/dev/fd/1`.
  case standardOutput
  /// Standard error: `/dev/stderr`, `/dev/fd/2`.
  case standardError
  /// A regular file, new or replaced atomically. For a symbolic link the user allowed, this is the file
  /// it points at: the link itself stays.
  case file(String)
  /// A FIFO, a character device (`/dev/null`, a terminal) or a `/dev/fd/N` stream, written through and
  /// never replaced.
  case stream(String)
}

extension FileSystem {
  /// Decides where an output named `path` may go, refusing what must not be replaced.
  ///
  /// Rules: `-` is standard output. A regular file is replaced atomically. A symbolic link is refused,
  /// naming its target, since a link committed into an output folder would have qapass write outside
  /// it; with `followingLinks` a link to a regular file keeps the link and replaces its target. A FIFO
  /// or character device is written through (a FIFO must have a reader). A folder, block device, socket
  /// or dangling link is refused. A missing file is created, but its folder must exist unless
  /// `createFolders` is set.
  ///
  /// - Parameters:
  ///   - path: The path as the user wrote it, made absolute by the caller (except `-`).
  ///   - createFolders: Whether missing folders above the file are created (`mkdir -p`).
  ///   - missingFolderHint: Added to the refusal of a missing folder, e.g. `pass --create-folders`.
  ///   - followingLinks: Whether an output that is a symbolic link is written to its target.
  ///   - linkHint: Added to the refusal of a link, e.g. `pass --follow-output-links`.
  /// - Throws: ``FileSystemError`` with a plain ``FileSystemError/refusal``.
  package func outputDestination(
    for path: String, createFolders: Bool, missingFolderHint: String? = nil, followingLinks: Bool = false,
    linkHint: String? = nil
  ) throws(FileSystemError) -> OutputDestination {
    switch path {
    case "-", "/dev/stdout", "/dev/fd/1", "/proc/self/fd/1": return .standardOutput
    case "/dev/stderr", "/dev/fd/2", "/proc/self/fd/2": return .standardError
    default: break
    }
    if path.hasPrefix("/dev/fd/") || path.hasPrefix("/proc/self/fd/") {
      // An inherited descriptor (`3>out.xml`): replacing what it names would cut the caller's stream.
      guard kind(of: path, followingLinks: true) != nil else {
        throw FileSystemError(operation: .write, path: path, refusal: OutputRefusal.closedDescriptor)
      }
      return .stream(path)
    }
    guard let kind = kind(of: path, followingLinks: false) else {
      try checkFolder(of: path, createFolders: createFolders, hint: missingFolderHint)
      return .file(path)
    }
    switch kind {
    case .regular: return .file(path)
    case .fifo:
      return .stream(path)
    case .characterDevice:
      return .stream(path)
    case .symbolicLink:
      guard followingLinks else {
        throw FileSystemError(
          operation: .write, path: path,
          refusal: LinkRefusal.link(to: linkTarget(path) ?? "?", hint: linkHint))
      }
      guard let target = resolvingLinks(path), let targetKind = self.kind(of: target, followingLinks: false)
      else { throw FileSystemError(operation: .write, path: path, refusal: OutputRefusal.danglingLink) }
      switch targetKind {
      case .regular: return .file(target)
      case .fifo, .characterDevice: return .stream(target)
      default:
        throw FileSystemError(operation: .write, path: path, refusal: OutputRefusal.linkTo(targetKind))
      }
    case .directory, .blockDevice, .socket, .other:
      throw FileSystemError(operation: .write, path: path, refusal: OutputRefusal.notReplaceable(kind))
    }
  }

  /// Writes one output where ``outputDestination(for:createFolders:missingFolderHint:followingLinks:linkHint:)``
  /// said;
  /// standard output and error are the caller's (it owns the streams), so they are refused here.
  package func writeOutput(_ bytes: [UInt8], to destination: OutputDestination) throws(FileSystemError) {
    switch destination {
    case .file(let path): try writeAtomically(bytes, to: path)
    case .stream(let path): try writeThrough(bytes, to: path)
    case .standardOutput, .standardError:
      throw FileSystemError(operation: .write, path: "-", refusal: OutputRefusal.standardStream)
    }
  }

  /// Creates folder `path` and the missing folders above it (`mkdir -p`).
  ///
  /// - Throws: ``FileSystemError`` naming the first part that is not a folder or cannot be made.
  package func createFolders(_ path: String) throws(FileSystemError) {
    switch kind(of: path, followingLinks: true) {
    case .directory: return
    case nil: break
    case let kind?:
      throw FileSystemError(operation: .create, path: path, refusal: OutputRefusal.notAFolder(kind))
    }
    let parent = FileIO.directory(of: path)
    if parent != path { try createFolders(parent) }
    do {
      try createFolder(path)
    } catch {
      // Another writer made it in between: fine.
      if kind(of: path, followingLinks: true) != .directory { throw error }
    }
  }

  /// The folder an output file goes in must exist (or be created when allowed) and be a folder.
  private func checkFolder(of path: String, createFolders create: Bool, hint: String?) throws(FileSystemError)
  {
    let folder = FileIO.directory(of: path)
    switch kind(of: folder, followingLinks: true) {
    case .directory: return
    case nil:
      if create { return try createFolders(folder) }
      throw FileSystemError(
        operation: .write, path: path, refusal: OutputRefusal.missingFolder(folder, hint: hint))
    case let kind?:
      throw FileSystemError(operation: .write, path: path, refusal: OutputRefusal.folderIs(folder, kind))
    }
  }
}

/// The refusals of output paths, in one place.
enum OutputRefusal {
  static let danglingLink =
    "is a symbolic link to nothing; qapass never replaces a link (remove it or point it at a file)"
  static let closedDescriptor = "names a file descriptor that is not open"
  static let standardStream = "standard output and error are written by the command, not the file system"

  static func linkTo(_ kind: FileKind) -> String {
    "is a symbolic link to \(kind.rawValue); qapass writes only regular files, FIFOs and character devices"
  }

  static func notReplaceable(_ kind: FileKind) -> String {
    switch kind {
    case .directory: "is a folder; give a file name"
    default: "is \(kind.rawValue); qapass writes only regular files, FIFOs and character devices"
    }
  }

  static func missingFolder(_ folder: String, hint: String?) -> String {
    "folder '\(folder)' does not exist" + (hint.map { "; create it, or \($0)" } ?? "")
  }

  static func folderIs(_ folder: String, _ kind: FileKind) -> String {
    "'\(folder)' is \(kind.rawValue), not a folder"
  }

  static func notAFolder(_ kind: FileKind) -> String { "is \(kind.rawValue), not a folder" }
}

/// The refusals of links qapass did not create, in one place: it never reads a store, writes an output
/// or takes a lock through one, unless the user allows an output's link.
package enum LinkRefusal {
  /// `is a symbolic link to 'TARGET'; qapass never follows a link it did not create (remove it)`;
  /// `hint` (`pass --follow-output-links`) is offered as the other way.
  package static func link(to target: String, hint: String? = nil) -> String {
    "is a symbolic link to '\(target)'; qapass never follows a link it did not create (remove it"
      + (hint.map { ", or \($0) to write to its target" } ?? "") + ")"
  }

  /// What has more than one name: a lock file, whose note would be written into the other's content,
  /// or a store qapass appends to in place.
  enum Linked {
    /// A lock file: removing it loses nothing.
    case lock
    /// A records file or the audit log: what it holds is the user's.
    case store
  }

  /// A file of `kind` with `count` hard links.
  static func hardLinks(_ count: Int, of kind: Linked = .lock) -> String {
    "has \(count) hard links; qapass never writes into a file linked from elsewhere ("
      + (kind == .lock
        ? "remove it)" : "make it a file of its own: copy it aside, then move the copy over it)")
  }
}
