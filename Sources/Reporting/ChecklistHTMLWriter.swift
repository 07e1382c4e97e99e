/// Writes a device session's checklist as one self-contained HTML page, `<device>.<os>.html`, with a
/// form per item whose button saves an observation file.
public struct ChecklistHTMLWriter: ArtefactWriter {
  public static let identifier = "html"
  public static let description = "<device>.<os>.html: the checklist as a page that works offline"

  /// Creates the writer.
  public init() {}

  public func write(_ checklist: Checklist) -> [OutputFile] {
    [OutputFile(path: checklist.htmlFileName, contents: checklist.html)]
  }
}
