import MatrixExpansion
import TextFormats

/// The destinations of a plan's simulator sessions on this Mac, rendered for people, tools or a GitHub
/// Actions matrix. Printed, never written to a file: the UDIDs are valid on this Mac only.
///
/// ```swift
/// let json = """
///   {"devices": {"com.apple.CoreSimulator.SimRuntime.iOS-26-2": [
///     {"udid": "6F1C2A3B-4D5E-4F60-8A9B-26020000C001", "name": "iPhone 17 Pro", "isAvailable": true,
///      "deviceTypeIdentifier": "com.apple.CoreSimulator.SimDeviceType.iPhone-17-Pro"}]}}
///   """
/// let inventory = try SimulatorInventory.parse(path: "simctl.json", bytes: Array(json.utf8))
/// let session = SimulatorSession(
///   id: "sim-iphone-17-pro.26.x", device: "sim-iphone-17-pro", model: "iPhone 17 Pro", os: "26.x",
///   keyboards: ["zh_Hans-Pinyin@sw=Pinyin-Simplified;hw=Automatic"])
/// let list = DestinationList(sessions: [session], inventory: inventory)
/// print(list.render(.table))
/// list.failures.isEmpty   // every session resolved
/// ```
package struct DestinationList: Sendable {
  /// The output formats.
  package enum Format: String, Sendable, CaseIterable {
    /// Aligned columns, then a note per session where several simulators qualified.
    case table
    /// A JSON array, one object per session.
    case json
    /// `{"include": [...]}` for `fromJSON` in a GitHub Actions matrix, on the runner that lists them.
    case githubMatrix = "github-matrix"
  }

  /// The sessions resolved, in plan order.
  package var destinations: [SimulatorDestination]
  /// The sessions that could not be resolved, in plan order.
  package var failures: [ResolutionError]

  /// Resolves every session against `inventory`.
  package init(sessions: [SimulatorSession], inventory: SimulatorInventory) {
    destinations = []
    failures = []
    for result in DestinationResolver.resolveAll(sessions, in: inventory) {
      switch result {
      case .success(let destination): destinations.append(destination)
      case .failure(let error): failures.append(error)
      }
    }
  }

  /// The resolved sessions in `format`.
  package func render(_ format: Format) -> String {
    switch format {
    case .table:
      var rows = [["session", "simulator", "runtime", "destination"]]
      for destination in destinations {
        rows.append([
          destination.session.id, destination.device.name, destination.device.runtime.description,
          destination.xcodebuildArguments,
        ])
      }
      var out = TextTable.render(rows, width: \.count)
      for destination in destinations {
        if let choice = destination.choice { out += "note: \(destination.session.id): \(choice)\n" }
      }
      // simctl's names are the Mac's text: shown as any terminal text is.
      return Escaping.terminalText(out)
    case .json:
      return JSONValue.array(destinations.map(Self.object)).rendered(trailingNewline: true)
    case .githubMatrix:
      // One line, as `echo "matrix=..." >> "$GITHUB_OUTPUT"` needs it.
      let rows = destinations.map { destination in
        MatrixValue.object(
          [
            MatrixMember("session", .string(destination.session.id)),
            MatrixMember("device", .string(destination.session.device)),
            MatrixMember("device_name", .string(destination.session.model)),
            MatrixMember("os", .string(destination.session.os)),
            MatrixMember("runtime", .string(destination.device.runtime.versionText)),
            MatrixMember("udid", .string(destination.device.udid)),
            MatrixMember("destination", .string(destination.destination)),
            MatrixMember("items", .array(destination.session.itemIDs.map { .string($0) })),
          ])
      }
      return MatrixValue.object([MatrixMember("include", .array(rows))]).json + "\n"
    }
  }

  private static func object(_ destination: SimulatorDestination) -> JSONValue {
    .object([
      ("session", .string(destination.session.id)), ("device", .string(destination.session.device)),
      ("device_name", .string(destination.session.model)), ("os", .string(destination.session.os)),
      ("runtime", .string(destination.device.runtime.versionText)),
      ("udid", .string(destination.device.udid)),
      ("destination", .string(destination.destination)), ("choice", .optional(destination.choice)),
      ("items", .strings(destination.session.itemIDs)),
    ])
  }
}
