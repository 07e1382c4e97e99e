import Diagnostics
import Foundation

extension SimulatorInventory {
  /// The command whose saved output ``parseShowDestinations(path:bytes:)`` reads (add `-project` or
  /// `-workspace` as the app needs).
  package static func showDestinationsCommand(scheme: String) -> [String] {
    ["xcodebuild", "-showdestinations", "-scheme", scheme]
  }

  /// Reads the output of `xcodebuild -showdestinations -scheme S`: the simulators Xcode would run the
  /// scheme on (its deployment target already applied).
  ///
  /// Only the `Available destinations` block counts, and in it the lines
  /// `{ platform:iOS Simulator, arch:arm64, id:UDID, OS:26.2, name:iPhone 17 Pro }`; placeholders
  /// (`id:dvtdevice-…:placeholder`, no `OS`), other platforms and the `Ineligible destinations` block are
  /// left out. Every device read is available; the list carries no state, so none is booted.
  ///
  /// - Throws: A `Diagnostic` at the first line when the text has no `Available destinations` block.
  package static func parseShowDestinations(path: String, bytes: [UInt8]) throws(Diagnostic)
    -> SimulatorInventory
  {
    let text = String(decoding: bytes, as: UTF8.self)
    var inAvailable = false
    var sawBlock = false
    var devices: [SimulatorDevice] = []
    // Lines as diagnostics count them: `\n`, `\r\n` (one Character in Swift) or a lone `\r`.
    let lines = text.split(omittingEmptySubsequences: false) { $0 == "\n" || $0 == "\r\n" || $0 == "\r" }
    for (index, line) in lines.enumerated() {
      let trimmed = line.trimmingCharacters(in: .whitespaces)
      if trimmed.hasPrefix("Available destinations") {
        inAvailable = true
        sawBlock = true
        continue
      }
      if trimmed.hasPrefix("Ineligible destinations") {
        inAvailable = false
        continue
      }
      guard inAvailable, trimmed.hasPrefix("{"), trimmed.hasSuffix("}") else { continue }
      let fields = Self.destinationFields(String(trimmed.dropFirst().dropLast()))
      if fields["platform"] == "iOS Simulator", let problem = Self.problem(fields) {
        throw Diagnostic(
          path: path, location: TextPosition(line: index + 1, column: 1),
          message: "not the output of 'xcodebuild -showdestinations': \(problem)")
      }
      guard fields["platform"] == "iOS Simulator", let udid = fields["id"], let os = fields["OS"],
        let name = fields["name"], !udid.contains("placeholder")
      else { continue }
      let runtime = SimulatorRuntime(
        identifier: SimulatorRuntime.prefix + "iOS-" + os.split(separator: ".").joined(separator: "-"))
      devices.append(SimulatorDevice(udid: udid, name: name, state: "", isAvailable: true, runtime: runtime))
    }
    guard sawBlock else {
      throw Diagnostic(
        path: path, location: TextPosition(line: 1, column: 1),
        message: "not the output of 'xcodebuild -showdestinations': no 'Available destinations' block")
    }
    devices.sort { $0.runtime < $1.runtime }
    return SimulatorInventory(devices: devices, runtimes: Array(Set(devices.map(\.runtime))).sorted())
  }

  /// Why a simulator destination's fields are not what xcodebuild writes: a key with spaces
  /// (`id :UDID`), an id that is not a UDID (placeholders aside), an OS that is not digits and dots, a
  /// control character anywhere; `nil` when they are.
  static func problem(_ fields: [String: String]) -> String? {
    if let key = fields.keys.sorted().first(where: { $0.contains { $0.isWhitespace } || $0.isEmpty }) {
      return
        "a destination key '\(key.debugDescription.dropFirst().dropLast())' has spaces; expected 'key:value'"
    }
    if let key = fields.keys.sorted().first(where: {
      fields[$0]!.unicodeScalars.contains { $0.properties.generalCategory == .control }
    }) {
      return "the destination's '\(key)' holds a control character"
    }
    if let udid = fields["id"], !udid.contains("placeholder"),
      udid.utf8.count != 36
        || !udid.split(separator: "-").map(\.count).elementsEqual([8, 4, 4, 4, 12])
        || !udid.allSatisfy({ $0 == "-" || $0.isHexDigit })
    {
      return "simulator id '\(udid)' is not a UDID (8-4-4-4-12 hexadecimal digits)"
    }
    if let os = fields["OS"], os.isEmpty || !os.allSatisfy({ $0 == "." || ("0"..."9").contains($0) }) {
      return
        "simulator OS '\(os.unicodeScalars.map { $0.properties.generalCategory == .control ? "?" : String($0) }.joined())' is not a version such as 26.2"
    }
    return nil
  }

  /// `platform:iOS Simulator, arch:arm64, id:X, OS:26.2, name:iPhone 17 Pro` as a dictionary; `name` is last
  /// and keeps any commas.
  static func destinationFields(_ body: String) -> [String: String] {
    var fields: [String: String] = [:]
    var rest = Substring(body.trimmingCharacters(in: .whitespaces))
    while !rest.isEmpty {
      guard let colon = rest.firstIndex(of: ":") else { break }
      // Leading spaces only: `id :X` keeps its key 'id ', which ``problem(_:)`` refuses.
      let key = String(String(rest[..<colon]).drop { $0 == " " })
      let afterColon = rest[rest.index(after: colon)...]
      if key == "name" {
        fields[key] = afterColon.trimmingCharacters(in: .whitespaces)
        break
      }
      let end = afterColon.range(of: ", ")?.lowerBound ?? afterColon.endIndex
      fields[key] = String(afterColon[..<end])
      rest = end == afterColon.endIndex ? "" : afterColon[afterColon.index(end, offsetBy: 2)...]
    }
    return fields
  }
}
