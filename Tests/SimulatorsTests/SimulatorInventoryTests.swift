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
