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
