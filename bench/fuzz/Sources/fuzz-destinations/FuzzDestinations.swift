import Diagnostics
import Foundation
import Simulators

/// libFuzzer entry: the input is the output of `xcodebuild -showdestinations -scheme S`. Every device read
/// comes from a `{ platform:iOS Simulator, … id:UDID … }` line of the `Available destinations` block, is
/// available and not a placeholder; the inventory is in runtime order with each runtime once. Text with no
/// such block, or with a line in it that is not `{ key:value, … }`, is refused with a `Diagnostic` placed
/// inside the input.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  let bytes = Array(UnsafeBufferPointer(start: data, count: size))
  let text = String(decoding: bytes, as: UTF8.self)
  let lines = text.split { $0 == "\n" || $0 == "\r\n" || $0 == "\r" }.map {
    $0.trimmingCharacters(in: .whitespaces)
  }
  let inventory: SimulatorInventory
  do {
    inventory = try SimulatorInventory.parseShowDestinations(path: "destinations.txt", bytes: bytes)
  } catch {
    // Lines as the renderer counts them (empty ones included: `lines` above leaves them out).
    guard let location = error.location, let line = SourceText.line(location.line, in: text),
      (1...line.unicodeScalars.count + 1).contains(location.column)
    else { fatalError("error without a place inside the input: \(error)") }
    _ = DiagnosticRenderer().render(error, source: text)
    return 0
  }
  let simulatorLines = lines.filter { $0.hasPrefix("{") && $0.contains("platform:iOS Simulator") }
  if inventory.devices.count > simulatorLines.count {
    fatalError("\(inventory.devices.count) devices from \(simulatorLines.count) simulator lines")
  }
  for device in inventory.devices {
    guard device.isAvailable, device.state.isEmpty, !device.udid.contains("placeholder"),
      simulatorLines.contains(where: { $0.contains("id:" + device.udid) })
    else { fatalError("device \(device) is not an available simulator line of the input") }
  }
  if inventory.devices.map(\.runtime) != inventory.devices.map(\.runtime).sorted() {
    fatalError("devices not in runtime order")
  }
  if inventory.runtimes != Array(Set(inventory.devices.map(\.runtime))).sorted() {
    fatalError("runtimes are not those of the devices, once each, in order")
  }
  _ = inventory.summary
  return 0
}
