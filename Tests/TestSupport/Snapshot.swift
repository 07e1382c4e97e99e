import Foundation
import Testing

/// Golden files for text artefacts: each test target keeps them in its own `Snapshots/` folder.
///
/// A snapshot is found from the `#filePath` of the test that checks it: the folder of the test
/// target (the directory right below `Tests/`) holds `Snapshots/`, so a helper file in a subfolder
/// such as `Tests/QAPassCLITests/Support/` finds the same folder as the tests beside it.
///
/// Setting `QAPASS_RECORD_SNAPSHOTS=1` rewrites the golden files and still fails every test that
/// wrote one, so a recording is always a deliberate, reviewed change.
public enum Snapshot {
  /// The environment variable that switches to recording.
  public static let recordVariable = "QAPASS_RECORD_SNAPSHOTS"

  /// The `Snapshots/` folder of the test target that holds `filePath`.
  ///
  /// - Parameter filePath: A test source file, usually the caller's `#filePath`.
  /// - Returns: `<target folder>/Snapshots`, where the target folder is the ancestor of `filePath`
  ///   whose parent is named `Tests`; the file's own folder plus `Snapshots` when there is none.
  public static func directory(forTestFile filePath: String) -> URL {
    let file = URL(fileURLWithPath: filePath)
    var folder = file.deletingLastPathComponent()
    while folder.pathComponents.count > 1 {
      if folder.deletingLastPathComponent().lastPathComponent == "Tests" {
        return folder.appendingPathComponent("Snapshots")
      }
      folder = folder.deletingLastPathComponent()
    }
    return file.deletingLastPathComponent().appendingPathComponent("Snapshots")
  }

  /// The golden file `name` of the caller's test target.
  ///
  /// ```swift
  /// let recorded = try? String(contentsOf: Snapshot.url(named: "scenario-versions.txt"), encoding: .utf8)
  /// ```
  public static func url(named name: String, filePath: String = #filePath) -> URL {
    directory(forTestFile: filePath).appendingPathComponent(name)
  }

  /// Whether the environment asks to record snapshots instead of comparing them.
  public static func isRecording(_ environment: [String: String] = ProcessInfo.processInfo.environment)
    -> Bool
  {
    environment[recordVariable] == "1"
  }
}

/// Compares `actual` with the golden file `Snapshots/<name>` of the caller's test target, recording
/// an issue with a line diff when they differ.
///
/// With `QAPASS_RECORD_SNAPSHOTS=1` the file is written instead, and an issue still says so. A
/// missing golden file is an issue that says how to record it.
///
/// ```swift
/// assertSnapshot(plan.markdown(), named: "default-plan.md")
/// ```
///
/// - Parameters:
///   - actual: The text the test produced.
///   - name: The file name inside `Snapshots/` (may contain subfolders).
///   - sourceLocation: Where the issue is reported; its `filePath` also locates `Snapshots/`.
public func assertSnapshot(
  _ actual: String, named name: String, sourceLocation: SourceLocation = #_sourceLocation
) {
  let url = Snapshot.url(named: name, filePath: sourceLocation.filePath)
  if Snapshot.isRecording() {
    do {
      try FileManager.default.createDirectory(
        at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
      try Data(actual.utf8).write(to: url)
      Issue.record(
        "recorded snapshot \(name); run again without \(Snapshot.recordVariable)",
        sourceLocation: sourceLocation)
    } catch {
      Issue.record("could not record snapshot \(name): \(error)", sourceLocation: sourceLocation)
    }
    return
  }
  guard let data = try? Data(contentsOf: url) else {
    Issue.record(
      "missing snapshot \(name); record it with \(Snapshot.recordVariable)=1", sourceLocation: sourceLocation)
    return
  }
  let expected = String(decoding: data, as: UTF8.self)
  if expected != actual {
    Issue.record(
      "snapshot \(name) differs (- expected, + actual):\n\(lineDiff(expected, actual))",
      sourceLocation: sourceLocation)
  }
}
