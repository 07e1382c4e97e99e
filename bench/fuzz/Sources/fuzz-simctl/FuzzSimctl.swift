import Diagnostics
import Foundation
import MatrixFormat
import QAModel
import Simulators

/// Sessions resolved against every inventory read: a model by name, a renamed simulator found by its
/// device type, and an exact OS release.
let sessions = [
  SimulatorSession(
    id: "sim-iphone-17-pro.26.x", device: "sim-iphone-17-pro", model: "iPhone 17 Pro", os: "26.x"),
  SimulatorSession(id: "sim-iphone-16e.26.2", device: "sim-iphone-16e", model: "iPhone 16e", os: "26.2"),
  SimulatorSession(id: "sim-iphone-air.26.x", device: "sim-iphone-air", model: "iPhone Air", os: "26.x"),
]

/// libFuzzer entry: the input is the JSON of `xcrun simctl list devices available --json`. The reader
/// either returns an inventory of devices that are all in the input, or a `Diagnostic` that renders; every
/// destination resolved from the inventory is one of its available iOS devices on a runtime of the
/// session's OS.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  let bytes = Array(UnsafeBufferPointer(start: data, count: size))
  let inventory: SimulatorInventory
  do {
    inventory = try SimulatorInventory.parse(path: "simctl.json", bytes: bytes)
  } catch {
    // Lines as the renderer counts them: YAML's breaks (`\n`, `\r\n`, a lone `\r`), which libyaml uses
    // to place an error in JSON too.
    if let location = error.location {
      guard let line = SourceText.line(location.line, in: String(decoding: bytes, as: UTF8.self)),
        (1...line.unicodeScalars.count + 1).contains(location.column)
      else { fatalError("error outside the input: \(error)") }
    }
    _ = DiagnosticRenderer().render(error, source: String(decoding: bytes, as: UTF8.self))
    return 0
  }
  // Every UDID read is in the input once the escapes `\/` and `\"` are undone; only a UDID with
  // non-ASCII characters, which JSON may also write as `\u` escapes, is let through unseen.
  let unescaped = String(decoding: bytes, as: UTF8.self).replacingOccurrences(of: "\\/", with: "/")
    .replacingOccurrences(of: "\\\"", with: "\"")
  for device in inventory.devices where !unescaped.contains(device.udid) {
    if device.udid.utf8.allSatisfy({ $0 >= 0x20 && $0 < 0x7f }) {
      fatalError("UDID \(device.udid) is not in the input")
    }
  }
  let runtimes = Set(inventory.runtimes)
  if inventory.runtimes != inventory.runtimes.sorted() || runtimes.count != inventory.runtimes.count {
    fatalError("runtimes not sorted or repeated")
  }
  if inventory.devices.contains(where: { !runtimes.contains($0.runtime) }) {
    fatalError("a device's runtime is not listed")
  }
  if inventory.devices.map(\.runtime) != inventory.devices.map(\.runtime).sorted() {
    fatalError("devices not in runtime order")
  }
  _ = inventory.summary
  let list = DestinationList(sessions: sessions, inventory: inventory)
  if list.destinations.count + list.failures.count != sessions.count { fatalError("a session was dropped") }
  for destination in list.destinations {
    let device = destination.device
    guard inventory.devices.contains(device), device.isAvailable, device.runtime.platform == "iOS",
      device.runtime.matches(OSVersion(destination.session.os)!.parts)
    else { fatalError("\(destination.session.id) resolved to \(device)") }
  }
  for format in DestinationList.Format.allCases { _ = list.render(format) }
  return 0
}
