/// A Markdown checklist for one device session (one device on one OS), for the person holding it.
public struct Checklist: Hashable, Sendable {
  /// A device session: one device on one OS version.
  public struct Session: Hashable, Sendable {
    /// The device id.
    public var device: String
    /// The OS version, as the matrix writes it.
    public var os: String

    /// `iphone-16e.26.x`: the id observation sheets use.
    public var id: String { "\(device).\(os)" }
  }

  /// The session.
  public var session: Session
  /// A stable file name such as `iphone-16e.26.x.md`: letters, digits, `.`, `-` and `_` only.
  public var fileName: String
  /// The GitHub-flavoured Markdown text.
  public var markdown: String
  /// The self-contained HTML checklist with its observation form (``ChecklistHTML``), written beside
  /// the Markdown one as `<session>.html`.
  public var html: String = ""
  /// `iphone-16e.26.x.html`.
  public var htmlFileName: String {
    (fileName.hasSuffix(".md") ? String(fileName.dropLast(3)) : fileName) + ".html"
  }
}
