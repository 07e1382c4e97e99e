import MatrixFormat
import QAModel

/// The human summary `lint` prints for a qapass file.
enum LintSummary {
  /// The summary of `file`, whose planned cells are `plan`.
  ///
  /// - Parameters:
  ///   - plan: The cells the file's strategy plans.
  ///   - full: For a pairwise plan, the full product's cells, when it is within the combination limit:
  ///     the combinations, exclusions and impossible cells are counted on it.
  static func render(_ file: MatrixFile, _ plan: CellPlan, full: CellPlan? = nil) -> String {
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
    // The choices a team may switch on (issue 34): each separator policy, declared or not.
    let choices = file.policies.separatorChoices.map { choice in
      let declared =
        choice.declared.map { $0.isEmpty ? "declared: none" : "declared: \($0.joined(separator: ", "))" }
        ?? "not declared: \(choice.otherwise)"
      return "\(choice.key) (\(declared); may list \(choice.values.joined(separator: ", ")))"
    }
    out += "  policies a matrix can switch on: \(choices.joined(separator: "; "))\n"
    if !file.testers.isEmpty {
      out +=
        "  testers: \(file.testers.map { "\($0.name) (\($0.devices.count) devices)" }.joined(separator: ", "))\n"
    }
    let dims = file.matrix.dimensions.map { "\($0.name) (\($0.values.count))" }.joined(separator: " x ")
    // The counts of the full product, whatever the strategy: a covering array holds no impossible cell,
    // so its own counts would hide what the catalogs remove.
    let whole = full ?? (plan.covering == nil ? plan : nil)
    if let whole {
      out += "  matrix: \(dims) = \(whole.expansion.count + whole.expansion.excludedCount) combinations"
      out += ", \(whole.expansion.excludedCount) excluded, \(whole.impossible.count) impossible, "
      out += "\(whole.cells.count) \(plan.covering == nil ? "cells" : "possible cells")\n"
    } else if let covering = plan.covering {
      out +=
        "  matrix: \(dims) = \(covering.fullCount) combinations (more than the limit of --max-combinations "
      out += "to count the excluded and impossible ones)\n"
    }
    if let covering = plan.covering {
      out += "  strategy: pairwise, strength \(covering.strength), seed \(covering.seed): \(plan.cells.count)"
      out += whole.map { " of the \($0.cells.count) possible cells" } ?? " cells"
      out += ", covering every \(covering.strength)-way interaction they can hold"
      if !covering.uncoverable.isEmpty {
        out += " (\(covering.uncoverable.count) are impossible: 'qapass plan --explain' lists them)"
      }
      out += "\n"
    }
    let sessions = Set(plan.cells.map { SessionID(device: DeviceID(rawValue: $0.device), os: $0.os) }).count
    out += "  device sessions (device x OS): \(sessions)\n"
    let impossible = whole?.impossible ?? []
    if !impossible.isEmpty {
      out += "  removed as impossible:\n"
      var reasons: [String: Int] = [:]
      var order: [String] = []
      for cell in impossible {
        if reasons[cell.reason] == nil { order.append(cell.reason) }
        reasons[cell.reason, default: 0] += 1
      }
      for reason in order { out += "    - \(reason): \(reasons[reason]!) cells\n" }
    }
    return out
  }
}
