/// One simulator from `xcrun simctl list devices --json`, with its runtime.
package struct SimulatorDevice: Hashable, Sendable {
  /// The device's UDID: valid on the Mac that listed it only.
  package var udid: String
  /// The name shown in Xcode: `iPhone 17 Pro` (names may repeat).
  package var name: String
  /// `Booted`, `Shutdown`, …
  package var state: String
  /// Whether simctl says the device can be used.
  package var isAvailable: Bool
  /// Why not, when it cannot (`runtime profile not found`).
  package var availabilityError: String?
  /// `com.apple.CoreSimulator.SimDeviceType.iPhone-17-Pro`, when listed.
  package var deviceTypeIdentifier: String?
  /// The runtime the device runs.
  package var runtime: SimulatorRuntime

  /// Creates a device.
  package init(
    udid: String, name: String, state: String, isAvailable: Bool, availabilityError: String? = nil,
    deviceTypeIdentifier: String? = nil, runtime: SimulatorRuntime
  ) {
    self.udid = udid
    self.name = name
    self.state = state
    self.isAvailable = isAvailable
    self.availabilityError = availabilityError
    self.deviceTypeIdentifier = deviceTypeIdentifier
    self.runtime = runtime
  }

  /// The prefix of device type identifiers.
  static let deviceTypePrefix = "com.apple.CoreSimulator.SimDeviceType."

  /// Whether the device's type is the model `name` (`iPhone 17 Pro` is `SimDeviceType.iPhone-17-Pro`),
  /// whatever the device was renamed to.
  package func hasDeviceType(named name: String) -> Bool {
    guard let type = deviceTypeIdentifier, type.hasPrefix(Self.deviceTypePrefix) else { return false }
    return Self.typeKey(String(type.dropFirst(Self.deviceTypePrefix.count))) == Self.typeKey(name)
  }

  /// Letters and digits only, lower-cased: `iPhone-17-Pro`, `iPhone 17 Pro` and `iPad-Air-11-inch-M2` compare
  /// alike with their display names.
  static func typeKey(_ text: String) -> String {
    String(text.lowercased().filter { $0.isASCII && ($0.isLetter || $0.isNumber) })
  }
}
