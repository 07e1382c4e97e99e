import Diagnostics
import Observations

/// A small plan: items of the README's sample observation file and of the Observations tests.
let catalog = ObservableCatalog(
  items: [
    ObservableItem(
      id: "manual.haptic.h1.iphone-17-pro.27.x", textVersion: 1, device: "iphone-17-pro", os: "27.x",
      title: "Saving plays the confirmation haptic",
      hapticFingerprint: "sha256:5fc53be062d1",
      hapticParameters: ["intensity": "0.800", "sharpness": "0.500", "time": "0.000", "type": "transient"]),
    ObservableItem(
      id: "manual.ime.m1.iphone-16e.26.x.zh-pinyin.full-name", textVersion: 1, device: "iphone-16e",
      os: "26.x", title: "Pinyin: no message while marked"),
    ObservableItem(
      id: "manual.ime.m2.iphone-16e.26.x.zh-pinyin.full-name", textVersion: 1, device: "iphone-16e",
      os: "26.x", title: "Pinyin: Return commits, does not submit"),
    ObservableItem(
      id: "manual.ime.m1.ipad-air.26.x.zh-pinyin", textVersion: 2, device: "ipad-air", os: "26.x",
      title: "Pinyin on iPad"),
  ],
  build: "4.12.0 (812)", planFingerprint: "sha256:0f1e2d3c")

/// libFuzzer entry: ingests the input as an observation sheet against a fixed plan and renders the
/// diagnostics the way `qapass report` does, from the note-masked text.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  let file = ObservationFile(path: "fuzz.yaml", bytes: Array(UnsafeBufferPointer(start: data, count: size)))
  let result = Ingest.run(files: [file], catalog: catalog)
  let masked = file.textForExcerpts
  _ = DiagnosticRenderer().render(result.diagnostics) { _ in masked }
  _ = result.counts
  return 0
}
