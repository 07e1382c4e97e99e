import Effects
import QAPassCLI

/// A small matrix with one simulator session, so each input plans in well under a millisecond.
let matrix = """
  version: 1
  name: Fuzz
  input_methods:
    - id: zh-pinyin
      keyboard: zh_Hans-Pinyin@sw=Pinyin-Simplified;hw=Automatic
      engine: m17n:zh-py
      recipe: zhongwen3
      expect: 中文
  devices:
    - {id: sim-iphone-17-pro, name: iPhone 17 Pro Simulator, kind: simulator, haptics: false, os: {min: "26.0"}}
  fields:
    - {id: full-name, rules: [required, han-name]}
  matrix:
    os: ["27.x"]
    input_method: [zh-pinyin]
    device: [sim-iphone-17-pro]

  """

/// libFuzzer entry: the input is an Xcode JUnit file given to `qapass ingest-junit`, run in-process on
/// an in-memory file system. It must end with a documented exit code, and whatever it records must
/// read back as a records file that `qapass report` takes without a data error.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  let files = InMemoryFileSystem([
    "/w": .folder, "/w/observations": .folder, "/w/m.yaml": .file(Array(matrix.utf8)),
    "/w/junit.xml": .file(Array(UnsafeBufferPointer(start: data, count: size))),
  ])
  let console = Console(currentDirectory: "/w", out: { _ in }, err: { _ in })
  let code = Tool.run(
    arguments: [
      "ingest-junit", "junit.xml", "--device", "sim-iphone-17-pro", "--os", "27.x", "--matrix", "m.yaml",
      "--time", "2026-11-29T18:04:05Z",
    ], console: console, files: files, clock: FixedWallClock(secondsSince1970: 1_796_119_200))
  guard [.success, .usage, .dataError, .noInput].contains(code) else { fatalError("exit code \(code)") }
  if files["/w/observations/records.yaml"] != nil {
    let report = Tool.run(
      arguments: ["report", "m.yaml", "--format", "json", "--out", "-"], console: console, files: files,
      clock: FixedWallClock(secondsSince1970: 1_796_119_200))
    if report == .dataError { fatalError("ingest-junit wrote records that report refuses") }
  }
  return 0
}
