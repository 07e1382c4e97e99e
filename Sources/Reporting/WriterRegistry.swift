import Diagnostics

/// The writers of one kind of artefact, by identifier: the registry every artefact's formats go
/// through (``Writers``), so each file qapass writes comes from one named writer.
///
/// ```swift
/// let path = "matrices/default.yaml"
/// let bytes = Array(try Data(contentsOf: URL(fileURLWithPath: path)))
/// let document = try MatrixDocument.load(path: path, bytes: bytes).document
/// guard case .qapass(let file) = document else { return }
/// let plan = try Plan.make(file: file)
/// let checklist = Checklists.render(plan: plan, file: file, catalog: ObservableCatalog(plan: plan))[0]
/// Writers.checklist.identifiers                            // ["markdown", "html"]
/// try Writers.checklist.files(checklist, formats: ["html"]) // [OutputFile(path: "<session>.html", …)]
/// ```
package struct WriterRegistry<Artefact>: Sendable {
  /// What the writers write, for messages: `report`, `plan`, `checklist`, `run results`.
  package let artefact: String
  /// Every writer, in the order help lists them.
  package let all: [any ArtefactWriter<Artefact>.Type]

  /// Creates a registry of `writers` for `artefact`.
  package init(artefact: String, _ writers: [any ArtefactWriter<Artefact>.Type]) {
    self.artefact = artefact
    self.all = writers
  }

  /// Every identifier, in registry order.
  package var identifiers: [String] { all.map { $0.identifier } }

  /// The writer named `identifier`.
  ///
  /// - Throws: ``UnknownWriter`` naming the valid identifiers (or the close one).
  package func writer(identifier: String) throws(UnknownWriter) -> any ArtefactWriter<Artefact>.Type {
    guard let writer = all.first(where: { $0.identifier == identifier }) else {
      throw UnknownWriter(artefact: artefact, identifier: identifier, valid: identifiers)
    }
    return writer
  }

  /// The files of `artefact` in the formats named by `identifiers`, in order, each path once.
  ///
  /// - Throws: ``UnknownWriter`` for an identifier no writer has.
  package func files(_ value: Artefact, formats identifiers: [String]) throws(UnknownWriter) -> [OutputFile] {
    var files: [OutputFile] = []
    for identifier in identifiers {
      for file in try writer(identifier: identifier).init().write(value)
      where !files.contains(where: { $0.path == file.path }) {
        files.append(file)
      }
    }
    return files
  }

  /// The text of `value` in the one format `identifier` (its first file): for artefacts printed to
  /// standard output or written to a path the user names.
  ///
  /// - Throws: ``UnknownWriter`` for an identifier no writer has.
  package func text(_ value: Artefact, format identifier: String) throws(UnknownWriter) -> String {
    try writer(identifier: identifier).init().write(value).first?.contents ?? ""
  }
}

/// A format that no writer of the artefact has; a usage error.
package struct UnknownWriter: Error, Hashable, Sendable, CustomStringConvertible {
  /// What the registry writes (`report`, `plan`, …).
  package var artefact: String = "report"
  /// The identifier asked for.
  package var identifier: String
  /// The identifiers that exist.
  package var valid: [String]

  /// Creates the error.
  package init(artefact: String = "report", identifier: String, valid: [String]) {
    self.artefact = artefact
    self.identifier = identifier
    self.valid = valid
  }

  /// `unknown report format 'jsn'; did you mean 'json'?` or the list of valid ones.
  package var message: String {
    "unknown \(artefact) format '\(identifier)'" + Suggestion.hint(for: identifier, among: valid)
  }

  /// The message.
  package var description: String { message }
}
