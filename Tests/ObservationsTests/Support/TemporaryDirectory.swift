import Foundation

/// A fresh directory under the system's temporary directory, removed when the value is released.
final class TemporaryDirectory {
  let path: String

  /// Creates the directory under `base`, or the system's temporary directory.
  init(base: String? = nil) {
    let base = base ?? FileManager.default.temporaryDirectory.path
    var template = Array("\(base)/qapass-obs-XXXXXX".utf8CString)
    let made = template.withUnsafeMutableBufferPointer { mkdtemp($0.baseAddress!) }
    path = made.map { String(cString: $0) } ?? "\(base)/qapass-obs-\(UUID().uuidString)"
    try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
  }

  deinit {
    try? FileManager.default.removeItem(atPath: path)
  }

  /// A directory in memory (`/dev/shm`) where there is one: `fsync` costs nothing there, which suits
  /// tests of locking and of processes killed mid-write (a killed process loses nothing the kernel
  /// already has, so the disk adds nothing to what they check).
  static func inMemory() -> TemporaryDirectory {
    var info = stat()
    let shm = "/dev/shm"
    return TemporaryDirectory(base: stat(shm, &info) == 0 && access(shm, W_OK) == 0 ? shm : nil)
  }

  func file(_ name: String) -> String { "\(path)/\(name)" }

  func read(_ name: String) -> String? {
    FileManager.default.contents(atPath: file(name)).map { String(decoding: $0, as: UTF8.self) }
  }

  func write(_ text: String, to name: String) {
    _ = FileManager.default.createFile(atPath: file(name), contents: Data(text.utf8))
  }

  /// Every name in the directory, sorted.
  var names: [String] {
    ((try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []).sorted()
  }
}
