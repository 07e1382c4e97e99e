import Foundation
import QAModel
import Testing

@testable import Reporting
@testable import ScenarioEngine

/// One checklist model, two writers (issue 22, point 4): the HTML page left out "Before you start", the
/// "Record:" lines, the notes, the confirmation pattern and the keyboard identifier. Every fact of the
/// model must be in the text a reader sees of both: the page as an HTML parser reads it, the Markdown as
/// cmark-gfm renders it.
@Suite(.enabled(if: Oracles.available, Oracles.skipReason))
struct ChecklistParityTests {
  /// Every text a tester reads in `checklist`, from the model.
  static func facts(_ checklist: Checklist) -> [String] {
    var facts = [
      checklist.title, "Build under test " + checklist.buildText, checklist.planFingerprint,
      checklist.session.description, checklist.deviceName, checklist.session.device.rawValue,
      checklist.deviceKind, "iOS " + checklist.session.os, checklist.planName, checklist.walkCommand,
      checklist.recordCommand.command, "records item \(checklist.recordCommand.number)",
      "Tester, date, exact OS", "Before you start",
    ]
    if let assignment = checklist.assignment {
      facts.append(
        (assignment.tester ?? "nobody holds this device") + (assignment.timeZone.map { " (\($0))" } ?? ""))
    }
    facts += checklist.notes.map { "Note: " + $0 }
    facts += checklist.beforeYouStart
    for section in checklist.sections {
      facts.append(section.title)
      switch section.kind {
      case .keyboard(let method, _, let identifier):
        facts.append(method.rawValue)
        if let identifier { facts.append("Keyboard identifier: " + identifier) }
      case .haptics(let pattern, let parameters):
        if let pattern { facts.append("Confirmation pattern " + pattern) }
        facts += parameters
      case .other: break
      }
      facts += section.preconditions
      for item in section.items {
        facts += ["\(item.number). \(item.heading)", "Item " + item.id.rawValue]
        facts += item.steps + item.expected + item.record
        facts += checklist.results.map(\.rawValue)
      }
    }
    return facts
  }

  /// The text of each HTML file, as Python's HTML parser reads it (scripts and styles left out),
  /// whitespace collapsed.
  static let text = """
    import html.parser, json, sys
    class Text(html.parser.HTMLParser):
        def __init__(self):
            super().__init__(); self.parts = []; self.skip = 0
        def handle_starttag(self, tag, attrs):
            if tag in ("script", "style"): self.skip += 1
            self.parts.append(" ")
        def handle_endtag(self, tag):
            if tag in ("script", "style"): self.skip -= 1
            self.parts.append(" ")
        def handle_data(self, data):
            if not self.skip: self.parts.append(data)
    out = {}
    for path in sys.argv[1:]:
        reader = Text(); reader.feed(open(path, encoding="utf-8").read())
        out[path] = " ".join("".join(reader.parts).split())
    print(json.dumps(out, ensure_ascii=False))
    """

  /// The facts of `checklist` missing from its page's text and from its Markdown's.
  static func missing(_ checklists: [Checklist], page: (Checklist) -> String = { $0.html }) throws
    -> [String: [String]]
  {
    var files: [OutputFile] = []
    for (index, checklist) in checklists.enumerated() {
      files.append(OutputFile(path: "\(index).page.html", contents: page(checklist)))
      files.append(OutputFile(path: "\(index).md.html", contents: try WriterTests.render(checklist.markdown)))
    }
    let folder = try Oracles.folder(files)
    defer { try? FileManager.default.removeItem(at: folder) }
    let (status, output) = try Oracles.run(
      Self.text, files.map { folder.appendingPathComponent($0.path).path })
    try #require(status == 0, "\(output)")
    let texts = try #require(
      try JSONSerialization.jsonObject(with: Data(output.utf8)) as? [String: String])
    var missing: [String: [String]] = [:]
    for (index, checklist) in checklists.enumerated() {
      for kind in ["page", "md"] {
        let text = texts[folder.appendingPathComponent("\(index).\(kind).html").path] ?? ""
        for fact in facts(checklist) {
          let wanted = fact.split(whereSeparator: \.isWhitespace).joined(separator: " ")
          if !text.contains(wanted) { missing["\(checklist.session) \(kind)", default: []].append(fact) }
        }
      }
    }
    return missing
  }

  @Test(.needsCmarkGFM)
  func `the page and the Markdown hold every fact of the one model`() throws {
    let checklists = Checklists.render(
      plan: try Fixture.defaultPlan.get(), file: try Fixture.defaultFile.get())
    #expect(checklists.count == 16)
    // Not vacuous: the model has notes, keyboard identifiers, a pattern and record lines to check.
    #expect(checklists.contains { !$0.notes.isEmpty })
    #expect(checklists.allSatisfy { $0.items.allSatisfy { !$0.record.isEmpty } })
    let missing = try Self.missing(checklists)
    #expect(missing.isEmpty, "\(missing)")
  }

  @Test(.needsCmarkGFM)
  func `a page without its Record lines or its keyboard identifier is caught`() throws {
    let checklists = Checklists.render(plan: try SmallCase.plan(), file: try SmallCase.file())
    let first = try #require(checklists.first)
    // The page as the writer before issue 22 wrote it: no Record lists, no keyboard identifier.
    let missing = try Self.missing([first]) { checklist in
      var page = checklist.html
      while let start = page.range(of: "<h4>Record</h4>"),
        let end = page.range(of: "</ul>", range: start.upperBound..<page.endIndex)
      {
        page.removeSubrange(start.lowerBound..<end.upperBound)
      }
      return page.replacingOccurrences(of: "Keyboard identifier:", with: "")
    }
    let gone = Set(missing["\(first.session) page"] ?? [])
    #expect(gone.contains(try #require(first.items.first?.record.first)))
    #expect(gone.contains { $0.hasPrefix("Keyboard identifier: ") })
    #expect(missing["\(first.session) md"] == nil)
  }
}
