import Testing

@testable import Simulators

struct DestinationResolverTests {
  struct Case: Sendable, CustomTestStringConvertible {
    var session: String
    var udid: String
    var runtime: String
    var choice: String?
    var testDescription: String { session }
  }

  // Expected UDIDs read off Fixtures/simctl-list-devices.json by hand.
  @Test(arguments: [
    // 26.x: the highest installed 26 runtime (26.2), not 26.0.
    Case(
      session: "sim-iphone-17-pro.26.x", udid: "9A2D4B3C-1E5F-4A6B-8C7D-26020000D001", runtime: "iOS 26.2"),
    // Two iPhone 16e on 26.2: the booted one, and the output says so.
    Case(
      session: "sim-iphone-16e.26.x", udid: "9A2D4B3C-1E5F-4A6B-8C7D-26020000D002", runtime: "iOS 26.2",
      choice: "2 simulators of 'iPhone 16e' on iOS 26.2; the booted one"),
    // 18.x: the one 18 runtime; the unavailable iOS 17.5 iPhone 16e never counts.
    Case(session: "sim-iphone-16e.18.x", udid: "4B6E2C1D-0A3F-4D5E-9C8B-18030000B001", runtime: "iOS 18.3"),
    // A simulator renamed 'Pinyin QA' is still an iPhone Air by its device type.
    Case(session: "sim-iphone-air.26.x", udid: "9A2D4B3C-1E5F-4A6B-8C7D-26020000D004", runtime: "iOS 26.2"),
  ])
  func `each session gets the right UDID`(_ expected: Case) throws {
    let destination = try DestinationResolver.resolve(
      try Fixture.session(expected.session), in: Fixture.inventory())
    #expect(destination.device.udid == expected.udid)
    #expect(destination.device.runtime.description == expected.runtime)
    #expect(destination.choice == expected.choice)
    #expect(destination.xcodebuildArguments == "-destination 'platform=iOS Simulator,id=\(expected.udid)'")
  }

  @Test func `a session whose OS has no simulator is an error that lists what is installed`() throws {
    // iOS 27 is installed as a runtime but has no device in the fixture.
    let error = #expect(throws: ResolutionError.self) {
      try DestinationResolver.resolve(try Fixture.session("sim-iphone-17-pro.27.x"), in: Fixture.inventory())
    }
    #expect(error?.reason == .noRuntime)
    #expect(
      error?.description
        == "session 'sim-iphone-17-pro.27.x': no available 'iPhone 17 Pro' simulator runs iOS 27.x (install "
        + "the runtime in Xcode > Settings > Components, or create the simulator with 'xcrun simctl create'); "
        + "installed: 'Apple Watch Series 11 (46mm)' on watchOS 26.2; 'Pinyin QA' on iOS 26.2; 'iPhone 16e' "
        + "on iOS 18.3, iOS 26.0, iOS 26.2; 'iPhone 17 Pro' on iOS 26.0, iOS 26.2; "
        + "iOS 17.5 unavailable (runtime profile not found using \"System\" match policy); "
        + "iOS 27.0 with no simulator")
  }

  @Test func `a model whose only simulators are unavailable is an error`() throws {
    let session = SimulatorSession(
      id: "sim-iphone-15.17.x", device: "sim-iphone-15", model: "iPhone 15", os: "17.x")
    let error = #expect(throws: ResolutionError.self) {
      try DestinationResolver.resolve(session, in: Fixture.inventory())
    }
    #expect(error?.reason == .modelUnavailable)
    #expect(
      error?.description.hasPrefix(
        "session 'sim-iphone-15.17.x': every 'iPhone 15' simulator is unavailable;") == true)
  }

  @Test func `an unknown model is an error`() throws {
    let session = SimulatorSession(
      id: "sim-ipad.26.x", device: "sim-ipad", model: "iPad Pro 13-inch (M5)", os: "26.x")
    let error = #expect(throws: ResolutionError.self) {
      try DestinationResolver.resolve(session, in: Fixture.inventory())
    }
    #expect(error?.reason == .noModel)
  }

  @Test func `an exact OS takes only its own releases`() throws {
    let inventory = try Fixture.inventory()
    var session = SimulatorSession(id: "s", device: "d", model: "iPhone 17 Pro", os: "26.0")
    #expect(try DestinationResolver.resolve(session, in: inventory).device.udid.hasSuffix("26000000C001"))
    session.os = "26.1"
    #expect(throws: ResolutionError.self) { try DestinationResolver.resolve(session, in: inventory) }
  }

  @Test func `runtime identifiers parse to platform and version`() {
    let runtime = SimulatorRuntime(identifier: "com.apple.CoreSimulator.SimRuntime.iOS-26-2")
    #expect(runtime.platform == "iOS" && runtime.version == [26, 2])
    #expect(
      runtime.matches([26]) && runtime.matches([26, 2]) && !runtime.matches([26, 0]) && !runtime.matches([2]))
    let odd = SimulatorRuntime(identifier: "com.example.Runtime")
    #expect(odd.version.isEmpty && !odd.matches([26]))
  }
}
