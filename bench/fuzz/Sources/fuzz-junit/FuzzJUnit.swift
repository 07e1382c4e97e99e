import Effects
import MatrixFormat
import Observations
import QAPassCLI
import ScenarioEngine

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

/// The plan's manual items, made once: what the records `ingest-junit` writes are read against.
let catalog: ObservableCatalog = {
  guard case .qapass(let file) = try! MatrixDocument.load(path: "m.yaml", bytes: Array(matrix.utf8)).document
  else { fatalError("the fuzz matrix is not a qapass file") }
  return ObservableCatalog(plan: try! Plan.make(file: file))
}()

/// libFuzzer entry: the input is an Xcode JUnit file given to `qapass ingest-junit`, run in-process on
/// an in-memory file system. It must end with a documented exit code, and whatever it records must
/// read back, as `qapass report` reads it, without an error.
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
  if let records = files.text("/w/observations/records.yaml") {
    let result = Ingest.run(files: [ObservationFile(path: "records.yaml", text: records)], catalog: catalog)
    if result.hasErrors {
      fatalError("ingest-junit wrote records that ingest refuses: \(result.diagnostics)")
    }
  }
  return 0
}
