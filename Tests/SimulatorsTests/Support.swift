import Foundation
import MatrixFormat
import ScenarioEngine
import Simulators

/// The fixtures of this target (see Fixtures/README.md for where their shapes come from).
enum Fixture {
  static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .appendingPathComponent("Fixtures")

  static func bytes(_ name: String) throws -> [UInt8] {
    [UInt8](try Data(contentsOf: directory.appendingPathComponent(name)))
  }

  static func inventory() throws -> SimulatorInventory {
    try SimulatorInventory.parse(
      path: "simctl-list-devices.json", bytes: try bytes("simctl-list-devices.json"))
  }

  static func sessions() throws -> [SimulatorSession] {
    let (document, _) = try MatrixDocument.load(path: "simulators.yaml", bytes: try bytes("simulators.yaml"))
    guard case .qapass(let file) = document else { throw FixtureError() }
    return SimulatorSession.sessions(of: try Plan.make(file: file), file: file)
  }

  static func session(_ id: String) throws -> SimulatorSession {
    guard let session = try sessions().first(where: { $0.id == id }) else { throw FixtureError() }
    return session
  }

  struct FixtureError: Error {}
}
