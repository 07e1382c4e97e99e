/// A typed value could not be read from a ``Node``: the wrong kind of node, an unknown or missing key,
/// a number that does not parse.
///
/// Carries the 1-based location of the offending node or key and, optionally, notes pointing elsewhere.
///
/// ```swift
/// do {
///   let id = try node.decodeString()
/// } catch {
///   print(error.diagnostic(path: "matrix.yaml"))  // matrix.yaml:3:7: error: expected a string, found a mapping
/// }
/// ```
public struct NodeDecodingError: Error, Hashable, Sendable, CustomStringConvertible {
  /// A follow-up remark about another place in the same file.
  public struct Note: Hashable, Sendable {
    /// What the note says, such as `first defined here`.
    public var message: String
    /// Where it points (1-based).
    public var location: Mark

    /// Creates a note.
    public init(_ message: String, at location: Mark) {
      self.message = message
      self.location = location
    }
  }

  /// One line saying what was found and what was expected.
  public var message: String
  /// Where the problem is (1-based).
  public var location: Mark
  /// Remarks about related places.
  public var notes: [Note]

  /// Creates an error.
  public init(_ message: String, at location: Mark, notes: [Note] = []) {
    self.message = message
    self.location = location
    self.notes = notes
  }

  /// `line:column: message`.
  public var description: String { "\(location): \(message)" }

  /// The error as a ``Diagnostic`` about the file at `path`, its notes as note diagnostics.
  ///
  /// - Parameter path: The file as the user named it.
  /// - Returns: An error diagnostic, ready for `DiagnosticRenderer`.
  public func diagnostic(path: String) -> Diagnostic {
    Diagnostic(
      .error,
      path: path,
      location: location,
      message: message,
      notes: notes.map { Diagnostic(.note, path: path, location: $0.location, message: $0.message) }
    )
  }
}
