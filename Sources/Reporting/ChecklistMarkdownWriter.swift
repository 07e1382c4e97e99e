/// Writes a device session's checklist as Markdown, `<device>.<os>.md`: preconditions first, items
/// grouped by input method and haptics.
public struct ChecklistMarkdownWriter: ArtefactWriter {
  public static let identifier = "markdown"
  public static let description = "<device>.<os>.md: the checklist in Markdown"

  /// Creates the writer.
  public init() {}

  public func write(_ checklist: Checklist) -> [OutputFile] {
    [OutputFile(path: checklist.fileName, contents: checklist.markdown)]
  }
}
