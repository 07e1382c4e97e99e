import Diagnostics
import Effects
import Foundation
import Observations
import QAModel
import TestResults

/// The plan's manual items: the simulator and the physical iPhone 17 Pro on 26.x, as the test fixtures have.
let catalog: ObservableCatalog = {
  func item(_ id: String, _ device: String) -> ObservableItem {
    ObservableItem(
      id: ItemID(rawValue: id), textVersion: 1, device: DeviceID(rawValue: device), os: "26.x", title: id)
  }
  let sim = "sim-iphone-17-pro"
  return ObservableCatalog(
    items: [
      item("manual.ime.m1.\(sim).26.x.zh-pinyin.full-name", sim),
      item("manual.ime.m2.\(sim).26.x.zh-pinyin.full-name", sim),
      item("manual.ime.m3.\(sim).26.x.zh-pinyin.full-name", sim),
      item("manual.ime.m2.\(sim).26.x.ja-romaji.full-name", sim),
      item("manual.ime.m1.iphone-17-pro.26.x.zh-pinyin.full-name", "iphone-17-pro"),
    ], build: "4.12.0 (812)", planFingerprint: "sha256:fuzz")
}()

let context = TestResultIngest.Context(
  catalog: catalog,
  devices: [
    .init(id: "iphone-17-pro", name: "iPhone 17 Pro", isSimulator: false),
    .init(id: "sim-iphone-17-pro", name: "iPhone 17 Pro Simulator", isSimulator: true),
  ],
  tester: "ci", build: "4.12.0 (812)", fallbackTime: Timestamp(secondsSince1970: 1_796_000_000),
  fallbackTimeSource: "from --time", recordsName: "observations/records.yaml")

let recordsPath = "/w/observations/records.yaml"

/// Ingests `bytes` into the records file of `files`; `nil` when the input is refused with a documented error.
func ingest(_ bytes: [UInt8], _ files: InMemoryFileSystem) -> IngestSummary? {
  do {
    return try TestResultIngest.ingestXCResult(
      path: "tests.json", bytes: bytes, device: nil, os: nil, context: context,
      records: RecordsFile(path: recordsPath, files: files))
  } catch let error as Diagnostic {
    // Lines as the renderer counts them: YAML's breaks (`\n`, `\r\n`, a lone `\r`), which libyaml uses
    // to place an error in JSON too.
    if let location = error.location {
      guard let line = SourceText.line(location.line, in: String(decoding: bytes, as: UTF8.self)),
        (1...line.unicodeScalars.count + 1).contains(location.column)
      else { fatalError("error outside the input: \(error)") }
    }
    _ = DiagnosticRenderer().render(error, source: String(decoding: bytes, as: UTF8.self))
    return nil
  } catch is IngestError {
    return nil
  } catch {
    fatalError("ingest failed on its own records: \(error)")
  }
}

/// libFuzzer entry: the input is the JSON of `xcresulttool get test-results tests`, ingested twice into a
/// records file on an in-memory file system. The first run accounts for every test case (recorded, already
/// recorded or listed as unmatched), records only plan items, and writes records that read back with the
/// same items, results and notes; the second run records nothing new and leaves the file as it was.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  let bytes = Array(UnsafeBufferPointer(start: data, count: size))
  let files = InMemoryFileSystem(["/w": .folder, "/w/observations": .folder])
  guard let first = ingest(bytes, files) else {
    if files.text(recordsPath) != nil { fatalError("a refused input left records") }
    return 0
  }
  _ = first.text
  let known = Set(catalog.items.map(\.id))
  if let stray = first.recorded.first(where: { !known.contains($0.itemID) }) {
    fatalError("recorded \(stray.itemID), not an item of the plan")
  }
  func test(_ observation: Observation) -> String {
    observation.evidence.first.map { String($0[($0.firstIndex(of: "#") ?? $0.startIndex)...].dropFirst()) }
      ?? ""
  }
  let accounted = Set(
    first.recorded.map(test) + first.alreadyRecorded.map(test)
      + first.unmatched.map { "\($0.testCase.classname)/\($0.testCase.name)" })
  if let tests = try? XCResultTests.parse(path: "tests.json", bytes: bytes),
    let dropped = tests.cases.first(where: { !accounted.contains("\($0.classname)/\($0.name)") })
  {
    fatalError("test case \(dropped.displayName) on \(dropped.deviceName ?? "-") neither recorded nor listed")
  }
  let written = files.text(recordsPath)
  if first.recorded.isEmpty != (written == nil) {
    fatalError("records file does not match what was recorded")
  }
  if let written {
    let read = Ingest.run(files: [ObservationFile(path: "records.yaml", text: written)], catalog: catalog)
    if read.hasErrors { fatalError("ingest refuses the records it wrote: \(read.diagnostics)") }
    func shape(_ o: Observation) -> String { "\(o.itemID) \(o.result.rawValue) \(o.os) \(o.note ?? "-")" }
    let back = read.items.flatMap(\.observations).map { shape($0.observation) }.sorted()
    if back != first.recorded.map(shape).sorted() {
      fatalError("records read back \(back), recorded \(first.recorded.map(shape).sorted())")
    }
  }
  guard let second = ingest(bytes, files) else { fatalError("the second run refused what the first took") }
  if !second.recorded.isEmpty { fatalError("the second run recorded \(second.recorded.count) again") }
  if second.alreadyRecorded.count != first.recorded.count + first.alreadyRecorded.count {
    fatalError("the second run saw \(second.alreadyRecorded.count) already recorded")
  }
  if files.text(recordsPath) != written { fatalError("the second run changed the records file") }
  return 0
}
