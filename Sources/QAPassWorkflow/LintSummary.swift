import MatrixFormat
import QAModel

/// The human summary `lint` prints for a qapass file.
enum LintSummary {
  static func render(_ file: MatrixFile, _ plan: CellPlan) -> String {
    var out = "\(file.path): ok — \(file.name)\n"
    if let build = file.build { out += "  build under test: \(build)\n" }
    out += "  input methods: \(file.inputMethods.map(\.id).joined(separator: ", "))\n"
    let haptic = file.devices.filter { $0.haptics }.map(\.id)
    out += "  devices: \(file.devices.count) (\(haptic.count) with haptics"
    out += haptic.isEmpty ? ")\n" : ": \(haptic.joined(separator: ", ")))\n"
    let fields = file.fields.map { field in
      var text = "\(field.id) [\(field.rules.map(\.name).joined(separator: ", "))]"
      if let uses = field.inputMethods {
        text += uses.isEmpty ? " (no input method)" : " (\(uses.map(\.id).joined(separator: ", ")))"
      }
      return text
    }
    out += "  fields: \(fields.joined(separator: ", "))\n"
    if !file.testers.isEmpty {
      out +=
        "  testers: \(file.testers.map { "\($0.name) (\($0.devices.count) devices)" }.joined(separator: ", "))\n"
    }
    let dims = file.matrix.dimensions.map { "\($0.name) (\($0.values.count))" }.joined(separator: " x ")
    out +=
      "  matrix: \(dims) = \(plan.expansion.count + plan.expansion.excludedCount) combinations"
    out +=
      ", \(plan.expansion.excludedCount) excluded, \(plan.impossible.count) impossible, \(plan.cells.count) cells\n"
    let sessions = Set(plan.cells.map { SessionID(device: DeviceID(rawValue: $0.device), os: $0.os) }).count
    out += "  device sessions (device x OS): \(sessions)\n"
    if !plan.impossible.isEmpty {
      out += "  removed as impossible:\n"
      var reasons: [String: Int] = [:]
      var order: [String] = []
      for cell in plan.impossible {
        if reasons[cell.reason] == nil { order.append(cell.reason) }
        reasons[cell.reason, default: 0] += 1
      }
      for reason in order { out += "    - \(reason): \(reasons[reason]!) cells\n" }
    }
    return out
  }
}
