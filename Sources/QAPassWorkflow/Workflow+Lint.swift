import Diagnostics
import MatrixExpansion
import MatrixFormat
import ScenarioEngine

extension Workflow {
  /// The inputs of ``lint(_:)``.
  public struct LintInputs: Sendable {
    /// The matrix file.
    public var matrix: String
    /// The largest expansion accepted (`nil`: the default limit).
    public var maxCombinations: Int?

    /// Creates the inputs.
    public init(matrix: String, maxCombinations: Int? = nil) {
      self.matrix = matrix
      self.maxCombinations = maxCombinations
    }
  }

  /// `qapass lint`: checks a matrix file with every check `run` and `pass` depend on (schema,
  /// references, recipes, regular expressions, each input method's engine) and prints a summary.
  ///
  /// - Returns: The warnings printed.
  /// - Throws: `DiagnosticList` with every problem, sorted by place, when one is an error.
  public func lint(_ inputs: LintInputs) throws -> Outcome<[Diagnostic]> {
    begin()
    let limit = inputs.maxCombinations ?? Matrix.defaultCombinationLimit
    let path = inputs.matrix
    let (document, warnings) = try loadDocument(path)
    switch document {
    case .bare(let matrix):
      let expansion = try matrix.expand(limit: limit)
      show(warnings + expansion.warnings)
      console.out(
        "\(path): a GitHub-style matrix: \(matrix.dimensions.count) dimensions, "
          + "\(expansion.count) combinations (\(expansion.excludedCount) excluded)\n")
      return outcome(warnings + expansion.warnings)
    case .qapass(let file):
      let plan = try file.cells(limit: limit)
      // What run and pass would stop at, all at once: recipes, regexes, engines and their texts.
      var problems = EnginePreflight.diagnostics(for: file, engines: engines)
      do {
        _ = try Plan.make(file: file, cellLimit: limit, engines: engines)
      } catch {
        problems = error.diagnostics + problems
      }
      let all = (warnings + plan.expansion.warnings + problems).sorted { a, b in
        (a.location ?? SourceLocation(line: 0, column: 0))
          < (b.location ?? SourceLocation(line: 0, column: 0))
      }
      if all.contains(where: { $0.severity == .error }) { throw DiagnosticList(all) }
      show(all)
      console.out(LintSummary.render(file, plan))
      return outcome(all)
    }
  }
}

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
    let sessions = Set(plan.cells.map { "\($0.device)\u{0}\($0.os)" }).count
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
