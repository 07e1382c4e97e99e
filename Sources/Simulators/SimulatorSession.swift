import MatrixFormat
import ScenarioEngine

/// A simulator session of a plan: the model and OS a tester (or a CI job) needs, and the keyboards and
/// settings its manual items ask for.
package struct SimulatorSession: Hashable, Sendable {
  /// `<device>.<os>`, as item ids and checklists spell it.
  package var id: String
  /// The device id from the matrix.
  package var device: String
  /// The simulator model: the device's name without a trailing ` Simulator` (`iPhone 17 Pro`).
  package var model: String
  /// The OS version as the matrix writes it (`26.x`).
  package var os: String
  /// The iOS keyboard identifiers of the session's items, in plan order, without repeats.
  package var keyboards: [String]
  /// The matrix labels of those keyboards, in the same order (`Japanese – Romaji`).
  package var keyboardLabels: [String] = []
  /// The language the session asks for (a `language` matrix dimension, such as `ja`), if any.
  package var language: String?
  /// The region the session asks for (a `region` matrix dimension, such as `JP`), if any.
  package var region: String?
  /// The session's manual items, in plan order.
  package var itemIDs: [String]

  /// Creates a session.
  package init(
    id: String, device: String, model: String, os: String, keyboards: [String] = [], language: String? = nil,
    region: String? = nil, itemIDs: [String] = []
  ) {
    self.id = id
    self.device = device
    self.model = model
    self.os = os
    self.keyboards = keyboards
    self.language = language
    self.region = region
    self.itemIDs = itemIDs
  }

  /// The simulator sessions of `plan`, in plan order: sessions whose device is a simulator in `file`.
  package static func sessions(of plan: Plan, file: MatrixFile) -> [SimulatorSession] {
    let simulators = Dictionary(
      file.devices.filter { $0.kind == .simulator }.map { ($0.id, $0.name) }, uniquingKeysWith: { a, _ in a })
    let itemsByID = Dictionary(plan.items.map { ($0.id, $0) }, uniquingKeysWith: { a, _ in a })
    let labels = Dictionary(
      file.inputMethods.map { ($0.keyboard, $0.label) }, uniquingKeysWith: { a, _ in a })
    return plan.sessions.compactMap { session in
      guard let name = simulators[session.device.rawValue] else { return nil }
      let model = name.hasSuffix(" Simulator") ? String(name.dropLast(" Simulator".count)) : name
      var result = SimulatorSession(
        id: session.id.description, device: session.device.rawValue, model: model, os: session.os,
        itemIDs: session.itemIDs.map(\.rawValue))
      for id in session.itemIDs {
        guard let configuration = itemsByID[id]?.configuration else { continue }
        if let keyboard = configuration.keyboard, !result.keyboards.contains(keyboard) {
          result.keyboards.append(keyboard)
          result.keyboardLabels.append(labels[keyboard] ?? keyboard)
        }
        for pair in configuration.extras {
          if pair.key == "language", result.language == nil { result.language = pair.value }
          if pair.key == "region", result.region == nil { result.region = pair.value }
        }
      }
      return result
    }
  }
}
