import Diagnostics
import Testing

@testable import Simulators

struct SimulatorInventoryTests {
  @Test func `the fixture lists every device and runtime, oldest runtime first`() throws {
    let inventory = try Fixture.inventory()
    #expect(inventory.devices.count == 10)
    #expect(inventory.devices.filter { !$0.isAvailable }.count == 2)
    #expect(
      inventory.runtimes.map(\.description) == [
        "iOS 17.5", "iOS 18.3", "iOS 26.0", "iOS 26.2", "iOS 27.0", "watchOS 26.2",
      ])
  }

  @Test func `text that is not simctl JSON is a data error naming what is wrong`() {
    let notJSON = #expect(throws: Diagnostic.self) {
      try SimulatorInventory.parse(path: "x.json", bytes: Array("devices: []".utf8))
    }
    #expect(
      notJSON?.description
        == "x.json: error: not the JSON of 'xcrun simctl list devices available --json': the text is not valid JSON"
    )
    let noUDID = #expect(throws: Diagnostic.self) {
      try SimulatorInventory.parse(
        path: "x.json",
        bytes: Array(#"{"devices": {"com.apple.CoreSimulator.SimRuntime.iOS-26-2": [{"name": "a"}]}}"#.utf8))
    }
    #expect(
      noUDID?.message.hasSuffix(
        "no member 'udid' in 'devices.com.apple.CoreSimulator.SimRuntime.iOS-26-2[0]'") == true)
  }
}

struct ShowDestinationsTests {
  @Test func `xcodebuild's available simulators are read, placeholders and ineligible ones left out`() throws
  {
    let inventory = try SimulatorInventory.parseShowDestinations(
      path: "destinations.txt", bytes: Fixture.bytes("xcodebuild-showdestinations.txt"))
    #expect(inventory.devices.count == 5)
    #expect(inventory.runtimes.map(\.description) == ["iOS 18.3", "iOS 26.0", "iOS 26.2"])
    let destination = try DestinationResolver.resolve(
      try Fixture.session("sim-iphone-17-pro.26.x"), in: inventory)
    #expect(destination.device.udid == "9A2D4B3C-1E5F-4A6B-8C7D-26020000D001")
    // No boot state in this list: of two iPhone 16e on 26.2, the lowest UDID.
    let shared = try DestinationResolver.resolve(try Fixture.session("sim-iphone-16e.26.x"), in: inventory)
    #expect(shared.device.udid == "9A2D4B3C-1E5F-4A6B-8C7D-26020000D002")
    #expect(shared.choice == "2 simulators of 'iPhone 16e' on iOS 26.2; the lowest UDID")
  }

  /// Issue 32, finding 8: `id :UDID` and NUL bytes in an OS field were accepted and echoed raw.
  @Test(arguments: [
    (
      "{ platform:iOS Simulator, id :9A2D4B3C-1E5F-4A6B-8C7D-26020000D001, OS:26.2, name:iPhone 17 }",
      "a destination key 'id ' has spaces; expected 'key:value'"
    ),
    (
      "{ platform:iOS Simulator, id:9A2D4B3C-1E5F-4A6B-8C7D-26020000D001, OS:26.2\u{0}1, name:iPhone 17 }",
      "the destination's 'OS' holds a control character"
    ),
    (
      "{ platform:iOS Simulator, id:'; rm -rf ~; ', OS:26.2, name:iPhone 17 }",
      "simulator id ''; rm -rf ~; '' is not a UDID (8-4-4-4-12 hexadecimal digits)"
    ),
    (
      "{ platform:iOS Simulator, id:9A2D4B3C-1E5F-4A6B-8C7D-26020000D001, OS:26.2 beta, name:iPhone 17 }",
      "simulator OS '26.2 beta' is not a version such as 26.2"
    ),
  ])
  func `a destination line xcodebuild would not write is refused at its line`(line: String, message: String) {
    let text = "Available destinations for \"App\":\n\t\(line)\n"
    let error = #expect(throws: Diagnostic.self) {
      try SimulatorInventory.parseShowDestinations(path: "d.txt", bytes: Array(text.utf8))
    }
    #expect(
      error?.description == "d.txt:2:1: error: not the output of 'xcodebuild -showdestinations': \(message)")
  }

  /// A `\r\n` inside a destination line ends it, as it ends a line for diagnostics: no device is read
  /// from the two halves joined (Swift reads `\r\n` as one Character, which a split on `\n` missed).
  @Test func `a line break of any kind ends a destination line`() throws {
    let udid = "6F1C3A2E-9B4D-4C7A-8E5F-26000000C001"
    for separator in ["\r\n", "\r", "\n"] {
      let text =
        "Available destinations for \"App\":\n\t{ platform:iOS Simulator, id:4B6E2C{ platform:iOS \(separator)"
        + "Simulator, id:\(udid), OS:26.2, name:iPhone 17 Pro }\n"
      let inventory = try SimulatorInventory.parseShowDestinations(path: "d.txt", bytes: Array(text.utf8))
      #expect(inventory.devices.isEmpty, "separator \(Array(separator.unicodeScalars))")
    }
    let crlf =
      "Available destinations for \"App\":\r\n\t{ platform:iOS Simulator, id:\(udid), OS:26.2, name:iPhone 17 Pro }\r\n"
    let inventory = try SimulatorInventory.parseShowDestinations(path: "d.txt", bytes: Array(crlf.utf8))
    #expect(inventory.devices.map(\.udid) == [udid])
  }

  @Test func `text without an available-destinations block is a data error`() {
    let error = #expect(throws: Diagnostic.self) {
      try SimulatorInventory.parseShowDestinations(
        path: "d.txt", bytes: Array("xcodebuild: error: no scheme\n".utf8))
    }
    #expect(
      error?.description
        == "d.txt:1:1: error: not the output of 'xcodebuild -showdestinations': no 'Available destinations' block"
    )
  }

  @Test func `a name keeps its commas and parentheses`() {
    let fields = SimulatorInventory.destinationFields(
      "platform:iOS Simulator, id:X, OS:26.2, name:iPad Pro 13-inch (M5), Wi-Fi")
    #expect(fields["name"] == "iPad Pro 13-inch (M5), Wi-Fi")
    #expect(fields["OS"] == "26.2")
  }
}
