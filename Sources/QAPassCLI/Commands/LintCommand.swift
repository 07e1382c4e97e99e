import Diagnostics
import MatrixExpansion
import MatrixFormat
import QAModel
import ScenarioEngine

/// `qapass lint FILE`: checks a matrix file and summarises what it would plan.
enum LintCommand: Subcommand {
  static let spec = CommandSpec(
    name: "lint",
    abstract: "Check a matrix file and print a summary of what it would plan.",
    discussion: """
      Reports every problem in the file as path:line:col: error: message with the offending line,
      then, when the file is sound, the catalogs, the matrix and the cells removed as impossible.
      Runs every check 'run' and 'pass' depend on: the file's schema and references, keyboard
      identifiers, OS versions, recipes and regular expressions, and each input method's engine,
      which must load and commit the 'expect' text for the recipe (an engine this machine lacks is
      a warning). Exit code: 0 when sound (warnings aside), 65 with errors.
      """,
    arguments: [MatrixInput.fileArgument],
    options: [MatrixInput.maxCombinations])

  static func run(_ arguments: ParsedArguments, _ context: CommandContext) throws -> ExitCode {
    let limit = try MatrixInput.limit(arguments)
    let (path, document, warnings) = try MatrixInput.load(arguments, context)
    switch document {
    case .bare(let matrix):
      let expansion = try matrix.expand(limit: limit)
      context.console.report(warnings + expansion.warnings, sources: context.sources)
      context.console.out(
        "\(path): a GitHub-style matrix: \(matrix.dimensions.count) dimensions, "
          + "\(expansion.count) combinations (\(expansion.excludedCount) excluded)\n")
    case .qapass(let file):
      let plan = try file.cells(limit: limit)
      // What run and pass would stop at, all at once: recipes, regexes, engines and their texts.
      var problems = EnginePreflight.diagnostics(for: file)
      do {
        _ = try Plan.make(file: file, cellLimit: limit)
      } catch {
        problems = error.diagnostics + problems
      }
      let all = (warnings + plan.expansion.warnings + problems).sorted { a, b in
        (a.location ?? SourceLocation(line: 0, column: 0))
          < (b.location ?? SourceLocation(line: 0, column: 0))
      }
      if all.contains(where: { $0.severity == .error }) { throw DiagnosticList(all) }
      context.console.report(all, sources: context.sources)
      context.console.out(LintSummary.render(file, plan))
    }
    return .success
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
