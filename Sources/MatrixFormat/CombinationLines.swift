import Diagnostics
import MatrixExpansion
import YAMLDecoding

/// Combinations as JSON Lines, one object per line: what `qapass expand` prints and what a pairwise plan
/// keeps in `checklists/cells.jsonl`, read back so re-planning keeps earlier rows.
package enum CombinationLines {
  /// Parses JSON Lines of combinations; blank lines are skipped.
  ///
  /// - Throws: `DiagnosticList` with the line and column of every line that is not a JSON object.
  package static func parse(path: String, bytes: [UInt8]) throws(DiagnosticList) -> [Combination] {
    var combinations: [Combination] = []
    var errors: [Diagnostic] = []
    var lineNumber = 0
    for line in bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false) {
      lineNumber += 1
      guard line.contains(where: { $0 != UInt8(ascii: " ") && $0 != UInt8(ascii: "\r") }) else { continue }
      do {
        guard let node = try YAML.parse(Array(line)), let pairs = node.mapping else {
          errors.append(
            Diagnostic(
              path: path, location: TextPosition(line: lineNumber, column: 1),
              message: "expected a JSON object such as {\"os\":\"27.x\",\"device\":\"iphone-16e\"}"))
          continue
        }
        combinations.append(
          Combination(pairs.map { MatrixMember($0.key.scalar?.text ?? "", MatrixValue(node: $0.value)) }))
      } catch {
        var diagnostic = error.diagnostic(path: path)
        diagnostic.location = diagnostic.location.map { TextPosition(line: lineNumber, column: $0.column) }
        errors.append(diagnostic)
      }
    }
    if !errors.isEmpty { throw DiagnosticList(errors) }
    return combinations
  }

  /// The combinations as JSON Lines.
  package static func render(_ combinations: [Combination]) -> String {
    combinations.map { $0.json + "\n" }.joined()
  }
}
