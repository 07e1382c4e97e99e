import Testing

@testable import Reporting
@testable import ScenarioEngine

/// Every artefact's writers go through one registry shape: identifiers round-trip, an unknown one is
/// named with the valid ones, and each writer writes the text its artefact renders.
struct WriterRegistryTests {
  @Test func `every registry's identifiers round-trip`() throws {
    #expect(Writers.plan.identifiers == ["table", "json", "markdown"])
    #expect(Writers.runResults.identifiers == ["json", "junit"])
    #expect(Writers.checklist.identifiers == ["markdown", "html"])
    #expect(Writers.report.identifiers == ReportWriters.identifiers)
    func check<Artefact>(_ registry: WriterRegistry<Artefact>) throws {
      #expect(Set(registry.identifiers).count == registry.all.count)
      for writer in registry.all {
        let found = try registry.writer(identifier: writer.identifier)
        #expect(ObjectIdentifier(found) == ObjectIdentifier(writer))
        #expect(!found.description.isEmpty)
      }
    }
    try check(Writers.plan)
    try check(Writers.runResults)
    try check(Writers.checklist)
    try check(Writers.report)
  }

  @Test func `an unknown format names the artefact and the valid ones`() {
    let error = #expect(throws: UnknownWriter.self) { try Writers.plan.writer(identifier: "html") }
    #expect(error?.message == "unknown plan format 'html'; expected 'json', 'markdown' or 'table'")
    let close = #expect(throws: UnknownWriter.self) { try Writers.checklist.writer(identifier: "htm") }
    #expect(close?.message == "unknown checklist format 'htm'; did you mean 'html'?")
  }

  @Test func `the plan writers write what the plan renders`() throws {
    let plan = try SmallCase.plan()
    #expect(try Writers.plan.text(plan, format: "table") == plan.table())
    #expect(try Writers.plan.text(plan, format: "json") == plan.json())
    #expect(try Writers.plan.text(plan, format: "markdown") == plan.markdown())
    #expect(
      try Writers.plan.files(plan, formats: Writers.plan.identifiers).map(\.path)
        == ["plan.txt", "plan.json", "plan.md"])
  }

  @Test func `the checklist writers write each session's two files`() throws {
    let checklists = Checklists.render(plan: try SmallCase.plan(), file: try SmallCase.file())
    let first = try #require(checklists.first)
    let files = try Writers.checklist.files(first, formats: Writers.checklist.identifiers)
    #expect(files.map(\.path) == [first.fileName, first.htmlFileName])
    #expect(files.map(\.contents) == [first.markdown, first.html])
    #expect(first.html.hasPrefix("<!DOCTYPE html>") || first.html.hasPrefix("<!doctype html>"))
  }

  @Test func `run results are written with the report's JUnit identities`() throws {
    let plan = try SmallCase.plan()
    let results = AcceptanceReport.makeRun(
      plan: plan, run: SmallCase.run(plan), generatedAt: nil, generatedFrom: .none)
    let junit = try Writers.runResults.text(results, format: "junit")
    #expect(junit == JUnitReportWriter.xml(results))
    let item = try #require(plan.items.first { $0.kind == .automated && $0.scenario == "c1" })
    // classname <kind>.<channel>.<check>, the item id as the name, the keyboard never in it.
    #expect(junit.contains("classname=\"automated.composition.c1\" name=\"\(item.id)\""))
    #expect(!junit.contains("name=\"\(item.id) "))
    let json = try Writers.runResults.text(results, format: "json")
    #expect(json == JSONReportWriter.json(results).rendered(trailingNewline: true))
    #expect(json.contains("\"scope\": \"run\""))
  }
}
