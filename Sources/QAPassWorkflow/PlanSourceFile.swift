import Diagnostics
import YAMLDecoding

/// `plan-source.yaml` in a checklists folder: the matrix the checklists were made from and the planning
/// options given, so a command that names no matrix plans exactly as the checklists were planned.
///
/// `checklist` and `pass` write it beside the checklists; `record`, `pass`, the ingests and
/// `simulator-setup` read it when no matrix is given, so the commands a checklist prints
/// (`qapass record --session S`) work as printed for a team's own matrix. The matrix is written
/// relative to the folder, so the folder and its matrix can move together.
///
/// ```yaml
/// version: 1
/// matrix: ../matrices/team.yaml
/// max_combinations: 500000      # only the options given when the checklists were written
/// plan_fingerprint: sha256:…
/// ```
///
/// ```swift
/// let source = PlanSource(matrix: "matrices/team.yaml", maxCombinations: 500_000)
/// let text = PlanSourceFile(source: source, planFingerprint: "sha256:0f1e2d3c").text(folder: "checklists")
/// let path = "checklists/plan-source.yaml"
/// let read = try PlanSourceFile.parse(Array(text.utf8), path: path, folder: "checklists")
/// read.source.matrix  // "matrices/team.yaml" (written as ../matrices/team.yaml)
/// ```
package struct PlanSourceFile: Hashable, Sendable {
  /// The file's name in a checklists folder.
  package static let fileName = "plan-source.yaml"
  /// The format version this release reads and writes.
  package static let version = 1

  /// The matrix (as a path the working directory resolves) and the options given.
  package var source: PlanSource
  /// The fingerprint of the plan the checklists show.
  package var planFingerprint: String

  /// Creates the record of `source` and its plan.
  package init(source: PlanSource, planFingerprint: String) {
    self.source = source
    self.planFingerprint = planFingerprint
  }

  enum Key {
    static let version = "version"
    static let matrix = "matrix"
    static let maxCombinations = "max_combinations"
    static let strategy = "strategy"
    static let strength = "strength"
    static let seed = "seed"
    static let effort = "effort"
    static let planFingerprint = "plan_fingerprint"
    static let all = [version, matrix, maxCombinations, strategy, strength, seed, effort, planFingerprint]
  }

  /// The file's text, for the checklists folder `folder` (as the matrix path is): the matrix relative
  /// to it, then the options that were given; deterministic.
  package func text(folder: String) -> String {
    var pairs: [(key: String, value: Node)] = [
      (Key.version, Node(int: Self.version)),
      (Key.matrix, Node(string: Self.relative(source.matrix ?? "", from: folder))),
    ]
    if let limit = source.maxCombinations { pairs.append((Key.maxCombinations, Node(int: limit))) }
    if let strategy = source.strategy { pairs.append((Key.strategy, Node(string: strategy.rawValue))) }
    if let strength = source.strength { pairs.append((Key.strength, Node(int: strength))) }
    if let seed = source.seed { pairs.append((Key.seed, Node(string: String(seed)))) }
    if let effort = source.effort { pairs.append((Key.effort, Node(string: String(effort)))) }
    pairs.append((Key.planFingerprint, Node(string: planFingerprint)))
    let body = (try? YAMLEmitter().emit(Node(mapping: pairs))) ?? ""
    return Message.header + body
  }

  /// Reads the file at `path` in the checklists folder `folder`.
  ///
  /// - Returns: The record; its source's matrix is `folder` joined with the relative path written,
  ///   `..` resolved (`checklists/../m.yaml` is `m.yaml`), and its `checklists` is `folder`.
  /// - Throws: `DiagnosticList` with every problem at its place.
  package static func parse(_ bytes: [UInt8], path: String, folder: String) throws(DiagnosticList)
    -> PlanSourceFile
  {
    var reader = NodeReader(path: path)
    let root: Node?
    do { root = try YAML.parse(bytes) } catch { throw DiagnosticList([error.diagnostic(path: path)]) }
    guard let root,
      let keys = reader.mapping(
        root, context: "a plan source", allowed: Key.all,
        required: [Key.version, Key.matrix, Key.planFingerprint])
    else {
      if root == nil { reader.error(Message.empty, at: TextPosition(line: 1, column: 1)) }
      throw DiagnosticList(reader.diagnostics)
    }
    if let node = keys[Key.version]?.value, let version = reader.integer(node, "'version'"),
      version != Self.version
    {
      reader.error(Message.unsupported(version), at: node.start)
    }
    var source = PlanSource(matrix: nil, checklists: folder)
    if let node = keys[Key.matrix]?.value, let matrix = reader.string(node, "'matrix'") {
      if matrix.isEmpty || matrix.hasPrefix("/") {
        reader.error(Message.notRelative(matrix), at: node.start)
      } else {
        source.matrix = Self.joined(folder, matrix)
      }
    }
    if let node = keys[Key.maxCombinations]?.value, let limit = reader.integer(node, "'max_combinations'") {
      source.maxCombinations = limit
    }
    if let node = keys[Key.strategy]?.value, let text = reader.string(node, "'strategy'") {
      source.strategy = PlanSource.Strategy(rawValue: text)
      if source.strategy == nil {
        reader.error(
          "unknown strategy '\(text)'; expected 'full' or 'pairwise'", at: node.start)
      }
    }
    if let node = keys[Key.strength]?.value { source.strength = reader.integer(node, "'strength'") }
    if let node = keys[Key.seed]?.value, let seed = reader.integer(node, "'seed'") {
      source.seed = seed >= 0 ? UInt64(seed) : nil
    }
    if let node = keys[Key.effort]?.value { source.effort = reader.number(node, "'effort'") }
    let fingerprint =
      keys[Key.planFingerprint].flatMap { reader.string($0.value, "'plan_fingerprint'") } ?? ""
    if reader.hasErrors { throw DiagnosticList(reader.diagnostics) }
    return PlanSourceFile(source: source, planFingerprint: fingerprint)
  }

  /// `path` as seen from `folder` (both relative to the working directory, or both absolute after
  /// ``joined(_:_:)``): `../matrices/m.yaml` from `checklists`.
  static func relative(_ path: String, from folder: String) -> String {
    let target = components(path)
    let base = components(folder)
    var common = 0
    while common < min(target.count, base.count), target[common] == base[common], base[common] != ".." {
      common += 1
    }
    let up = Array(repeating: "..", count: base.count - common)
    return (up + target[common...]).joined(separator: "/")
  }

  /// `folder/path` with `.` and `..` resolved as far as the text allows.
  static func joined(_ folder: String, _ path: String) -> String {
    let absolute = folder.hasPrefix("/")
    var out: [String] = []
    for part in components(folder) + components(path) {
      if part == "..", let last = out.last, last != ".." {
        out.removeLast()
      } else if part == "..", absolute {
        continue
      } else {
        out.append(part)
      }
    }
    let text = out.joined(separator: "/")
    return absolute ? "/" + text : (text.isEmpty ? "." : text)
  }

  /// The parts of a path, without empty ones and `.`.
  private static func components(_ path: String) -> [String] {
    path.split(separator: "/").map(String.init).filter { $0 != "." }
  }

  enum Message {
    static let header = """
      # The matrix these checklists were made from, and the planning options given, written by
      # 'qapass checklist' and 'qapass pass'. 'qapass record', 'pass', the ingests and 'simulator-setup'
      # read it when no matrix is named, so they plan exactly as these checklists were planned.

      """
    static let empty = "the file is empty; expected 'version: 1', 'matrix' and 'plan_fingerprint'"

    static func unsupported(_ version: Int) -> String {
      "unsupported version \(version); this release reads version \(PlanSourceFile.version)"
    }

    static func notRelative(_ path: String) -> String {
      "'matrix' is '\(path)'; expected the matrix's path relative to this folder, such as ../matrices/team.yaml"
    }
  }
}
