/// The roles one use case declared for the files it touches, and what they allow.
///
/// A declaration names one file, or the files directly in one folder whose names end with a suffix
/// (`observations/*.yaml`, `checklists/*.observations.yaml`, every file of `reports/`). The role of a
/// path is its own file declaration when it has one, else that of the most specific folder
/// declaration covering it (the longest suffix; an input when an input and another role tie). So a
/// records file declared as a store inside a folder of inputs is a store, and a checklist written into
/// a folder whose sheets are stores is an output.
///
/// Conflicts are decided from the declarations alone: an output or a store declared on a file that
/// is also declared an input, or an output on a file an input folder covers, is refused when it is
/// declared, before the use case reads or writes anything; a file written into an output folder is refused when the
/// declarations make it an input.
///
/// ```swift
/// var roles = FileRoles()
/// _ = roles.add(.init(role: .input, path: "/w/m.yaml"))
/// roles.add(.init(role: .output, path: "/w/m.yaml"))  // a conflict: the command reads it
/// roles.role(of: "/w/m.yaml")                        // .input
/// ```
struct FileRoles {
  /// One declaration: made with the user's path, which the file layer makes canonical (absolute,
  /// links resolved) when it adds it.
  struct Declaration: Hashable {
    /// What the use case does with the file, or with the folder's files.
    var role: FileRole
    /// The path of the file or folder (canonical once added).
    var path: String
    /// Whether ``path`` is a folder whose files (directly in it) the declaration covers.
    var isFolder = false
    /// For a folder: the end of the names covered (`.yaml`); empty for every file.
    var suffix = ""
    /// The path as the user gave it, for messages (set when added).
    var given = ""

    /// The file at `path`, as the user named it.
    static func input(_ path: String) -> Self { Self(role: .input, path: path) }
    /// The files directly in `folder` whose names end with `suffix`.
    static func inputs(in folder: String, suffix: String) -> Self {
      Self(role: .input, path: folder, isFolder: true, suffix: suffix)
    }
    /// The file at `path`.
    static func output(_ path: String) -> Self { Self(role: .output, path: path) }
    /// Every file written directly into `folder`.
    static func outputs(in folder: String) -> Self { Self(role: .output, path: folder, isFolder: true) }
    /// The file at `path`.
    static func store(_ path: String) -> Self { Self(role: .store, path: path) }
    /// The files directly in `folder` whose names end with `suffix`.
    static func stores(in folder: String, suffix: String) -> Self {
      Self(role: .store, path: folder, isFolder: true, suffix: suffix)
    }

    /// Whether the declaration covers the canonical `file`.
    func covers(_ file: String) -> Bool {
      guard isFolder else { return file == path }
      guard file.hasPrefix(path + "/"), file.hasSuffix(suffix) else { return false }
      return !file.dropFirst(path.count + 1).contains("/")
    }
  }

  /// Why a declaration or a write is refused: the path written to, as the user gave it, and why.
  struct Conflict: Hashable {
    var path: String
    var message: String
  }

  /// Every declaration, in the order given.
  private(set) var declarations: [Declaration] = []

  /// The role of the canonical `path`, or `nil` when nothing declared covers it.
  ///
  /// - Complexity: O(*d*) for *d* declarations.
  func role(of path: String) -> FileRole? {
    if let own = declarations.first(where: { !$0.isFolder && $0.path == path }) { return own.role }
    let covering = declarations.filter { $0.isFolder && $0.covers(path) }
    guard let longest = covering.map(\.suffix.count).max() else { return nil }
    let best = covering.filter { $0.suffix.count == longest }
    return best.contains { $0.role == .input } ? .input : best[0].role
  }

  /// Adds `declaration`, or returns the conflict it makes with the earlier ones (it is then not added).
  mutating func add(_ declaration: Declaration) -> Conflict? {
    if !declaration.isFolder {
      if let other = declarations.first(where: {
        !$0.isFolder && $0.path == declaration.path && $0.role != declaration.role
      }) {
        // Name the file written: the output, or the store.
        let written = declaration.role == .input || (declaration.role == .store && other.role == .output)
        return Self.conflict(declaration.role, other.role, path: written ? other.given : declaration.given)
      }
      // An output in a folder whose files the command reads; a store there is read and written back.
      if declaration.role == .output, role(of: declaration.path) == .input {
        return Self.conflict(declaration.role, .input, path: declaration.given)
      }
    }
    if !declarations.contains(declaration) { declarations.append(declaration) }
    return nil
  }

  /// Why the canonical `path` may not be written, or `nil` when its role allows it (an output or a
  /// store); a path nothing declared is allowed, as an output.
  func conflictWriting(_ path: String) -> Conflict? {
    role(of: path) == .input ? Self.conflict(.output, .input, path: path) : nil
  }

  /// The message for a file declared with both `role` and `other`.
  static func conflict(_ role: FileRole, _ other: FileRole, path: String) -> Conflict {
    Conflict(
      path: path, message: role != .input && other != .input ? Message.writtenTwice : Message.overInput)
  }

  enum Message {
    static let overInput = "cannot write: this command reads it; qapass never writes an output over an input"
    static let writtenTwice =
      "cannot write: this command would write it twice, as an output and as a file it updates; name another file"
  }
}
