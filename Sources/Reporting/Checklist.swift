import QAModel

/// A Markdown checklist for one device session (one device on one OS), for the person holding it.
public struct Checklist: Hashable, Sendable {
  /// What follows a checklist's stem in its observation sheet's name.
  public static let sheetSuffix = ".observations.yaml"

  /// The session.
  public var session: SessionID
  /// A stable file name such as `iphone-16e.26.x.md`: letters, digits, `.`, `-` and `_` only.
  public var fileName: String
  /// The GitHub-flavoured Markdown text.
  public var markdown: String
  /// The self-contained HTML checklist with its observation form (``ChecklistHTML``), written beside
  /// the Markdown one as `<session>.html`.
  public var html: String = ""
  /// `iphone-16e.26.x.html`.
  public var htmlFileName: String { fileStem + ".html" }
  /// `iphone-16e.26.x.observations.yaml`: the observation sheet beside the checklist, named after it.
  public var sheetFileName: String { fileStem + Self.sheetSuffix }

  /// ``fileName`` without `.md`.
  var fileStem: String { fileName.hasSuffix(".md") ? String(fileName.dropLast(3)) : fileName }
}
