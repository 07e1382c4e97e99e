import Observations
import QAModel
import YAMLDecoding

/// The items of one device session, as `qapass checklist` exports them into a sheet.
let session = SessionID(device: "iphone-16e", os: "26.x")
let items = [
  ObservableItem(
    id: "manual.haptic.h1.iphone-16e.26.x", textVersion: 1, device: "iphone-16e", os: "26.x",
    title: "Saving plays the confirmation haptic", hapticFingerprint: "sha256:5fc53be062d1",
    hapticParameters: ["intensity": "1.000", "sharpness": "0.500", "time": "0.000", "type": "transient"]),
  ObservableItem(
    id: "manual.ime.m1.iphone-16e.26.x.zh-pinyin.full-name", textVersion: 1, device: "iphone-16e",
    os: "26.x", title: "Pinyin: no message while marked"),
  ObservableItem(
    id: "manual.ime.m2.iphone-16e.26.x.zh-pinyin.full-name", textVersion: 2, device: "iphone-16e",
    os: "26.x", title: "Pinyin: Return commits, does not submit"),
]

/// What a tester recorded in an entry: id, result, tester and time as written (`nil` when not text).
struct Recorded: Hashable {
  var id: String?
  var result: String?
  var tester: String?
  var time: String?
}

/// Every entry of a sheet with a result other than blank or `untested`.
func recorded(_ bytes: [UInt8]) -> [Recorded]? {
  guard let root = try? YAML.parse(bytes), let pairs = root.mapping,
    let list = pairs.first(where: { $0.key.scalar?.text == "observations" })?.value.sequence
  else { return nil }
  return list.compactMap { entry in
    func text(_ key: String) -> String? {
      entry.mapping?.first { $0.key.scalar?.text == key }?.value.scalar?.text
    }
    guard let result = text("result"), !result.isEmpty, result != "untested" else { return nil }
    return Recorded(id: text("id"), result: result, tester: text("tester"), time: text("time"))
  }
}

/// libFuzzer entry: the input is a sheet on disk that `qapass checklist` regenerates. The merge either
/// refuses the sheet (nothing is written) or keeps every result a tester recorded, and regenerating its
/// own output changes nothing.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  let bytes = Array(UnsafeBufferPointer(start: data, count: size))
  let existing = ObservationFile(path: "sheet.yaml", bytes: bytes)
  guard let text = try? SheetWriter.write(session: session, items: items, existing: existing) else {
    return 0
  }
  let output = Array(text.utf8)
  guard let after = recorded(output) else { fatalError("the merged sheet does not read back as a sheet") }
  var kept: [Recorded: Int] = [:]
  for entry in after { kept[entry, default: 0] += 1 }
  for entry in recorded(bytes) ?? [] {
    guard let count = kept[entry], count > 0 else { fatalError("a recorded result was lost: \(entry)") }
    kept[entry] = count - 1
  }
  let again = try? SheetWriter.write(
    session: session, items: items, existing: ObservationFile(path: "sheet.yaml", bytes: output))
  if again != text { fatalError("regenerating a regenerated sheet changed it") }
  return 0
}
