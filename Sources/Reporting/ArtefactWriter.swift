/// One way of writing one kind of artefact qapass makes (the plan, the run results, a checklist, the
/// report), SwiftLint's `Reporter` shape: an identifier the command line names, a description for
/// help, and a pure function from the artefact to files.
///
/// ```swift
/// let path = "matrices/default.yaml"
/// let bytes = Array(try Data(contentsOf: URL(fileURLWithPath: path)))
/// let document = try MatrixDocument.load(path: path, bytes: bytes).document
/// guard case .qapass(let file) = document else { return }
/// let plan = try Plan.make(file: file)
/// let writer = try Writers.plan.writer(identifier: "markdown")
/// writer.init().write(plan)   // [OutputFile(path: "plan.md", …)]
/// ```
package protocol ArtefactWriter<Artefact>: Sendable {
  /// What the writer writes: `Plan`, `Checklist`, `AcceptanceReport`.
  associatedtype Artefact
  /// The name used on the command line (`markdown`, `junit`, `json`).
  static var identifier: String { get }
  /// One line for help texts.
  static var description: String { get }
  /// Creates the writer.
  init()
  /// The files that make up the artefact in this format; the same artefact gives the same bytes.
  func write(_ artefact: Artefact) -> [OutputFile]
}
