/// A simulator runtime as `xcrun simctl` names it: `com.apple.CoreSimulator.SimRuntime.iOS-26-2` is iOS 26.2.
///
/// ```swift
/// let runtime = SimulatorRuntime(identifier: "com.apple.CoreSimulator.SimRuntime.iOS-26-2")
/// runtime.platform  // "iOS"
/// runtime.version   // [26, 2]
/// ```
package struct SimulatorRuntime: Hashable, Sendable, Comparable, CustomStringConvertible {
  /// The identifier, as `simctl` prints it.
  package var identifier: String
  /// `iOS`, `watchOS`, `tvOS`, `xrOS`…; the identifier itself when it has no recognisable form.
  package var platform: String
  /// The version parts, `[26, 2]`; empty when the identifier carries none.
  package var version: [Int]

  /// The prefix every CoreSimulator runtime identifier starts with.
  static let prefix = "com.apple.CoreSimulator.SimRuntime."

  /// Parses a runtime identifier; an unknown form keeps the whole identifier as its platform.
  package init(identifier: String) {
    self.identifier = identifier
    let name =
      identifier.hasPrefix(Self.prefix) ? String(identifier.dropFirst(Self.prefix.count)) : identifier
    let pieces = name.split(separator: "-").map(String.init)
    let numbers = pieces.dropFirst().compactMap { Int($0) }
    if pieces.count >= 2, numbers.count == pieces.count - 1 {
      platform = pieces[0]
      version = numbers
    } else {
      platform = identifier
      version = []
    }
  }

  /// The version as people write it: `26.2`.
  package var versionText: String { version.map(String.init).joined(separator: ".") }

  /// `iOS 26.2`.
  package var description: String { version.isEmpty ? platform : "\(platform) \(versionText)" }

  /// Whether this runtime is a release of `os` as a matrix writes it: `26.x` takes every 26 runtime,
  /// `26.2` takes 26.2 and 26.2.1, `26` every 26 runtime.
  ///
  /// - Parameter os: The numeric parts before any wildcard (`OSVersion.parts`).
  package func matches(_ parts: [Int]) -> Bool {
    !parts.isEmpty && version.count >= parts.count && Array(version.prefix(parts.count)) == parts
  }

  /// Orders by platform, then version (newest last).
  package static func < (lhs: SimulatorRuntime, rhs: SimulatorRuntime) -> Bool {
    if lhs.platform != rhs.platform { return lhs.platform < rhs.platform }
    if lhs.version != rhs.version { return lhs.version.lexicographicallyPrecedes(rhs.version) }
    return lhs.identifier < rhs.identifier
  }
}
